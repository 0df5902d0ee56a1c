import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedStore } from '../store/shared-store';
import { createScheduler } from './scheduler';

afterEach(() => {
  vi.useRealTimers();
});

describe('the scheduler', () => {
  it('skips a period when the shared store is away, without an unhandled rejection', async () => {
    vi.useFakeTimers();
    const store = {
      increment: vi.fn().mockRejectedValue(new Error('Connection is closed.')),
    } as unknown as SharedStore;
    const warn = vi.fn();
    const log = { warn, error: vi.fn() } as unknown as FastifyBaseLogger;
    const run = vi.fn(async () => undefined);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const scheduler = createScheduler(store, log);
      scheduler.add({ name: 'reminders', everyMs: 60_000, run });
      scheduler.start();
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.advanceTimersByTimeAsync(60_000);
      // Rejections are reported on a later turn of the event loop.
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      expect(run).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ job: 'reminders' }),
        expect.stringContaining('skipped'),
      );
      await scheduler.stop();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
