import type { Db } from '../../db/client';
import { jobFailures } from '../../db/schema';
import type { JobData, JobEngine, QueueLog } from './queue';

export interface JobFailure {
  job: string;
  engine: JobEngine;
  data: JobData;
  error: unknown;
  attempts: number;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message || error.name : String(error) || 'unknown error';

/** The record of a job whose last attempt failed; the database being away is logged instead. */
export async function recordJobFailure(db: Db, log: QueueLog, failure: JobFailure): Promise<void> {
  const error = messageOf(failure.error);
  log.error({ err: failure.error, job: failure.job, attempts: failure.attempts }, 'job failed for good');
  await db
    .insert(jobFailures)
    .values({
      job: failure.job,
      engine: failure.engine,
      data: failure.data,
      error,
      attempts: failure.attempts,
    })
    .catch((saveError: unknown) =>
      log.error({ err: saveError, job: failure.job }, 'could not record the failed job'),
    );
}
