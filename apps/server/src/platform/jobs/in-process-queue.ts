import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { recordJobFailure } from './job-failures';
import {
  assertNotStarted,
  DEFAULT_RETRY,
  MAX_RETRY_DELAY_SECONDS,
  offerEveryPeriod,
  type JobData,
  type JobHandler,
  type JobQueue,
  type QueueLog,
  type SendOptions,
  type WorkOptions,
} from './queue';

interface Worker {
  handler: JobHandler;
  options: Required<WorkOptions>;
}

/**
 * The embedded database's queue: PGlite lives in this one process, so this process is the only node.
 * Jobs run on a later turn of the event loop; a failed attempt is retried after a doubling delay and
 * the last failure is written to `job_failures`. A pending retry does not survive a restart (a
 * scheduled job is offered again in its next period).
 */
export function createInProcessQueue(options: { db: Db; log: QueueLog }): JobQueue {
  const { db, log } = options;
  const workers = new Map<string, Worker>();
  const schedules = new Map<string, number>();
  /** singleton key → the slot it last took */
  const slots = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopped = false;

  async function attempt(name: string, worker: Worker, data: JobData, attempts: number) {
    try {
      await worker.handler(data);
    } catch (error) {
      if (attempts > worker.options.retryLimit) {
        await recordJobFailure(db, log, { job: name, engine: 'in-process', data, error, attempts });
        return;
      }
      log.warn({ err: error, job: name, attempts }, 'job failed: it will be retried');
      const delay = Math.min(MAX_RETRY_DELAY_SECONDS, worker.options.retryDelaySeconds * 2 ** (attempts - 1));
      later(delay * 1000, () => attempt(name, worker, data, attempts + 1));
    }
  }

  function later(ms: number, run: () => Promise<void>) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      const work = run().finally(() => running.delete(work));
      running.add(work);
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function takesSlot(sendOptions: SendOptions): boolean {
    const { singletonKey, singletonSeconds } = sendOptions;
    if (singletonKey === undefined) return true;
    const slot = singletonSeconds ? Math.floor(Date.now() / 1000 / singletonSeconds) : 0;
    if (slots.get(singletonKey) === slot) return false;
    slots.set(singletonKey, slot);
    return true;
  }

  const queue: JobQueue = {
    engine: 'in-process',

    async send(name, data = {}, sendOptions = {}) {
      if (!started || stopped) throw new Error('the job queue is not running');
      const worker = workers.get(name);
      if (!worker) throw new Error(`no worker for the job ${name}`);
      if (!takesSlot(sendOptions)) return null;
      later(0, () => attempt(name, worker, data, 1));
      return randomUUID();
    },

    work<T extends JobData>(name: string, handler: JobHandler<T>, workOptions: WorkOptions = {}) {
      assertNotStarted(started, `the worker ${name}`);
      workers.set(name, {
        handler: handler as JobHandler,
        options: { ...DEFAULT_RETRY, ...workOptions },
      });
    },

    schedule(name, every) {
      assertNotStarted(started, `the schedule ${name}`);
      schedules.set(name, every.everyMs);
    },

    async start() {
      if (started) return;
      started = true;
      for (const [name, everyMs] of schedules)
        for (const timer of offerEveryPeriod(name, everyMs, queue.send, log)) timers.add(timer);
    },

    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (running.size > 0) await Promise.all(running);
    },
  };
  return queue;
}
