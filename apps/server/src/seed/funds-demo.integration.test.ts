import { ROLES, sumDecimals } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../test/factories';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { seedDemo } from './demo';

/*
 * Issue 20: the funds demo. The venture fund's money agrees with itself: three calls of 40%, 35% and 15%, all
 * paid, five management fees, one distribution and quarterly NAVs; investor@portico.test holds a commitment.
 */

let t: TestApp;
let admin: Agent;
const data = <T>(response: { body: string }) => (JSON.parse(response.body) as { data: T }).data;
type Kpis = {
  nav_on: string | null;
  fund: Record<string, string | null>;
  commitments: Array<{ investor: { name: string }; committed: string; value: string }>;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
}, 180_000);
afterAll(() => t.close());

describe('the funds demo', () => {
  it('has a live EIS fund raising and a 2021 venture fund called, paid and valued', async () => {
    const funds = data<Array<{ id: number; name: string; status: number }>>(
      await admin.get('/api/funds?sort=name'),
    );
    expect(funds.map((fund) => [fund.name, fund.status])).toEqual([
      ['Portico EIS Growth Fund', 2],
      ['Portico Ventures Fund I', 2],
    ]);
    const growth = data<Kpis>(await admin.get(`/api/funds/${funds[0]?.id}/kpis`));
    expect(growth.fund).toMatchObject({ committed: '70000.00', called: '0.00', paid_in: '0.00', tvpi: null });

    const ventures = data<Kpis>(await admin.get(`/api/funds/${funds[1]?.id}/kpis`));
    expect(ventures.fund).toMatchObject({
      committed: '600000.00',
      called: '540000.00',
      uncalled: '60000.00',
      paid_in: '540000.00',
      distributed: '96000.00',
      fees: '54000.00',
    });
    expect(ventures.nav_on).not.toBeNull();
    expect(ventures.fund.value).toBe(sumDecimals(ventures.commitments.map((row) => row.value)));
    expect(Number(ventures.fund.tvpi)).toBeGreaterThan(1);
    // eight companies: one exited (the distribution's source), one written off
    const portfolio = data<{
      companies: Array<{ name: string; status: string | null }>;
      totals: { cost: string; realised: string };
    }>(await admin.get(`/api/funds/${funds[1]?.id}/portfolio`));
    expect(portfolio.companies).toHaveLength(8);
    expect(portfolio.companies.filter((company) => company.status === 'exited')).toHaveLength(1);
    expect(portfolio.companies.filter((company) => company.status === 'written_off')).toHaveLength(1);
    expect(portfolio.totals).toMatchObject({ cost: '495000.00', realised: '168000.00' });
    const calls = data<Array<{ total: string; status: string }>>(
      await admin.get(`/api/funds/${funds[1]?.id}/capital-calls`),
    );
    expect(calls.map((call) => [call.total, call.status])).toEqual([
      ['90000.00', 'paid'],
      ['210000.00', 'paid'],
      ['240000.00', 'paid'],
    ]);
  });
});
