import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestApp;
let admin: Agent;
let investor: Agent;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  const login = async (email: string) => {
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no demo user ${email}`);
    return t.agent().login(row, DEMO_PASSWORD);
  };
  admin = await login('admin@portico.test');
  investor = await login('investor@portico.test');
}, 180_000);
afterAll(() => t.close());

describe('the KPI reports demo', () => {
  it('schedules the three existing investments quarterly, Fenwick overdue', async () => {
    const schedule = json<{ data: Array<{ name: string; state: string; frequency: string }> }>(
      await admin.get('/api/kpi-reports/schedule'),
    );
    const byName = new Map(schedule.data.map((row) => [row.name, row]));
    const fenwick = [...byName.values()].find((row) => row.name.toLowerCase().includes('fenwick'));
    expect(fenwick?.state).toBe('overdue');
    expect(schedule.data.filter((row) => row.frequency === 'quarter')).toHaveLength(3);
    expect(schedule.data.filter((row) => row.state === 'overdue')).toHaveLength(1);
  });

  it('gives the KPI portfolio eight quarters of revenue that trend', async () => {
    const portfolio = json<{
      data: Array<{ name: string; kpis: Array<{ name: string; trend: unknown[]; change: string | null }> }>;
    }>(await admin.get('/api/kpi-portfolio'));
    const harbour = portfolio.data.find((row) => row.name.toLowerCase().includes('harbour'));
    const revenue = harbour?.kpis.find((cell) => cell.name === 'Revenue');
    expect(revenue?.trend).toHaveLength(8);
    expect(revenue?.change).not.toBeNull();
  });

  it('shows the investor their holding’s KPIs and when it last reported', async () => {
    const { data } = json<{
      data: { holdings: Array<{ opportunity_id: number; slug: string; last_reported_on: string | null }> };
    }>(await investor.get('/api/portfolio'));
    const harbour = data.holdings.find((holding) => holding.slug === 'harbour-lane-coffee');
    expect(harbour?.last_reported_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const kpis = json<{ data: { series: Array<{ name: string; points: unknown[] }> } }>(
      await investor.get(`/api/portfolio/${harbour?.opportunity_id}/kpis`),
    );
    expect(kpis.data.series.find((series) => series.name === 'Revenue')?.points).toHaveLength(8);
  });
});
