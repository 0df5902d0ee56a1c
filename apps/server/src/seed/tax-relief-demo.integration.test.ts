import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxReliefCertificates, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { seedTaxReliefDemo } from './tax-relief-demo';

let t: TestApp;
let investor: Agent;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
type Line = { company_name: string; certificate: { status: string; reference: string | null } };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'investor@portico.test'));
  if (!row) throw new Error('no demo investor');
  investor = await t.agent().login(row, DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

describe('the tax relief demo', () => {
  it('gives investor@ EIS certificates received and awaited', async () => {
    const { data } = json<{ data: { lines: Line[] } }>(await investor.get('/api/portfolio/tax-relief'));
    const statuses = data.lines.map((line) => line.certificate.status);
    expect(statuses).toContain('received');
    expect(statuses).toContain('awaited');
    expect(data.lines.find((line) => line.certificate.status === 'received')?.certificate.reference).toMatch(
      /^EIS3\//,
    );
  });

  it('is idempotent', async () => {
    const before = await t.ctx.db.select().from(taxReliefCertificates);
    await seedTaxReliefDemo(t.ctx);
    expect(await t.ctx.db.select().from(taxReliefCertificates)).toHaveLength(before.length);
  });
});
