import { readFileSync } from 'node:fs';
import { ROLES } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadStatuses } from '../../db/schema';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

type LeadStatus = { id: number; name: string; is_default: boolean };
const data = <T>(response: { body: string }) => (JSON.parse(response.body) as { data: T }).data;
const defaults = async () =>
  (await t.ctx.db.select().from(leadStatuses)).filter((row) => row.is_default).map((row) => row.name);

describe('one default lead status', () => {
  it('keeps exactly one default when ten are added as the default at once', async () => {
    await admin.post('/api/lead-statuses', { name: 'Earlier', is_default: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        admin.post('/api/lead-statuses', { name: `Parallel ${index}`, is_default: true }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    const names = await defaults();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^Parallel \d$/);
  });

  it('keeps exactly one default when ten existing statuses are made the default at once', async () => {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        admin.post('/api/lead-statuses', { name: `Existing ${index}` }),
      ),
    );
    const ids = created.map((answer) => data<LeadStatus>(answer).id);
    const answers = await Promise.all(
      ids.map((id) => admin.patch(`/api/lead-statuses/${id}`, { is_default: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const names = await defaults();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^Existing \d$/);
  });

  it('refuses a second default written past the service: the database holds the rule', async () => {
    await expect(
      t.ctx.db.insert(leadStatuses).values([
        { name: 'Sneaky one', is_default: true },
        { name: 'Sneaky two', is_default: true },
      ]),
    ).rejects.toThrow();
    expect(await defaults()).toHaveLength(1);
  });

  it('has a migration that keeps the earliest of several defaults older data may hold', async () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0007_one_default_lead_status.sql', import.meta.url),
      'utf8',
    );
    await t.ctx.db.execute(sql`drop index lead_statuses_one_default`);
    await t.ctx.db.update(leadStatuses).set({ is_default: false });
    await t.ctx.db.insert(leadStatuses).values([
      { name: 'Old second', is_default: true, created_at: new Date('2024-02-01T00:00:00Z') },
      { name: 'Old first', is_default: true, created_at: new Date('2024-01-01T00:00:00Z') },
      { name: 'Old third', is_default: true, created_at: new Date('2024-03-01T00:00:00Z') },
    ]);
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.ctx.db.execute(sql.raw(statement));
    expect(await defaults()).toEqual(['Old first']);
  });
});
