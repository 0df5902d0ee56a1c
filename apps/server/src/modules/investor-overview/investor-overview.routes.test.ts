import {
  FIRST_INVESTMENT_COOLING_OFF_SECONDS,
  ROLES,
  type CreatedInvestment,
  type InvestorOverview,
  type Portfolio,
} from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdingTransactions, type OpportunityRow, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { categorise, readyInvestor } from '../investing/investing-fixtures';
import { createOpportunity, dayFromToday } from '../opportunity-lifecycle/lifecycle-fixtures';

let t: TestApp;
let admin: Agent;

const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

const overviewOf = async (agent: Agent) => {
  const response = await agent.get('/api/profile/overview');
  expect(response.statusCode, response.body).toBe(200);
  return data<InvestorOverview>(response);
};

const features = async (changes: Record<string, boolean>) => {
  const response = await admin.patch('/api/features', changes);
  expect(response.statusCode, response.body).toBe(200);
};

/** A live opportunity with its client account's bank details. */
const live = (overrides: Partial<OpportunityRow> = {}) =>
  createOpportunity(t.ctx.db, {
    status: 2,
    published_at: new Date(),
    minimum_investment: '1000.00',
    maximum_amount: '200000.00',
    target_amount: '100000.00',
    share_price: '1.000000',
    bank_account_name: 'Acme Client Account',
    bank_sort_code: '12-34-56',
    bank_account_number: '12345678',
    bank_iban: 'GB33BUKB20201555555555',
    bank_swift: 'BUKBGB22',
    ...overrides,
  });

const reserve = async (agent: Agent, opportunityId: number, amount: string) => {
  const response = await agent.post('/api/investments', { opportunity_id: opportunityId, amount });
  expect(response.statusCode, response.body).toBe(201);
  return data<CreatedInvestment>(response);
};

const cashCall = async (opportunityId: number, dueDate: string, message?: string) => {
  const response = await admin.post(`/api/opportunities/${opportunityId}/cash-calls`, {
    due_date: dueDate,
    ...(message ? { message } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
};

/** Shares allotted in an existing investment (a holding in the portfolio). */
async function hold(opportunityId: number, user: UserRow, shares: string, amount: string) {
  await t.ctx.db.insert(holdingTransactions).values({
    opportunity_id: opportunityId,
    user_id: user.id,
    kind: 'allotment',
    occurred_on: dayFromToday(-400),
    shares,
    amount,
    price: '1.000000',
  });
}

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
});
afterAll(() => t.close());

describe('GET /api/profile/overview', () => {
  it('answers only the investor’s own cash calls with amount, due date, bank details and reference', async () => {
    const opportunity = await live();
    const later = await live();
    const ivy = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Ivy Investor' });
    const otto = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Otto Other' });
    const ivyAgent = await t.as(ivy);
    const ottoAgent = await t.as(otto);
    const mine = await reserve(ivyAgent, opportunity.id, '50000.00');
    const second = await reserve(ivyAgent, later.id, '2000.00');
    const theirs = await reserve(ottoAgent, opportunity.id, '3000.00');
    // reserved, not yet called: nothing to pay
    expect((await overviewOf(ivyAgent)).cash_calls).toEqual([]);

    await cashCall(opportunity.id, dayFromToday(14), 'Completion is next month.');
    await cashCall(later.id, dayFromToday(7));

    const overview = await overviewOf(ivyAgent);
    // the earliest due first
    expect(overview.cash_calls.map((call) => call.investment_id)).toEqual([second.id, mine.id]);
    expect(overview.cash_calls[1]).toEqual({
      investment_id: mine.id,
      opportunity: {
        id: opportunity.id,
        slug: opportunity.slug,
        name: opportunity.name,
        company_name: opportunity.company_name,
        currency: 'GBP',
      },
      amount: '50000.00',
      paid_amount: '0.00',
      outstanding: '50000.00',
      due_date: dayFromToday(14),
      message: 'Completion is next month.',
      payment_reference: mine.payment_reference,
      bank_details: {
        account_name: 'Acme Client Account',
        sort_code: '12-34-56',
        account_number: '12345678',
      },
    });
    // another investor's cash call on the same opportunity never appears, and the other way round
    const ottos = await overviewOf(ottoAgent);
    expect(ottos.cash_calls.map((call) => call.investment_id)).toEqual([theirs.id]);
    expect(JSON.stringify(ottos)).not.toContain(mine.payment_reference ?? 'none');

    // part paid: what is left to pay
    const paid = await admin.post(`/api/investments/${mine.id}/payments`, {
      amount: '20000.00',
      received_on: t.ctx.clock.today(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = (await overviewOf(ivyAgent)).cash_calls.find((call) => call.investment_id === mine.id);
    expect(after).toMatchObject({ amount: '50000.00', paid_amount: '20000.00', outstanding: '30000.00' });
  });

  it('hides the bank details and the payment reference by the flags, as the investment screens do', async () => {
    const opportunity = await live();
    const investor = await readyInvestor(t.ctx.db, t.ctx.clock);
    const agent = await t.as(investor);
    const created = await reserve(agent, opportunity.id, '1000.00');
    await cashCall(opportunity.id, dayFromToday(10));
    await features({ intl_bank_details_enabled: true });
    try {
      const [international] = (await overviewOf(agent)).cash_calls;
      expect(international?.bank_details).toEqual({
        account_name: 'Acme Client Account',
        sort_code: '12-34-56',
        account_number: '12345678',
        iban: 'GB33BUKB20201555555555',
        swift: 'BUKBGB22',
      });
      await features({ intl_bank_details_enabled: false, hide_bank_details: true });
      const [noBank] = (await overviewOf(agent)).cash_calls;
      expect(noBank).toMatchObject({ bank_details: null, payment_reference: created.payment_reference });
      await features({ hide_bank_details: false, hide_payment_reference: true });
      const [noReference] = (await overviewOf(agent)).cash_calls;
      expect(noReference?.payment_reference).toBeNull();
      expect(noReference?.bank_details).not.toBeNull();
      // the same as the investor's own investment screen shows
      const screen = data<{ payment_reference: string | null; bank_details: unknown }>(
        await agent.get(`/api/profile/investments/${created.id}`),
      );
      expect(screen.payment_reference).toBe(noReference?.payment_reference);
      expect(screen.bank_details).toEqual(noReference?.bank_details);
    } finally {
      await features({
        intl_bank_details_enabled: false,
        hide_bank_details: false,
        hide_payment_reference: false,
      });
    }
  });

  it('is for investors only: staff get 403, a visitor 401', async () => {
    for (const role of [ROLES.SUPER_ADMIN, ROLES.ENTREPRENEUR, ROLES.SUPPORT, ROLES.INVESTMENT_MANAGER]) {
      const staff = await t.as(await createStaff(t.ctx.db, role));
      expect((await staff.get('/api/profile/overview')).statusCode).toBe(403);
    }
    expect((await t.agent().get('/api/profile/overview')).statusCode).toBe(401);
  });

  it('answers an empty overview for a new investor', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    expect(await overviewOf(agent)).toEqual({
      cash_calls: [],
      pre_emptions: [],
      cooling_off: null,
      portfolio: { holdings: 0, totals_by_currency: [] },
    });
  });

  it('gives the portfolio’s totals per currency, never added across currencies', async () => {
    const pounds = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const dollars = await createOpportunity(t.ctx.db, {
      status: 6,
      share_price: '1.000000',
      currency: 'USD',
    });
    const investor = await createUser(t.ctx.db);
    const other = await createUser(t.ctx.db);
    await hold(pounds.id, investor, '1000', '1000.00');
    await hold(dollars.id, investor, '2500', '2500.00');
    await hold(pounds.id, other, '9000', '9000.00');
    const agent = await t.as(investor);
    const overview = await overviewOf(agent);
    const portfolio = data<Portfolio>(await agent.get('/api/portfolio'));
    expect(overview.portfolio.holdings).toBe(2);
    expect(overview.portfolio.totals_by_currency).toEqual(portfolio.totals_by_currency);
    expect(
      overview.portfolio.totals_by_currency.map(({ currency, invested, value }) => ({
        currency,
        invested,
        value,
      })),
    ).toEqual(
      expect.arrayContaining([
        { currency: 'GBP', invested: '1000.00', value: '1000.00' },
        { currency: 'USD', invested: '2500.00', value: '2500.00' },
      ]),
    );
    expect(overview.portfolio.totals_by_currency).toHaveLength(2);
  });

  it('lists the pre-emption choices still open with their deadline, until the investor chooses', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
    const holder = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Hal Holder' });
    const stranger = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Stan Stranger' });
    await hold(existing.id, holder, '1000', '1000.00');
    const round = await createOpportunity(t.ctx.db, {
      status: 2,
      published_at: new Date(),
      minimum_investment: '100.00',
      maximum_amount: '10000.00',
      target_amount: '8000.00',
      share_price: '1.000000',
    });
    const endsOn = dayFromToday(21, t.ctx.clock.now());
    const opened = await admin.post(`/api/opportunities/${round.id}/pre-emption`, {
      existing_investment_id: existing.id,
      ends_on: endsOn,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const agent = await t.as(holder);
    expect((await overviewOf(agent)).pre_emptions).toEqual([
      {
        opportunity: { id: round.id, slug: round.slug, name: round.name, currency: 'GBP' },
        existing_investment: { id: existing.id, name: existing.name },
        ends_on: endsOn,
        entitlement: '10000.00',
      },
    ]);
    expect((await overviewOf(await t.as(stranger))).pre_emptions).toEqual([]);
    const chosen = await agent.request({
      method: 'PUT',
      url: `/api/profile/pre-emption/${round.id}`,
      payload: { choice: 1 },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await overviewOf(agent)).pre_emptions).toEqual([]);
  });

  it('counts down the first investment’s cooling-off by the server’s clock, and drops it once over', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    await categorise(t.ctx.db, investor.id);
    const agent = await t.as(investor);
    expect((await overviewOf(agent)).cooling_off).toBeNull();
    const shown = await agent.post('/api/profile/first-investment-warning', {
      opportunity_id: opportunity.id,
      action: 'shown',
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const endsAt = data<{ cooling_off_ends_at: string }>(shown).cooling_off_ends_at;
    expect((await overviewOf(agent)).cooling_off).toEqual({
      ends_at: endsAt,
      seconds_left: FIRST_INVESTMENT_COOLING_OFF_SECONDS,
      opportunity_id: opportunity.id,
    });
    t.ctx.clock.advance(FIRST_INVESTMENT_COOLING_OFF_SECONDS - 60);
    expect((await overviewOf(agent)).cooling_off?.seconds_left).toBe(60);
    t.ctx.clock.advance(61);
    expect((await overviewOf(agent)).cooling_off).toBeNull();
  });
});
