import type { FastifyBaseLogger } from 'fastify';
import type { SharedStore } from '../store/shared-store';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Recurring work (expiring categorisations, reminders). Every node runs the timer; a lease in the
 * shared store lets only the first node in each period do the work, so nothing runs twice.
 */
export function createScheduler(store: SharedStore, log: FastifyBaseLogger) {
  const jobs: ScheduledJob[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();

  /** Runs a job now if no node has run it in this period. Answers whether this node ran it. */
  async function runOnce(job: ScheduledJob): Promise<boolean> {
    const seconds = Math.max(1, Math.floor(job.everyMs / 1000) - 1);
    const lease = await store.increment(`job-lease:${job.name}`, seconds);
    if (lease.count !== 1) return false;
    const work = job
      .run()
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'))
      .finally(() => running.delete(work));
    running.add(work);
    await work;
    return true;
  }

  /** From a timer: a store or database that is away skips this period, it never ends the process. */
  const tick = (job: ScheduledJob) => () =>
    void runOnce(job).catch((error: unknown) =>
      log.warn({ err: error, job: job.name }, 'scheduled job skipped: its lease could not be taken'),
    );

  return {
    add(job: ScheduledJob) {
      jobs.push(job);
    },
    runOnce,
    /** Each job once shortly after start-up, then every period. */
    start() {
      for (const job of jobs) {
        timers.push(setTimeout(tick(job), 5_000).unref());
        timers.push(setInterval(tick(job), job.everyMs).unref());
      }
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    },
    jobs: () => [...jobs],
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
