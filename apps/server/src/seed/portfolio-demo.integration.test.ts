import { sumDecimals } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestApp;
let investor: Agent;
type Holding = Record<string, string | number | null>;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'investor@portico.test'));
  if (!row) throw new Error('no demo investor');
  investor = await t.agent().login(row, DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

describe('the portfolio demo', () => {
  it('gives investor@ holdings in the three existing investments, with a gain, a loss and an exit', async () => {
    const { data } = json<{ data: { holdings: Holding[]; totals: Holding } }>(
      await investor.get('/api/portfolio'),
    );
    // the companies: the demo's fund commitment is a holding of its own (`kind` "fund", issue 20)
    const direct = data.holdings.filter((holding) => holding.kind === 'direct');
    const bySlug = new Map(direct.map((holding) => [holding.slug, holding]));
    expect([...bySlug.keys()].sort()).toEqual([
      'fenwick-medical-devices',
      'harbour-lane-coffee',
      'old-forge-brewing',
    ]);
    // Harbour Lane: 5,000 shares at £1.20, now £1.45, with a £100 dividend
    expect(bySlug.get('harbour-lane-coffee')).toMatchObject({
      invested: '6000.00',
      value: '7250.00',
      realised: '100.00',
    });
    // Fenwick: 4,000 at £2.75 and a 2,000 follow-on at £2.40, now £2.10: a loss
    expect(bySlug.get('fenwick-medical-devices')).toMatchObject({
      invested: '15800.00',
      shares: '6000.000000',
      value: '12600.00',
      unrealised: '-3200.00',
    });
    // Old Forge: 5,000 at £1.00 sold at £1.85 in the trade sale
    expect(bySlug.get('old-forge-brewing')).toMatchObject({
      shares: '0.000000',
      value: '0.00',
      realised: '9250.00',
      moic: '1.85',
    });
    for (const holding of direct) expect(holding.xirr, String(holding.slug)).not.toBeNull();
    expect(sumDecimals(direct.map((holding) => String(holding.invested)))).toBe('26800.00');
    // the totals span the companies and the fund
    expect(data.holdings.filter((holding) => holding.kind === 'fund').map((holding) => holding.name)).toEqual(
      ['Portico Ventures Fund I'],
    );
    expect(data.totals.invested).toBe(sumDecimals(data.holdings.map((holding) => String(holding.invested))));
    const history = json<{ data: { points: unknown[] } }>(await investor.get('/api/portfolio/history')).data
      .points;
    expect(history.length).toBeGreaterThan(5);
    // monthly price histories that go up and down
    for (const [slug, least] of [
      ['harbour-lane-coffee', 4],
      ['fenwick-medical-devices', 8],
    ] as const) {
      const holding = bySlug.get(slug);
      const detail = json<{ data: { prices: Array<{ price: string }> } }>(
        await investor.get(`/api/portfolio/${String(holding?.opportunity_id)}`),
      ).data;
      const prices = detail.prices.map((row) => Number(row.price));
      expect(prices.length, slug).toBeGreaterThan(least);
      expect(
        prices.some((price, index) => index > 0 && price > (prices[index - 1] ?? 0)),
        slug,
      ).toBe(true);
      expect(
        prices.some((price, index) => index > 0 && price < (prices[index - 1] ?? 0)),
        slug,
      ).toBe(true);
    }
  });

  it('keeps a corrected price in Old Forge’s history, and values nothing at it', async () => {
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@portico.test'));
    if (!admin) throw new Error('no demo admin');
    const staff = await t.agent().login(admin, DEMO_PASSWORD);
    const { data: portfolio } = json<{ data: { holdings: Holding[] } }>(await investor.get('/api/portfolio'));
    const forge = portfolio.holdings.find((holding) => holding.slug === 'old-forge-brewing');
    const performance = json<{
      data: {
        prices: Array<{
          id: number;
          price: string;
          replaced_at: string | null;
          superseded_by_id: number | null;
        }>;
      };
    }>(await staff.get(`/api/existing-investments/${String(forge?.opportunity_id)}/performance`)).data;
    const replaced = performance.prices.filter((row) => row.replaced_at !== null);
    expect(replaced).toHaveLength(1);
    const correction = performance.prices.find((row) => row.id === replaced[0]?.superseded_by_id);
    expect(correction?.replaced_at).toBeNull();
    // the investor sees only the prices in force
    const detail = json<{ data: { prices: Array<{ price: string }> } }>(
      await investor.get(`/api/portfolio/${String(forge?.opportunity_id)}`),
    ).data;
    expect(detail.prices.map((row) => row.price)).not.toContain(replaced[0]?.price);
  });
});
