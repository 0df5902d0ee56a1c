import type {
  InsiderRegisterEntry,
  InvestorMarketSoundingListItem,
  MarketSounding,
  MarketSoundingDetail,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketSoundingEvents, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedMarketSoundingsDemo } from './market-soundings-demo';

let t: TestApp;
let admin: Agent;
let investor: Agent;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

async function login(email: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo user ${email}`);
  return t.agent().login(row, DEMO_PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  admin = await login('admin@portico.test');
  investor = await login('investor@portico.test');
}, 180_000);
afterAll(() => t.close());

describe('the market soundings demo', () => {
  it('has the feature on, an open sounding in three states and a cleansed one', async () => {
    const list = json<{ data: MarketSounding[] }>(await admin.get('/api/market-soundings'));
    expect(list.data).toHaveLength(2);
    const [open, cleansed] = list.data;
    expect(open?.cleansed_at).toBeNull();
    expect(open?.counts).toEqual({ invited: 3, viewed: 2, accepted: 1, declined: 1, answered: 1 });
    expect(cleansed?.cleansed_at).not.toBeNull();
    const detail = json<{ data: MarketSoundingDetail }>(
      await admin.get(`/api/market-soundings/${open?.id}`),
    ).data;
    const states = Object.fromEntries(
      detail.recipients.map((r) => [r.investor.email, [r.status, r.response]]),
    );
    expect(states['investor@portico.test']).toEqual(['accepted', 1]);
    expect(states['investor2@portico.test']).toEqual(['declined', null]);
    expect(Object.values(states)).toContainEqual(['invited', null]);
  });

  it('shows investor@ both soundings with their details, and the register both acceptances', async () => {
    const own = json<{ data: InvestorMarketSoundingListItem[] }>(
      await investor.get('/api/profile/market-soundings'),
    );
    expect(own.data).toHaveLength(2);
    expect(own.data.every((row) => row.accepted === true && row.subject_name)).toBe(true);
    const register = json<{ data: InsiderRegisterEntry[] }>(await admin.get('/api/insider-register'));
    expect(register.data.map((row) => row.investor.email)).toEqual([
      'investor@portico.test',
      'investor@portico.test',
    ]);
  });

  it('is idempotent', async () => {
    const before = await t.ctx.db.select().from(marketSoundingEvents);
    await seedMarketSoundingsDemo(t.ctx);
    expect(await t.ctx.db.select().from(marketSoundingEvents)).toHaveLength(before.length);
  });
});
