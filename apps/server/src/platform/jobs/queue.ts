import type { FastifyBaseLogger } from 'fastify';
import type { JOB_ENGINES } from '../../db/schema';

export type JobEngine = (typeof JOB_ENGINES)[number];
export type JobData = Record<string, unknown>;
export type JobHandler<T extends JobData = JobData> = (data: T) => Promise<void>;

export interface SendOptions {
  /** at most one job with this key in each slot of `singletonSeconds`, however many nodes send it */
  singletonKey?: string;
  singletonSeconds?: number;
}

export interface WorkOptions {
  /** attempts after the first, each later than the one before (exponential backoff) */
  retryLimit?: number;
  /** the first retry's delay; each next one doubles it, up to ten minutes */
  retryDelaySeconds?: number;
}

export const DEFAULT_RETRY: Required<WorkOptions> = { retryLimit: 3, retryDelaySeconds: 5 };
export const MAX_RETRY_DELAY_SECONDS = 600;

/**
 * Background work (decision 034). Workers and schedules are registered before `start()`; a job is
 * retried with backoff and, when its last attempt fails, written to `job_failures`.
 * pg-boss on a PostgreSQL server (any node may work any job), an in-process runner on PGlite.
 */
export interface JobQueue {
  readonly engine: JobEngine;
  /** Queues a job; null when a job with the same singleton key already holds this slot. */
  send: (name: string, data?: JobData, options?: SendOptions) => Promise<string | null>;
  work: <T extends JobData>(name: string, handler: JobHandler<T>, options?: WorkOptions) => void;
  /** One job each period, however many nodes run: every node offers it, the first one in a slot wins. */
  schedule: (name: string, every: { everyMs: number }) => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export interface QueueLog {
  warn: FastifyBaseLogger['warn'];
  error: FastifyBaseLogger['error'];
}

/** Throws on a registration after start: a worker added then would never be polled on pg-boss. */
export function assertNotStarted(started: boolean, what: string) {
  if (started) throw new Error(`register ${what} before the job queue starts`);
}

/** The singleton slot of a schedule: the period in whole seconds. */
export const periodSeconds = (everyMs: number) => Math.max(1, Math.floor(everyMs / 1000));

/**
 * Offers a scheduled job twice a period (so every slot gets an offer even when timers drift), and
 * shortly after start-up. A queue that is away skips the offer; it never ends the process.
 */
export function offerEveryPeriod(
  name: string,
  everyMs: number,
  send: JobQueue['send'],
  log: QueueLog,
): NodeJS.Timeout[] {
  const offer = () =>
    void send(name, {}, { singletonKey: name, singletonSeconds: periodSeconds(everyMs) }).catch(
      (error: unknown) => log.warn({ err: error, job: name }, 'scheduled job skipped: the queue is away'),
    );
  return [
    setTimeout(offer, Math.min(5_000, everyMs)).unref(),
    setInterval(offer, Math.max(500, Math.floor(everyMs / 2))).unref(),
  ];
}
