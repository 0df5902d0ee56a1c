import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerTaskRef } from './worker-task';

/** Why a task ended without its result: its code threw, its thread died, it ran too long, or we closed. */
export type WorkerFailureReason = 'failed' | 'crashed' | 'timed-out' | 'closed';

export class WorkerTaskError extends Error {
  constructor(
    readonly reason: WorkerFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

/** A task that failed because the server is stopping: a 503 to the caller, not the input's fault. */
export const isShutdown = (error: unknown) => error instanceof WorkerTaskError && error.reason === 'closed';

export interface RunOptions<Item> {
  /** items sent to the task while it runs (an export's rows, batch by batch) */
  feed?: AsyncIterable<Item>;
  /** the thread is stopped and the task fails after this long */
  timeoutMs?: number;
}

export interface WorkerPoolOptions {
  /** threads running at once; tasks beyond wait their turn */
  size?: number;
  /** the heap one thread may use: a file that would need more fails its task, not the process */
  maxHeapMb?: number;
  /** an idle thread is stopped after this long, giving its memory back */
  idleMs?: number;
}

export interface WorkerPool {
  /** the task by its address (workerTaskRef), so this thread never loads the task's module */
  run<Input, Output, Item = never>(
    task: WorkerTaskRef<Input, Output, Item>,
    input: Input,
    options?: RunOptions<Item>,
  ): Promise<Output>;
  /** tasks running now (tests and diagnostics) */
  readonly active: number;
  /** tasks ever started on a thread */
  readonly started: number;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  /** the task running on it, when one is */
  settle?: ((answer: FromWorker | WorkerTaskError) => void) | undefined;
  idle?: NodeJS.Timeout | undefined;
}

const ENTRY_URL = new URL('./worker-entry.ts', import.meta.url);
const ENTRY = ENTRY_URL.href;
// Under tsx and vitest the entry is TypeScript: a plain module teaches the thread tsx's loader first. The
// compiled server's entry (build.mjs) is JavaScript, and the thread starts on it directly.
const BOOTSTRAP = ENTRY_URL.pathname.endsWith('.ts')
  ? new URL('./worker-bootstrap.mjs', import.meta.url)
  : ENTRY_URL;
const DEFAULT_TIMEOUT_MS = 120_000;
const shuttingDown = () => new WorkerTaskError('closed', 'the server is shutting down');

/** One thread for every core but the one the event loop needs, at least one, at most four. */
const defaultPoolSize = () => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * CPU-heavy work (reading an import file, writing an export) off the event loop, on a few reused
 * threads. A task that throws, a thread that dies or runs out of memory, and a task that runs too long
 * each fail that task with a WorkerTaskError; the process and the other tasks carry on.
 */
export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const size = options.size ?? defaultPoolSize();
  const maxHeapMb = options.maxHeapMb ?? 768;
  const idleMs = options.idleMs ?? 30_000;
  const free: Slot[] = [];
  const busy = new Set<Slot>();
  const waiting: Array<(slot: Slot | WorkerTaskError) => void> = [];
  let threads = 0;
  let started = 0;
  let closed = false;

  function retire(slot: Slot) {
    clearTimeout(slot.idle);
    const index = free.indexOf(slot);
    if (index >= 0) free.splice(index, 1);
    if (busy.delete(slot) || index >= 0) threads -= 1;
    void slot.worker.terminate();
  }

  function spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, {
      workerData: { entry: ENTRY },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    const slot: Slot = { worker };
    threads += 1;
    worker.on('message', (answer: FromWorker) => slot.settle?.(answer));
    // Every way a thread can die ends its task; none of them reaches the process.
    worker.on('error', (error) => {
      slot.settle?.(new WorkerTaskError('crashed', error.message));
      retire(slot);
    });
    worker.on('exit', (code) => {
      slot.settle?.(
        closed
          ? shuttingDown()
          : new WorkerTaskError('crashed', `the worker thread stopped (exit code ${code})`),
      );
      retire(slot);
    });
    return slot;
  }

  function acquire(): Promise<Slot> {
    if (closed) return Promise.reject(shuttingDown());
    const slot = free.pop();
    if (slot) {
      clearTimeout(slot.idle);
      slot.worker.ref();
      busy.add(slot);
      return Promise.resolve(slot);
    }
    if (threads < size) {
      const fresh = spawn();
      busy.add(fresh);
      return Promise.resolve(fresh);
    }
    return new Promise((resolve, reject) =>
      waiting.push((next) => (next instanceof WorkerTaskError ? reject(next) : resolve(next))),
    );
  }

  function release(slot: Slot) {
    slot.settle = undefined;
    busy.delete(slot);
    const next = waiting.shift();
    if (next) {
      busy.add(slot);
      next(slot);
      return;
    }
    free.push(slot);
    // An idle thread never keeps the process alive.
    slot.worker.unref();
    slot.idle = setTimeout(() => retire(slot), idleMs);
    slot.idle.unref();
  }

  /** A dead or retired thread's turn goes to the next waiting task, on a fresh thread. */
  function refill() {
    while (waiting.length > 0 && threads < size && !closed) {
      const fresh = spawn();
      busy.add(fresh);
      waiting.shift()?.(fresh);
    }
  }

  async function run<Input, Output, Item>(
    task: WorkerTaskRef<Input, Output, Item>,
    input: Input,
    { feed, timeoutMs = DEFAULT_TIMEOUT_MS }: RunOptions<Item> = {},
  ): Promise<Output> {
    const slot = await acquire();
    if (closed) {
      retire(slot);
      throw shuttingDown();
    }
    started += 1;
    let healthy = true;
    try {
      const answer = await new Promise<FromWorker>((resolve, reject) => {
        const post = (message: ToWorker) => slot.worker.postMessage(message);
        try {
          post({ type: 'run', module: task.module, name: task.name, input });
        } catch (error) {
          // An input that cannot be copied to a thread never reached it: the thread is still good.
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        let settled = false;
        const fail = (error: Error) => {
          if (settled) return;
          healthy = false;
          settled = true;
          clearTimeout(timer);
          slot.settle = undefined;
          reject(error);
        };
        const timer = setTimeout(
          () => fail(new WorkerTaskError('timed-out', `the task ran for more than ${timeoutMs} ms`)),
          timeoutMs,
        );
        slot.settle = (result) => {
          if (result instanceof WorkerTaskError) return fail(result);
          settled = true;
          clearTimeout(timer);
          slot.settle = undefined;
          resolve(result);
        };
        if (!feed) return post({ type: 'end' });
        void (async () => {
          for await (const item of feed) {
            // The task answered (or failed) before the feed ran out: stop reading it.
            if (settled) return;
            post({ type: 'item', item });
          }
          if (!settled) post({ type: 'end' });
        })().catch((error: unknown) =>
          // The feed's own failure (a query) is the task's; the thread stops mid-task.
          fail(error instanceof Error ? error : new Error(String(error))),
        );
      });
      if (answer.type === 'failed') throw new WorkerTaskError('failed', answer.message);
      return answer.value as Output;
    } finally {
      if (healthy) release(slot);
      else {
        retire(slot);
        refill();
      }
    }
  }

  return {
    run,
    get active() {
      return busy.size;
    },
    get started() {
      return started;
    },
    async close() {
      closed = true;
      for (const next of waiting.splice(0)) next(shuttingDown());
      const all = [...free, ...busy];
      for (const slot of all) slot.settle?.(shuttingDown());
      await Promise.all(
        all.map((slot) => {
          retire(slot);
          return slot.worker.terminate();
        }),
      );
    },
  };
}
