import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PG_BOSS_SCHEMA } from './pg-boss-queue';

/** A real SMTP peer on loopback: each message it receives, by recipient. */
const received: string[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((address) => address.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

// Two nodes of one deployment on one PostgreSQL server (PGlite is one process: one node).
describe.runIf(usePostgres())('two nodes on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Portico <hello@portico.test>' };
    first = await createTestApp(env);
    second = await createTestApp(env, { shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('runs a scheduled job once in each period, however often both nodes offer it', async () => {
    const runs = { first: 0, second: 0 };
    // A period of one second: each node offers the job every half second, so over a few seconds
    // both nodes offer it several times in every period.
    const name = 'test.each-second';
    first.ctx.scheduler.add({ name, everyMs: 1000, run: async () => void (runs.first += 1) });
    second.ctx.scheduler.add({ name, everyMs: 1000, run: async () => void (runs.second += 1) });
    await Promise.all([first.ctx.jobs.start(), second.ctx.jobs.start()]);
    const jobs = async () =>
      rowsOf<{ state: string; slot: string; count: number }>(
        await first.ctx.db.execute(
          sql`select state, singleton_on::text as slot, count(*)::int as count
              from ${sql.raw(PG_BOSS_SCHEMA)}.job where name = ${name}
              group by state, singleton_on order by singleton_on`,
        ),
      );
    const completed = (rows: Awaited<ReturnType<typeof jobs>>) =>
      rows.filter((row) => row.state === 'completed').reduce((sum, row) => sum + row.count, 0);
    while (completed(await jobs()) < 3) await new Promise((resolve) => setTimeout(resolve, 200));
    // Stopping lets the jobs in hand finish; the offers stop with it.
    await Promise.all([first.ctx.jobs.stop(), second.ctx.jobs.stop()]);

    const rows = await jobs();
    expect(rows.every((row) => row.count === 1)).toBe(true); // one job per period
    expect(rows.filter((row) => row.state === 'active')).toEqual([]);
    expect(completed(rows)).toBeGreaterThanOrEqual(3);
    expect(runs.first + runs.second).toBe(completed(rows)); // each job ran on one node only
  });

  it('sends each outbox message once while both nodes drain the outbox at the same time', async () => {
    const addresses = Array.from({ length: 45 }, (_, index) => `two-nodes-${index}@example.test`);
    await first.ctx.mailer.queueMany(
      first.ctx.db,
      addresses.map((to) => ({
        to,
        subject: 'Your quarterly statement',
        text: 'Hello',
        html: '<p>Hello</p>',
      })),
    );
    const pending = async () =>
      (
        await first.ctx.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'queued'))
      ).length;
    while ((await pending()) > 0)
      await Promise.all([first.ctx.mailer.deliver(), second.ctx.mailer.deliver()]);

    expect([...received].sort()).toEqual([...addresses].sort());
    const rows = await first.ctx.db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to_address, addresses));
    expect(rows).toHaveLength(45);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
