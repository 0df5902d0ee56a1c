import type { PromotionException } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionExceptions, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedPromotionExceptionsDemo } from './promotion-exceptions-demo';

let t: TestApp;
let admin: Agent;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const idOf = async (email: string) => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}`);
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  admin = await t.agent().login(await idOf('admin@portico.test'), DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

describe('the financial promotion exemptions demo', () => {
  it('gives investor@ a valid exemption and last year’s expired one, with the feature off', async () => {
    const investor = await idOf('investor@portico.test');
    const response = await admin.get(`/api/investors/${investor.id}/promotion-exceptions`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json<{ data: PromotionException[] }>(response);
    expect(data.map((row) => row.status)).toEqual(['valid', 'expired']);
    const features = json<{ data: Record<string, boolean> }>(await admin.get('/api/branding')).data;
    expect(features.financial_promotion_exceptions_enabled).toBe(false);
  });

  it('once switched on, investor@ still sees the live opportunities; the default associates are chosen', async () => {
    const investor = await t.agent().login(await idOf('investor@portico.test'), DEMO_PASSWORD);
    const before = json<{ meta: { total: number } }>(await investor.get('/api/opportunities')).meta.total;
    expect(before).toBeGreaterThan(0);
    expect(
      (await admin.patch('/api/features', { financial_promotion_exceptions_enabled: true })).statusCode,
    ).toBe(200);
    const after = json<{ meta: { total: number } }>(await investor.get('/api/opportunities')).meta.total;
    expect(after).toBe(before);
    await admin.patch('/api/features', { financial_promotion_exceptions_enabled: false });
    const associates = json<{ data: { adviser: { name: string } | null } }>(
      await admin.get('/api/settings/default-investor-associates'),
    ).data;
    expect(associates.adviser?.name).toBe('Tom Fletcher');
  });

  it('is idempotent', async () => {
    const count = async () => (await t.ctx.db.select().from(promotionExceptions)).length;
    const first = await count();
    await seedPromotionExceptionsDemo(t.ctx);
    expect(await count()).toBe(first);
  });
});
