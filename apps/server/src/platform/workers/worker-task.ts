/**
 * Where a worker task is exported, and (for the compiler only) what it takes, is fed and answers: all
 * the pool needs to run it. A caller holds this rather than the task, so the task's module, and the
 * libraries it uses, load on the worker threads alone.
 */
export interface WorkerTaskRef<Input, Output, Item = never> {
  /** the file URL of the module that exports it */
  readonly module: string;
  /** the name it is exported under */
  readonly name: string;
  /** never set: carries the task's types */
  readonly types?: (input: Input, feed: AsyncIterable<Item>) => Promise<Output>;
}

/**
 * A piece of CPU-heavy work that runs on a worker thread: a named export of its own module, so the
 * worker can import it by URL. It is a plain function of its input (and of a feed of items the caller
 * sends while it runs), so the same code runs in-thread in a unit test.
 */
export interface WorkerTask<Input, Output, Item = never, Name extends string = string> extends WorkerTaskRef<
  Input,
  Output,
  Item
> {
  readonly name: Name;
  readonly run: (input: Input, feed: AsyncIterable<Item>) => Promise<Output>;
}

/** `export const parseTask = defineWorkerTask(import.meta.url, 'parseTask', async (input) => …)` */
export function defineWorkerTask<Input, Output, Item = never, Name extends string = string>(
  module: string,
  name: Name,
  run: (input: Input, feed: AsyncIterable<Item>) => Promise<Output>,
): WorkerTask<Input, Output, Item, Name> {
  return { module, name, run };
}

type RefTo<Task> =
  Task extends WorkerTask<infer Input, infer Output, infer Item, string>
    ? WorkerTaskRef<Input, Output, Item>
    : never;

/**
 * A task's address, typed by the task, without loading its module on this thread:
 * `import type { parseTask } from './parse'` then
 * `workerTaskRef<typeof parseTask>(new URL('./parse.ts', import.meta.url), 'parseTask')`.
 */
export function workerTaskRef<Task extends WorkerTask<never, unknown, never>>(
  module: URL,
  name: Task['name'],
): RefTo<Task> {
  // The compiler checks the name against the task's own; a wrong URL fails the task on its thread.
  return { module: module.href, name } as RefTo<Task>;
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
