import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerTaskError, type WorkerPool } from './worker-pool';
import { workerTaskRef } from './worker-task';
import {
  echoTask,
  exitTask,
  hogTask,
  neverTask,
  sumTask,
  throwTask,
  waitForFlagTask,
} from './worker-pool.test-fixtures';

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const failureOf = async (promise: Promise<unknown>) => {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WorkerTaskError);
  return error as WorkerTaskError;
};

// Each test starts threads (each loads the task modules through tsx): seconds on a busy 2-core machine.
describe('the worker pool', { timeout: 30_000 }, () => {
  it('runs a task on another thread while this event loop keeps going', async () => {
    pool = createWorkerPool({ size: 1 });
    const flag = new SharedArrayBuffer(8);
    const view = new Int32Array(flag);
    const result = pool.run(waitForFlagTask, { flag });
    // Only this thread's event loop can release the task: on this thread it would never finish.
    while (Atomics.load(view, 1) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pool.active).toBe(1);
    Atomics.store(view, 0, 1);
    Atomics.notify(view, 0);
    expect(await result).toBe('released');
    expect(pool.active).toBe(0);
  });

  it('feeds a task items while it runs, and hands back its buffer', async () => {
    pool = createWorkerPool({ size: 1 });
    async function* batches() {
      for (let start = 0; start < 1000; start += 100)
        yield Array.from({ length: 100 }, (_, index) => start + index);
    }
    const { sum, bytes } = await pool.run(sumTask, null, { feed: batches() });
    expect(sum).toBe((999 * 1000) / 2);
    expect(bytes).toHaveLength(1000);
  });

  it('runs a task by its address, which holds neither the task nor its code', async () => {
    pool = createWorkerPool({ size: 1 });
    const sum = workerTaskRef<typeof sumTask>(
      new URL('./worker-pool.test-fixtures.ts', import.meta.url),
      'sumTask',
    );
    expect(sum).toEqual({ module: sumTask.module, name: 'sumTask' });
    async function* batches() {
      yield [1, 2];
      yield [3];
    }
    expect(await pool.run(sum, null, { feed: batches() })).toEqual({
      sum: 6,
      bytes: new Uint8Array(3).fill(7),
    });
  });

  it('reuses its threads and queues tasks beyond its size', async () => {
    const twoThreads = createWorkerPool({ size: 2 });
    pool = twoThreads;
    const texts = Array.from({ length: 6 }, (_, index) => `task ${index}`);
    const answers = await Promise.all(texts.map((text) => twoThreads.run(echoTask, { text })));
    expect(answers.map((answer) => answer.text)).toEqual(texts.map((text) => text.toUpperCase()));
    expect(twoThreads.started).toBe(6);
  });

  it('fails only the task when it throws, its thread dies, it runs out of memory or runs too long', async () => {
    pool = createWorkerPool({ size: 1, maxHeapMb: 32 });
    expect(await failureOf(pool.run(throwTask, 'bad input'))).toMatchObject({
      reason: 'failed',
      message: 'bad input',
    });
    expect((await failureOf(pool.run(exitTask, null))).reason).toBe('crashed');
    expect((await failureOf(pool.run(hogTask, null))).reason).toBe('crashed');
    expect((await failureOf(pool.run(neverTask, null, { timeoutMs: 200 }))).reason).toBe('timed-out');
    // The pool still works after all of that, on a fresh thread.
    expect(await pool.run(echoTask, { text: 'still here' })).toEqual({ text: 'STILL HERE' });
  });

  it('fails a task whose feed fails, with the feed’s error', async () => {
    pool = createWorkerPool({ size: 1 });
    async function* broken() {
      yield [1];
      throw new Error('the query failed');
    }
    await expect(pool.run(sumTask, null, { feed: broken() })).rejects.toThrow('the query failed');
    expect(await pool.run(echoTask, { text: 'after' })).toEqual({ text: 'AFTER' });
  });

  it('fails running and waiting tasks when it closes, and refuses new ones', async () => {
    pool = createWorkerPool({ size: 1 });
    const running = failureOf(pool.run(neverTask, null));
    const waiting = failureOf(pool.run(echoTask, { text: 'never runs' }));
    expect(pool.active).toBe(1);
    await pool.close();
    expect((await running).reason).toBe('closed');
    expect((await waiting).reason).toBe('closed');
    expect((await failureOf(pool.run(echoTask, { text: 'late' }))).reason).toBe('closed');
  });
});
