import type { PgBoss } from 'pg-boss';
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
  type WorkOptions,
} from './queue';

/** pg-boss keeps its tables in a schema of its own, beside ours. */
export const PG_BOSS_SCHEMA = 'pgboss';

interface Worker {
  handler: JobHandler;
  options: Required<WorkOptions>;
}

/**
 * pg-boss on the PostgreSQL server every node shares (decision 034): a job is fetched by one worker
 * on one node (`FOR UPDATE SKIP LOCKED`), retried by pg-boss with backoff, and kept as `failed` in
 * its table; its last failure is also written to `job_failures`. A schedule is one throttled job per
 * period (pg-boss's singleton slot), however many nodes offer it.
 */
export function createPgBossQueue(options: {
  url: string;
  db: Db;
  log: QueueLog;
  /**
   * how often an idle worker asks for work (JOB_POLL_SECONDS, 10 s: today's jobs recur every minute or more;
   * at pg-boss's 2 s the five workers kept an idle node at about 4.5 transactions a second); tests shorten it
   */
  pollingIntervalSeconds?: number;
}): JobQueue {
  const { db, log } = options;
  let boss: PgBoss | undefined;
  const workers = new Map<string, Worker>();
  const schedules = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  let starting: Promise<PgBoss> | undefined;

  async function run(name: string, worker: Worker, job: { data: JobData; retryCount: number }) {
    try {
      await worker.handler(job.data);
    } catch (error) {
      // retryCount counts the attempts before this one; past the limit pg-boss marks it failed.
      const attempts = job.retryCount + 1;
      if (job.retryCount >= worker.options.retryLimit)
        await recordJobFailure(db, log, { job: name, engine: 'pg-boss', data: job.data, error, attempts });
      else log.warn({ err: error, job: name, attempts }, 'job failed: it will be retried');
      throw error;
    }
  }

  /** pg-boss is loaded when a node starts its queue: the embedded database never pays for it (~8 MB). */
  async function begin(): Promise<PgBoss> {
    const { PgBoss } = await import('pg-boss');
    const started = new PgBoss({
      connectionString: options.url,
      schema: PG_BOSS_SCHEMA,
      application_name: 'portico-jobs',
      max: 3,
      // Recurrence is the singleton slot below; pg-boss's cron clock is not needed.
      schedule: false,
    });
    started.on('error', (error: unknown) => log.warn({ err: error }, 'job queue trouble'));
    boss = started;
    await started.start();
    const names = new Set([...workers.keys(), ...schedules.keys()]);
    for (const name of names) {
      const retry = workers.get(name)?.options ?? DEFAULT_RETRY;
      await started.createQueue(name, {
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: MAX_RETRY_DELAY_SECONDS,
      });
    }
    for (const [name, worker] of workers)
      await started.work<JobData>(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
        async (jobs) => {
          for (const job of jobs) await run(name, worker, job);
        },
      );
    for (const [name, everyMs] of schedules) timers.push(...offerEveryPeriod(name, everyMs, queue.send, log));
    return started;
  }

  const queue: JobQueue = {
    engine: 'pg-boss',

    async send(name, data = {}, sendOptions = {}) {
      if (!starting) throw new Error('the job queue is not running');
      return (await starting).send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
      });
    },

    work<T extends JobData>(name: string, handler: JobHandler<T>, workOptions: WorkOptions = {}) {
      assertNotStarted(starting !== undefined, `the worker ${name}`);
      workers.set(name, {
        handler: handler as JobHandler,
        options: { ...DEFAULT_RETRY, ...workOptions },
      });
    },

    schedule(name, every) {
      assertNotStarted(starting !== undefined, `the schedule ${name}`);
      schedules.set(name, every.everyMs);
    },

    async start() {
      starting ??= begin();
      await starting;
    },

    async stop() {
      if (!starting) return;
      await starting.catch(() => undefined);
      for (const timer of timers) clearTimeout(timer);
      timers.length = 0;
      // Lets the jobs in hand finish; an unfinished one is retried by another node once it expires.
      await boss?.stop({ graceful: true, timeout: 10_000 });
    },
  };
  return queue;
}
