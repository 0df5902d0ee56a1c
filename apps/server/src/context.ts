import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { createRateLimiter, type RateLimiter } from './platform/auth/rate-limiter';
import { createSessionManager, type SessionManager } from './platform/auth/sessions';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createJobQueue } from './platform/jobs/create-job-queue';
import type { JobQueue } from './platform/jobs/queue';
import { createScheduler, type Scheduler } from './platform/jobs/scheduler';
import { createMaintenance, type Maintenance } from './platform/maintenance';
import { createUrlSigner, type UrlSigner } from './platform/signed-urls';
import { createDatabaseStore } from './platform/store/database-store';
import { createRedisStore } from './platform/store/redis-store';
import type { SharedStore } from './platform/store/shared-store';
import { createLocalFanout, createRedisFanout } from './platform/realtime/fanout';
import { createPusherServer, type PusherServer } from './platform/realtime/pusher-server';
import { createLocalStorage } from './platform/storage/local-storage';
import { createS3Storage } from './platform/storage/s3-storage';
import type { Storage } from './platform/storage/storage';
import { createClock, type Clock } from './platform/time';
import { createWorkerPool, type WorkerPool } from './platform/workers/worker-pool';

/** The runtime parts every module uses, each with its embedded or production engine. */
export interface AppContext {
  readonly config: Config;
  readonly database: Database;
  readonly db: Db;
  readonly store: SharedStore;
  readonly sessions: SessionManager;
  readonly rateLimiter: RateLimiter;
  readonly mailer: Mailer;
  readonly signer: UrlSigner;
  readonly maintenance: Maintenance;
  readonly realtime: PusherServer;
  readonly storage: Storage;
  /** background jobs: pg-boss on PostgreSQL, in-process on PGlite (decision 034); started by main */
  readonly jobs: JobQueue;
  readonly scheduler: Scheduler;
  /** threads for CPU-heavy work (import files, exports), off the event loop */
  readonly workers: WorkerPool;
  /** the server's clock; movable only with TEST_CLOCK=1 */
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
}

export interface ContextOptions {
  /** an already-open database (tests open theirs from a snapshot) */
  database?: Database;
}

function createStorage(config: Config): Storage {
  const { S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (S3_BUCKET && S3_ENDPOINT && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY)
    return createS3Storage({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  return createLocalStorage(`${config.DATA_DIR}/uploads`);
}

export async function createContext(config: Config, log: FastifyBaseLogger, options: ContextOptions = {}) {
  const database =
    options.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite`, log }));
  const store = config.REDIS_URL
    ? createRedisStore(config.REDIS_URL, undefined, log)
    : createDatabaseStore(database.db);
  const jobs = createJobQueue(database, log, { pollingIntervalSeconds: config.JOB_POLL_SECONDS });
  const context: AppContext = {
    config,
    database,
    db: database.db,
    store,
    sessions: createSessionManager(store, config.SESSION_LIFETIME),
    rateLimiter: createRateLimiter(store),
    mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    signer: createUrlSigner(config.APP_KEY, config.APP_URL),
    maintenance: createMaintenance(store, config.MAINTENANCE),
    realtime: createPusherServer(
      { key: config.PUSHER_APP_KEY, secret: config.PUSHER_APP_SECRET },
      config.REDIS_URL ? createRedisFanout(config.REDIS_URL, log) : createLocalFanout(),
      log,
    ),
    storage: createStorage(config),
    jobs,
    scheduler: createScheduler(jobs),
    workers: createWorkerPool(),
    clock: createClock(config.TEST_CLOCK),
    log,
  };
  return context;
}

/** Stops everything the context started; `keepDatabase` for a second node sharing another's database. */
export async function closeContext(context: AppContext, { keepDatabase = false } = {}) {
  await context.jobs.stop();
  await context.workers.close();
  await context.realtime.close();
  await context.mailer.stop();
  await context.store.close();
  if (!keepDatabase) await context.database.close();
}
