// Node 20 cannot load a .ts worker entry: this plain module teaches the worker tsx's loader first,
// then imports the task's module (a file URL), under `tsx src/main.ts` and under vitest alike.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
