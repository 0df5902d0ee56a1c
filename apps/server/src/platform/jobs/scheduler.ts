import type { JobQueue } from './queue';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Recurring work (expiring categorisations, reminders, scheduled publications) on the job queue
 * (decision 034): each job once per period however many nodes run, retried when it fails, its last
 * failure recorded. Modules add their jobs while the app is built, before the queue starts.
 */
export function createScheduler(queue: JobQueue) {
  const jobs: ScheduledJob[] = [];
  return {
    add(job: ScheduledJob) {
      queue.work(job.name, () => job.run());
      queue.schedule(job.name, { everyMs: job.everyMs });
      jobs.push(job);
    },
    jobs: () => [...jobs],
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
