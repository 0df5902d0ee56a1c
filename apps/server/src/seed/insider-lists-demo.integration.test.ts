import type { InsiderEntry, InsiderList, InsiderListIndex } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insiderListEntries, marketSoundings, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedInsiderListsDemo } from './insider-lists-demo';

let t: TestApp;
let admin: Agent;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@portico.test'));
  if (!row) throw new Error('no demo admin');
  admin = await t.agent().login(row, DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

describe('the insider lists demo', () => {
  it('lists the sounded deal with two staff and the accepting investor, and a permanent insider', async () => {
    const index = json<{ data: InsiderListIndex }>(await admin.get('/api/insider-lists')).data;
    expect(index.lists).toHaveLength(1);
    const [summary] = index.lists;
    const [open] = await t.ctx.db.select().from(marketSoundings).orderBy(marketSoundings.id).limit(1);
    expect(summary).toMatchObject({ type: 'deal', id: open?.deal_id, insiders_count: 3 });
    expect(index.permanent.insiders_count).toBe(1);

    const list = json<{ data: InsiderList }>(await admin.get(`/api/insider-lists/deal/${summary?.id}`)).data;
    const byName = Object.fromEntries(
      list.entries.map((entry) => [`${entry.first_names} ${entry.surnames}`, entry]),
    );
    expect(byName['Alex Morgan']).toMatchObject({ source: 'manual', version: 2, person_kind: 'staff' });
    expect(byName['Daniel Hughes']).toMatchObject({ source: 'manual', version: 1 });
    const sounded = list.entries.find((entry) => entry.source === 'sounding');
    expect(sounded?.ceased_at).toBeNull();

    const history = json<{ data: InsiderEntry[] }>(
      await admin.get(`/api/insider-lists/entries/${byName['Alex Morgan']?.entry_id}/versions`),
    ).data;
    expect(history.map((version) => version.professional_phones)).toEqual([
      '+44 20 7946 0100',
      '+44 20 7946 0101',
    ]);

    const permanent = json<{ data: InsiderList }>(await admin.get('/api/insider-lists/permanent/0')).data;
    expect(permanent.entries.map((entry) => entry.surnames)).toEqual(['Okafor']);
    expect((await admin.get(`/api/insider-lists/deal/${summary?.id}/export.xlsx`)).statusCode).toBe(200);
  });

  it('is idempotent', async () => {
    const before = await t.ctx.db.select().from(insiderListEntries);
    await seedInsiderListsDemo(t.ctx);
    expect(await t.ctx.db.select().from(insiderListEntries)).toHaveLength(before.length);
  });
});
