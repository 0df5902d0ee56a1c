import { defineWorkerTask } from './worker-task';

/** Tasks the pool's own tests run on real threads. */

export const echoTask = defineWorkerTask(import.meta.url, 'echoTask', async (input: { text: string }) => ({
  text: input.text.toUpperCase(),
}));

/** Sums the numbers it is fed; answers how many came and a buffer of that many bytes. */
export const sumTask = defineWorkerTask(
  import.meta.url,
  'sumTask',
  async (_input: null, feed: AsyncIterable<number[]>) => {
    let sum = 0;
    let count = 0;
    for await (const batch of feed)
      for (const value of batch) {
        sum += value;
        count += 1;
      }
    return { sum, bytes: new Uint8Array(count).fill(7) };
  },
);

/**
 * Spins until the caller's thread writes 1 into the shared flag: it can only finish if the caller's
 * event loop keeps running while it works, i.e. if it is not on the caller's thread.
 */
export const waitForFlagTask = defineWorkerTask(
  import.meta.url,
  'waitForFlagTask',
  async (input: { flag: SharedArrayBuffer }) => {
    const flag = new Int32Array(input.flag);
    Atomics.store(flag, 1, 1); // started
    while (Atomics.load(flag, 0) === 0) Atomics.wait(flag, 0, 0, 5);
    return 'released';
  },
);

export const throwTask = defineWorkerTask(import.meta.url, 'throwTask', async (input: string) => {
  throw new Error(input);
});

/** Ends its thread outright, as a native crash would. */
export const exitTask = defineWorkerTask(import.meta.url, 'exitTask', async () => {
  process.exit(3);
});

/** Holds on to more memory than a thread may have. */
export const hogTask = defineWorkerTask(import.meta.url, 'hogTask', async () => {
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => `row ${index} ${kept.length}`));
});

export const neverTask = defineWorkerTask(
  import.meta.url,
  'neverTask',
  () => new Promise<never>(() => undefined),
);
