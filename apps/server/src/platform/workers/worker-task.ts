/**
 * A piece of CPU-heavy work that runs on a worker thread: a named export of its own module, so the
 * worker can import it by URL. It is a plain function of its input (and of a feed of items the caller
 * sends while it runs), so the same code runs in-thread in a unit test.
 */
export interface WorkerTask<Input, Output, Item = never> {
  /** the file URL of the module that exports it (its `import.meta.url`) */
  readonly module: string;
  /** the name it is exported under */
  readonly name: string;
  readonly run: (input: Input, feed: AsyncIterable<Item>) => Promise<Output>;
}

/** `export const parseTask = defineWorkerTask(import.meta.url, 'parseTask', async (input) => …)` */
export function defineWorkerTask<Input, Output, Item = never>(
  module: string,
  name: string,
  run: (input: Input, feed: AsyncIterable<Item>) => Promise<Output>,
): WorkerTask<Input, Output, Item> {
  return { module, name, run };
}

export const isWorkerTask = (value: unknown): value is WorkerTask<unknown, unknown, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  'run' in value &&
  typeof value.run === 'function' &&
  'module' in value &&
  typeof value.module === 'string';

/** Messages between the pool and a worker. One task runs on a worker at a time. */
export type ToWorker =
  | { type: 'run'; module: string; name: string; input: unknown }
  | { type: 'item'; item: unknown }
  | { type: 'end' };

export type FromWorker = { type: 'done'; value: unknown } | { type: 'failed'; message: string };
