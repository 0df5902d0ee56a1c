import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerEveryPeriod, type JobQueue, type QueueLog } from './queue';
import { createScheduler } from './scheduler';

afterEach(() => {
  vi.useRealTimers();
});

describe('the scheduler', () => {
  it('registers each job with the queue: a worker, and a schedule of its period', () => {
    const queue = { work: vi.fn(), schedule: vi.fn() } as unknown as JobQueue;
    const scheduler = createScheduler(queue);
    const run = vi.fn(async () => undefined);
    scheduler.add({ name: 'reminders', everyMs: 60_000, run });
    expect(queue.work).toHaveBeenCalledWith('reminders', expect.any(Function));
    expect(queue.schedule).toHaveBeenCalledWith('reminders', { everyMs: 60_000 });
    expect(scheduler.jobs().map((job) => job.name)).toEqual(['reminders']);
  });

  it('offers a job twice a period in one singleton slot, and skips an offer the queue refuses', async () => {
    vi.useFakeTimers();
    const send = vi.fn<JobQueue['send']>().mockRejectedValue(new Error('Connection terminated'));
    const warn = vi.fn();
    const log = { warn, error: vi.fn() } as unknown as QueueLog;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const timers = offerEveryPeriod('reminders', 60_000, send, log);
      await vi.advanceTimersByTimeAsync(5_000); // the first offer, shortly after start-up
      await vi.advanceTimersByTimeAsync(55_000); // two more in the first minute
      for (const timer of timers) clearTimeout(timer);
      // Rejections are reported on a later turn of the event loop.
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      expect(send).toHaveBeenCalledTimes(3);
      expect(send).toHaveBeenCalledWith('reminders', {}, { singletonKey: 'reminders', singletonSeconds: 60 });
      expect(warn).toHaveBeenCalledTimes(3);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ job: 'reminders' }),
        expect.stringContaining('skipped'),
      );
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
