import type { NewsItem } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateReports, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedFundUpdateReportsDemo } from './update-reports-demo';

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
    const all = await t.ctx.db.select().from(updateReports);
    // issue 19's six; the fund's report (issue 20) is the test below
    const rows = all.filter((row) => row.fund_id === null);
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
      [...all.filter((row) => row.status === 'live')]
        .sort((a, b) => Number(b.published_at) - Number(a.published_at) || b.id - a.id)
        .map((row) => row.title),
    );
    // two of the holdings' and news, and the fund's letter
    expect(data.filter((item) => item.read_at === null)).toHaveLength(3);
    expect(
      json<{ data: { unread: number } }>(await investor.get('/api/profile/news/unread-count')).data.unread,
    ).toBe(3);
  });

  it('seeds one live report about Portico Ventures Fund I, which investor@ reads from the fund, once', async () => {
    const rows = (await t.ctx.db.select().from(updateReports)).filter((row) => row.fund_id !== null);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ status: 'live', version: 1 });
    expect(row?.recipients).toBeGreaterThan(0);
    const { data } = json<{ data: NewsItem[] }>(
      await investor.get(`/api/profile/news?filter[fund_id]=${row?.fund_id}`),
    );
    expect(data.map((item) => [item.title, item.fund?.name])).toEqual([
      [row?.title, 'Portico Ventures Fund I'],
    ]);
    await seedFundUpdateReportsDemo(t.ctx);
    expect((await t.ctx.db.select().from(updateReports)).filter((r) => r.fund_id !== null)).toHaveLength(1);
  });
});
