import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { londonDate } from '../../platform/time';
import { insertInvestmentWithMoney } from '../investment-transactions/ledger';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

let t: TestApp;
let admin: Agent;

type Timeline = { data: Array<{ action: string; description: string }> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

async function timeline(url: string) {
  const response = await admin.get(`${url}?per_page=100`);
  expect(response.statusCode, response.body).toBe(200);
  return json<Timeline>(response).data;
}

describe('activity sentences in the opportunity’s currency (issue 18)', () => {
  it('says a EUR round’s payment in euros on the opportunity’s and the investor’s timelines', async () => {
    const opportunity = await createOpportunity(t.ctx.db, { status: 2, currency: 'EUR' });
    const investor = await createUser(t.ctx.db, { name: 'Erin Euro' });
    const investment = await insertInvestmentWithMoney(
      t.ctx.db,
      { opportunity_id: opportunity.id, user_id: investor.id, amount: '4000.00', shares: null },
      { received_on: londonDate(t.ctx.clock.now()) },
    );
    const paid = await admin.post(`/api/investments/${investment.id}/payments`, {
      amount: '1500',
      received_on: londonDate(t.ctx.clock.now()),
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const onOpportunity = await timeline(`/api/opportunities/${opportunity.id}/activity`);
    expect(onOpportunity.find((line) => line.action === 'opportunity.payment_received')?.description).toBe(
      'Payment of €1,500.00 received from Erin Euro (€1,500.00 of €4,000.00 paid)',
    );
    const onInvestor = await timeline(`/api/investors/${investor.id}/activity`);
    expect(onInvestor.find((line) => line.action === 'investor.payment_received')?.description).toBe(
      `Payment of €1,500.00 received for ${opportunity.name} (€1,500.00 of €4,000.00 paid)`,
    );
    expect(JSON.stringify([...onOpportunity, ...onInvestor])).not.toContain('£');
  });

  it('records the currency on every money row, from the cash call to the holding’s prices', async () => {
    const opportunity = await createOpportunity(t.ctx.db, {
      status: 2,
      currency: 'EUR',
      share_price: '2.000000',
    });
    const investor = await createUser(t.ctx.db, { name: 'Elsa Euro' });
    const today = londonDate(t.ctx.clock.now());
    const investment = await insertInvestmentWithMoney(
      t.ctx.db,
      { opportunity_id: opportunity.id, user_id: investor.id, amount: '4000.00', shares: '2000' },
      { received_on: today },
    );
    const steps = [
      await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
        due_date: today,
        investment_ids: [investment.id],
      }),
      await admin.post(`/api/investments/${investment.id}/payments`, { amount: '4000', received_on: today }),
      await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 4 }),
      await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 5 }),
      // the day before: completing the round priced today
      await admin.post(`/api/existing-investments/${opportunity.id}/share-prices`, {
        effective_on: londonDate(new Date(t.ctx.clock.now().getTime() - 86_400_000)),
        price: '2.5',
        kind: 'valuation',
      }),
      await admin.post(`/api/existing-investments/${opportunity.id}/transactions`, {
        kind: 'dividend',
        user_id: investor.id,
        occurred_on: today,
        amount: '25.00',
      }),
    ];
    for (const step of steps) expect(step.statusCode, step.body).toBeLessThan(300);

    const onOpportunity = await timeline(`/api/opportunities/${opportunity.id}/activity`);
    const onInvestor = await timeline(`/api/investors/${investor.id}/activity`);
    const said = (lines: Timeline['data'], action: string) =>
      lines.find((line) => line.action === action)?.description;
    expect(said(onOpportunity, 'opportunity.cash_call_issued')).toContain('€4,000.00 due by');
    expect(said(onInvestor, 'investor.cash_called')).toContain('€4,000.00 due by');
    expect(said(onOpportunity, 'opportunity.investment_paid')).toContain('€4,000.00 paid in full');
    expect(said(onInvestor, 'investor.shares_allotted')).toBe(
      `Allotted 2,000 shares in ${opportunity.name} for €4,000.00`,
    );
    expect(said(onOpportunity, 'opportunity.share_price_added')).toMatch(/^Share price added: €2\.50 /);
    expect(said(onOpportunity, 'opportunity.holding_dividend_added')).toContain('Elsa Euro: €25.00 on');
    expect(JSON.stringify([...onOpportunity, ...onInvestor])).not.toContain('£');
  });
});
