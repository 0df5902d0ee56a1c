import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
}, 120_000);
afterAll(() => t.close());

describe('the pre-emption demo', () => {
  it('has a live follow-on round of an investment investor@ holds, with choices in several states', async () => {
    const [round] = await t.ctx.db
      .select()
      .from(opportunities)
      .where(eq(opportunities.slug, 'harbour-lane-coffee-series-a'));
    expect(round).toMatchObject({ status: 2 });
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@portico.test'));
    if (!admin || !round) throw new Error('no demo admin or round');
    const staff = await t.agent().login(admin, DEMO_PASSWORD);
    const view = JSON.parse((await staff.get(`/api/opportunities/${round.id}/pre-emption`)).body) as {
      data: { holders: Array<{ user: { email: string }; choice: number; committed: string }>; open: boolean };
    };
    expect(view.data.open).toBe(true);
    const choices = new Set(view.data.holders.map((holder) => holder.choice));
    expect(choices).toEqual(new Set([1, 2, 5]));
    expect(view.data.holders.find((holder) => holder.user.email === 'investor@portico.test')?.choice).toBe(5);

    const [me] = await t.ctx.db.select().from(users).where(eq(users.email, 'investor@portico.test'));
    if (!me) throw new Error('no demo investor');
    const investor = await t.agent().login(me, DEMO_PASSWORD);
    const rights = JSON.parse((await investor.get('/api/profile/pre-emption')).body) as {
      data: Array<{ opportunity: { slug: string }; entitlement: string | null }>;
    };
    expect(rights.data).toHaveLength(1);
    expect(rights.data[0]?.opportunity.slug).toBe('harbour-lane-coffee-series-a');
    expect(rights.data[0]?.entitlement).toMatch(/^\d+\.\d\d$/);
  });
});
