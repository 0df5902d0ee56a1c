import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { installLastResort } from './last-resort';

function harness(shutdown: () => Promise<void>, timeoutMs?: number) {
  const target = new EventEmitter();
  const log = { fatal: vi.fn(), error: vi.fn() };
  const exit = vi.fn();
  installLastResort({ log, shutdown, exit, target, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  return { target, log, exit };
}

describe('the last-resort handler', () => {
  it('logs an uncaught exception, shuts down, then exits with 1', async () => {
    const order: string[] = [];
    const { target, log, exit } = harness(async () => {
      order.push('shutdown');
    });
    exit.mockImplementation(() => order.push('exit'));
    const error = new Error('boom');
    target.emit('uncaughtException', error);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(log.fatal).toHaveBeenCalledWith({ err: error }, expect.stringContaining('uncaught exception'));
    expect(order).toEqual(['shutdown', 'exit']);
  });

  it('handles an unhandled rejection the same way, once however many follow', async () => {
    const shutdown = vi.fn(async () => undefined);
    const { target, log, exit } = harness(shutdown);
    target.emit('unhandledRejection', new Error('first'));
    target.emit('unhandledRejection', new Error('second'));
    await vi.waitFor(() => expect(exit).toHaveBeenCalledTimes(1));
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(log.fatal).toHaveBeenCalledTimes(2);
  });

  it('exits even when the shutdown fails or hangs', async () => {
    const failing = harness(async () => {
      throw new Error('cannot close');
    });
    failing.target.emit('uncaughtException', new Error('boom'));
    await vi.waitFor(() => expect(failing.exit).toHaveBeenCalledWith(1));
    expect(failing.log.error).toHaveBeenCalled();

    const hanging = harness(() => new Promise<void>(() => undefined), 20);
    hanging.target.emit('uncaughtException', new Error('boom'));
    await vi.waitFor(() => expect(hanging.exit).toHaveBeenCalledWith(1));
  });
});
