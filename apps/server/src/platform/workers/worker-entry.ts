import { parentPort, type MessagePort } from 'node:worker_threads';
import { isWorkerTask, type FromWorker, type ToWorker } from './worker-task';

/**
 * The worker thread's side: imports a task's module (once per worker), runs it, and answers its
 * result. Items the pool sends while it runs are the task's feed, in order.
 */
function portOf(): MessagePort {
  if (!parentPort) throw new Error('worker-entry runs on a worker thread only');
  return parentPort;
}
const port = portOf();

let items: unknown[] = [];
let ended = false;
let wake: (() => void) | undefined;

async function* feed(): AsyncGenerator<unknown> {
  for (;;) {
    if (items.length > 0) {
      const batch = items;
      items = [];
      yield* batch;
    } else if (ended) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

function nudge() {
  const resolve = wake;
  wake = undefined;
  resolve?.();
}

/** A buffer the worker owns whole moves to the pool instead of being copied. */
const transferOf = (value: unknown): ArrayBuffer[] =>
  value instanceof Uint8Array &&
  value.buffer instanceof ArrayBuffer &&
  value.byteOffset === 0 &&
  value.byteLength === value.buffer.byteLength
    ? [value.buffer]
    : [];

async function run(message: Extract<ToWorker, { type: 'run' }>) {
  items = [];
  ended = false;
  const exported: unknown = ((await import(message.module)) as Record<string, unknown>)[message.name];
  if (!isWorkerTask(exported)) throw new Error(`${message.name} is not a worker task`);
  return exported.run(message.input, feed());
}

function fail(error: unknown) {
  const answer: FromWorker = {
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
  };
  port.postMessage(answer);
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'run':
      run(message).then((value) => {
        const answer: FromWorker = { type: 'done', value };
        try {
          port.postMessage(answer, transferOf(value));
        } catch (error) {
          // A result that cannot be copied back is the task's failure, not the thread's.
          fail(error);
        }
      }, fail);
      return;
    case 'item':
      items.push(message.item);
      nudge();
      return;
    case 'end':
      ended = true;
      nudge();
      return;
  }
});
