import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFailures } from '../../db/schema';
import { openTestDatabase, usePostgres, type TestDatabase } from '../../test/database';
import { createLogger } from '../../platform/logging';
import { createJobQueue } from './create-job-queue';
import { createInProcessQueue } from './in-process-queue';
import { createPgBossQueue } from './pg-boss-queue';
import type { JobQueue } from './queue';

const log = createLogger('silent');
let database: TestDatabase;
let queue: JobQueue;

/** What the handlers saw, by job name. */
const calls = new Map<string, number>();
const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1).get(name) ?? 0;

/** Waits for a condition the queue makes true in the background (no time is asserted). */
async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let tries = 0; tries < 300; tries += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const failureOf = (job: string) =>
  until(async () => {
    const [row] = await database.db
      .select()
      .from(jobFailures)
      .where(eq(jobFailures.job, job))
      .orderBy(desc(jobFailures.id));
    return row;
  }, `the failure of ${job}`);

beforeAll(async () => {
  database = await openTestDatabase();
  // The engine the app would pick, polling faster than its default so the test does not idle.
  queue = usePostgres()
    ? createPgBossQueue({ url: database.url ?? '', db: database.db, log, pollingIntervalSeconds: 0.5 })
    : createInProcessQueue({ db: database.db, log });
  queue.work(
    'test.always-fails',
    async () => {
      count('test.always-fails');
      throw new Error('the partner API answered 503');
    },
    { retryLimit: 2, retryDelaySeconds: 1 },
  );
  queue.work(
    'test.fails-once',
    async (data: { note?: string }) => {
      if (count('test.fails-once') === 1) throw new Error('a passing hiccup');
      calls.set(`done:${data.note ?? ''}`, 1);
    },
    { retryLimit: 2, retryDelaySeconds: 1 },
  );
  queue.work('test.once-a-period', async () => void count('test.once-a-period'));
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await database.drop();
});

describe('the job queue', () => {
  it('is pg-boss on a PostgreSQL server and the in-process runner on PGlite', () => {
    expect(createJobQueue(database, log).engine).toBe(usePostgres() ? 'pg-boss' : 'in-process');
    expect(queue.engine).toBe(usePostgres() ? 'pg-boss' : 'in-process');
  });

  it('retries a failing job and records its last failure with what it was given', async () => {
    expect(await queue.send('test.always-fails', { investor_id: 7 })).toEqual(expect.any(String));
    const failure = await failureOf('test.always-fails');
    expect(failure).toMatchObject({
      engine: queue.engine,
      data: { investor_id: 7 },
      error: 'the partner API answered 503',
      attempts: 3,
    });
    expect(calls.get('test.always-fails')).toBe(3);
  });

  it('records nothing for a job that succeeds on its retry', async () => {
    await queue.send('test.fails-once', { note: 'second time lucky' });
    await until(async () => calls.get('done:second time lucky'), 'the retry');
    expect(calls.get('test.fails-once')).toBe(2);
    const rows = await database.db.select().from(jobFailures).where(eq(jobFailures.job, 'test.fails-once'));
    expect(rows).toEqual([]);
  });

  it('takes one job per singleton slot, and refuses the rest of that slot', async () => {
    const slot = { singletonKey: 'test.once-a-period', singletonSeconds: 30 * 86_400 };
    const sent = await Promise.all([1, 2, 3].map(() => queue.send('test.once-a-period', {}, slot)));
    expect(sent.filter((id) => id !== null)).toHaveLength(1);
    await until(async () => calls.get('test.once-a-period'), 'the job');
    expect(await queue.send('test.once-a-period', {}, slot)).toBeNull();
    expect(calls.get('test.once-a-period')).toBe(1);
  });

  it('refuses a worker registered after it started', () => {
    expect(() => queue.work('test.late', async () => undefined)).toThrow(/before the job queue starts/);
  });
});
