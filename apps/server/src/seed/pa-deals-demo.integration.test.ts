import type { PaDeal } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paDealEvents, paDeals, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedPaDealsDemo } from './pa-deals-demo';

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

describe('the personal account dealing demo', () => {
  it('shows admin@ one deal approved and executed and one refused, decided by admin@ for others', async () => {
    const response = await admin.get('/api/pa-deals');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json<{ data: PaDeal[] }>(response);
    expect(data.map((deal) => deal.status).sort()).toEqual(['executed', 'refused']);
    const executed = data.find((deal) => deal.status === 'executed');
    expect(executed?.user.name).toBe('Grace Li');
    expect(executed?.events.map((event) => [event.kind, event.actor.name])).toEqual([
      ['approved', 'Alex Morgan'],
      ['executed', 'Grace Li'],
    ]);
    const refused = data.find((deal) => deal.status === 'refused');
    expect(refused?.user.name).toBe('Hugh Bennett');
    expect(refused?.events[0]).toMatchObject({ kind: 'refused', actor: { name: 'Alex Morgan' } });
    expect(refused?.events[0]?.reason).toBeTruthy();
  });

  it('is idempotent', async () => {
    await seedPaDealsDemo(t.ctx);
    expect(await t.ctx.db.select().from(paDeals)).toHaveLength(2);
    expect(await t.ctx.db.select().from(paDealEvents)).toHaveLength(3);
  });
});
