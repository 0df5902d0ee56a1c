import type { NewsItem } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateReports, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestApp;
let investor: Agent;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'investor@portico.test'));
  if (!row) throw new Error('no demo investor');
  investor = await t.agent().login(row, DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

describe('the update reports demo', () => {
  it('seeds six reports: two drafts, one general news and three about investor@’s holdings', async () => {
    const rows = await t.ctx.db.select().from(updateReports);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.status === 'draft')).toHaveLength(2);
    const live = rows.filter((row) => row.status === 'live');
    expect(live).toHaveLength(4);
    expect(live.filter((row) => row.opportunity_id === null)).toHaveLength(1);
    // spread over the last months, none in the future
    const days = live.map((row) => Math.round((Date.now() - Number(row.published_at)) / 86_400_000));
    expect(new Set(days).size, days.join(', ')).toBe(4);
    expect(Math.max(...days), days.join(', ')).toBeGreaterThan(60);
    expect(Math.min(...days), days.join(', ')).toBeGreaterThanOrEqual(0);

    const { data } = json<{ data: NewsItem[] }>(await investor.get('/api/profile/news'));
    expect(data.map((item) => item.title)).toEqual(
      [...live]
        .sort((a, b) => Number(b.published_at) - Number(a.published_at) || b.id - a.id)
        .map((row) => row.title),
    );
    expect(data.filter((item) => item.read_at === null)).toHaveLength(2);
    expect(
      json<{ data: { unread: number } }>(await investor.get('/api/profile/news/unread-count')).data.unread,
    ).toBe(2);
  });
});
