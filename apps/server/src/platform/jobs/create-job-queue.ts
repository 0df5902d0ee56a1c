import type { Database } from '../../db/client';
import { createInProcessQueue } from './in-process-queue';
import { createPgBossQueue } from './pg-boss-queue';
import type { JobQueue, QueueLog } from './queue';

/** pg-boss on a PostgreSQL server, the in-process runner on the embedded database (one process). */
export function createJobQueue(
  database: Database,
  log: QueueLog,
  options: { pollingIntervalSeconds?: number } = {},
): JobQueue {
  if (database.driver === 'postgres' && database.url)
    return createPgBossQueue({ url: database.url, db: database.db, log, ...options });
  return createInProcessQueue({ db: database.db, log });
}
