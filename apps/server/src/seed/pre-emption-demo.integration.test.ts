import { proRataShares, type CapTable } from '@portico/contracts';
import { eq, inArray } from 'drizzle-orm';
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
  it('gives every existing investment a full cap table: founders, other investors and an option pool', async () => {
    const existing = await t.ctx.db
      .select()
      .from(opportunities)
      .where(inArray(opportunities.status, [5, 6]));
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@portico.test'));
    if (!admin) throw new Error('no demo admin');
    const staff = await t.agent().login(admin, DEMO_PASSWORD);
    let withHolders = 0;
    for (const company of existing) {
      const table = (
        JSON.parse((await staff.get(`/api/existing-investments/${company.id}/cap-table`)).body) as {
          data: CapTable;
        }
      ).data;
      if (!table.holders.some((holder) => holder.source === 'platform')) continue;
      withHolders += 1;
      expect(new Set(table.holders.map((holder) => holder.kind))).toEqual(
        new Set(['platform', 'founder', 'investor', 'option_pool']),
      );
      expect(table.totals).toMatchObject({ percent_of_company: '100.00', percent_fully_diluted: '100.00' });
    }
    expect(withHolders).toBeGreaterThan(0);
  });

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
      data: {
        holders: Array<{
          user: { email: string };
          choice: number;
          committed: string;
          shares: string;
          entitlement_shares: string | null;
        }>;
        off_platform: Array<{ kind: string; shares: string; entitlement_shares: string | null }>;
        totals: { pre_emptive_shares: string };
        open: boolean;
      };
    };
    // Issue 18: the company's whole cap table, founders and an angel syndicate beside the platform's holders;
    // each entitlement is the round × their shares ÷ all issued shares carrying pre-emption, whole shares
    expect(view.data.off_platform.map((holder) => holder.kind).sort()).toEqual([
      'founder',
      'founder',
      'investor',
    ]);
    const whole = view.data.totals.pre_emptive_shares;
    for (const holder of [...view.data.holders, ...view.data.off_platform])
      expect(holder.entitlement_shares).toBe(
        proRataShares(holder.shares, whole, round.maximum_amount ?? '0', round.share_price ?? '1'),
      );
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
