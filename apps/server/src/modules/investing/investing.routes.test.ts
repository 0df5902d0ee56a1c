import {
  FIRST_INVESTMENT_COOLING_OFF_SECONDS,
  ROLES,
  type CreatedInvestment,
  type FirstInvestmentWarning,
  type InvestingContext,
  type ProfileInvestment,
} from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  firstInvestmentWarnings,
  investmentMethodEntities,
  investmentMethods,
  investments,
  investorProfiles,
  mailOutbox,
  nomineeClients,
  nominees,
  notifications,
  opportunities,
  opportunityInvitations,
  organisationLinks,
  organisations,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { rowsOf as rawRows } from '../../db/client';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createClientGroup, createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';
import { lockOpportunityRow, paymentReferenceFor } from '../investment-transactions/commitments';
import { categorise, readyInvestor } from './investing-fixtures';

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const errorsOf = (response: { body: string }) => json<Errors>(response).errors;
/** The one row an insert returned. */
function only<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('no row');
  return row;
}

/** A live opportunity: £1.25 a share, minimum £1,000, maximum £10,000 unless given. */
const live = (overrides: Partial<OpportunityRow> = {}) =>
  createOpportunity(t.ctx.db, {
    status: 2,
    published_at: new Date(),
    minimum_investment: '1000.00',
    maximum_amount: '10000.00',
    target_amount: '8000.00',
    share_price: '1.250000',
    ...overrides,
  });

const ready = (options: { firstTime?: boolean; name?: string } = {}) =>
  readyInvestor(t.ctx.db, t.ctx.clock, options);

const invest = (agent: Agent, body: Record<string, unknown>, key?: string) =>
  agent.post('/api/investments', body, key === undefined ? {} : { headers: { 'idempotency-key': key } });

const committed = async (id: number) =>
  data<{ committed_amount: string }>(await admin.get(`/api/opportunities/${id}`)).committed_amount;

const rowsOf = (opportunityId: number) =>
  t.ctx.db.select().from(investments).where(eq(investments.opportunity_id, opportunityId));

const features = async (changes: Record<string, boolean>) => {
  const response = await admin.patch('/api/features', changes);
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  admin = await t.as(adminUser);
});
afterAll(() => t.close());

describe('POST /api/investments', () => {
  it('reserves whole shares and answers the contract’s shape; the opportunity counts the money', async () => {
    const opportunity = await live();
    const investor = await ready();
    const agent = await t.as(investor);
    const response = await invest(agent, {
      opportunity_id: opportunity.id,
      amount: '5000.00',
      holding: { type: 'self' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = data<CreatedInvestment>(response);
    expect(created).toEqual({
      id: created.id,
      opportunity_id: opportunity.id,
      amount: '5000.00',
      shares: '4000.000000',
      status: 'reserved',
      holding: { type: 'self', id: null, name: 'In your own name' },
      payment_reference: paymentReferenceFor(opportunity.id, created.id),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/) as string,
      requested_amount: '5000.00',
      rounding_note: null,
    });
    expect(await committed(opportunity.id)).toBe('5000.00');
    const [row] = await rowsOf(opportunity.id);
    expect(row).toMatchObject({ user_id: investor.id, type: 'platform', terms_accepted_at: null });
  });

  it('rounds down to whole shares and says so', async () => {
    const opportunity = await live({ share_price: '3.000000' });
    const agent = await t.as(await ready());
    const created = data<CreatedInvestment>(
      await invest(agent, { opportunity_id: opportunity.id, amount: '2000.50' }),
    );
    expect(created).toMatchObject({ amount: '1998.00', shares: '666.000000', requested_amount: '2000.50' });
    expect(created.rounding_note).toBe(
      '£2,000.50 buys 666 whole shares at £3.00 each, so £1,998.00 is reserved.',
    );
  });

  it('is for investors only: staff get 403, a visitor 401', async () => {
    const opportunity = await live();
    const body = { opportunity_id: opportunity.id, amount: '5000.00' };
    expect((await invest(admin, body)).statusCode).toBe(403);
    const visitor = t.agent();
    await visitor.csrfCookie();
    expect((await invest(visitor, body)).statusCode).toBe(401);
    expect(await rowsOf(opportunity.id)).toHaveLength(0);
  });

  it('refuses an opportunity not open to the investor with one message, existing or not', async () => {
    const agent = await t.as(await ready());
    const draft = await live({ status: 1, published_at: null });
    const internal = await live({ status: 3 });
    for (const id of [draft.id, internal.id, 999_999_999]) {
      const response = await invest(agent, { opportunity_id: id, amount: '5000.00' });
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)).toEqual({ opportunity_id: ['This opportunity is not open to you.'] });
    }
    const closed = await live({ status: 4 });
    expect(errorsOf(await invest(agent, { opportunity_id: closed.id, amount: '5000.00' }))).toEqual({
      opportunity_id: ['This opportunity is no longer taking commitments.'],
    });
  });

  it('takes commitments to a Live - Internal opportunity from invited investors and group members', async () => {
    const internal = await live({ status: 3 });
    const direct = await ready();
    const member = await ready();
    const group = await createClientGroup(t.ctx.db, [member.id]);
    await t.ctx.db.insert(opportunityInvitations).values([
      { opportunity_id: internal.id, user_id: direct.id },
      { opportunity_id: internal.id, client_group_id: group.id },
    ]);
    for (const investor of [direct, member]) {
      const response = await invest(await t.as(investor), { opportunity_id: internal.id, amount: '1000' });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('names the figure when the amount is below the minimum, above what remains or less than a share', async () => {
    const opportunity = await live({ maximum_amount: '7500.00', target_amount: null });
    const agent = await t.as(await ready());
    const amount = async (value: string) =>
      errorsOf(await invest(agent, { opportunity_id: opportunity.id, amount: value })).amount;
    expect(await amount('999.99')).toEqual(['The minimum investment is £1,000.00.']);
    expect(await amount('0.00')).toEqual(['The amount field must be more than zero.']);
    expect(await amount('12.345')).toEqual([
      'The amount field must be an amount in pounds and pence, e.g. 2500 or 2500.50.',
    ]);
    expect((await invest(agent, { opportunity_id: opportunity.id, amount: '5000' })).statusCode).toBe(201);
    expect(await amount('3000.00')).toEqual(['Only £2,500.00 remains.']);
    expect((await invest(agent, { opportunity_id: opportunity.id, amount: '2500' })).statusCode).toBe(201);
    expect(await amount('1000.00')).toEqual([
      'This opportunity is fully committed: nothing remains to invest.',
    ]);
    expect(await committed(opportunity.id)).toBe('7500.00');

    const pricey = await live({ share_price: '3.000000', minimum_investment: '1000.00' });
    expect(errorsOf(await invest(agent, { opportunity_id: pricey.id, amount: '1001' })).amount).toEqual([
      'The minimum investment is £1,000.00: at £3.00 a share, invest at least £1,002.00.',
    ]);
    const noMinimum = await live({ share_price: '50.000000', minimum_investment: null });
    expect(errorsOf(await invest(agent, { opportunity_id: noMinimum.id, amount: '49.99' })).amount).toEqual([
      'At £50.00 a share, the smallest investment is £50.00.',
    ]);
  });

  it('lists what the investor has still to do, each a sentence, before anything is stored', async () => {
    const opportunity = await live();
    const uncategorised = await createUser(t.ctx.db);
    const response = await invest(await t.as(uncategorised), {
      opportunity_id: opportunity.id,
      amount: '5000',
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).investor).toEqual([
      'Investor categorisation: Tell us which kind of investor you are and sign the statement.',
      'Read the risk warning shown with the opportunity: your first investment opens 24 hours after you first see it.',
    ]);
    const outdatedTerms = await createUser(t.ctx.db, { accepted_terms_version: 0 });
    await categorise(t.ctx.db, outdatedTerms.id);
    const terms = errorsOf(
      await invest(await t.as(outdatedTerms), { opportunity_id: opportunity.id, amount: '5000' }),
    ).investor;
    expect(terms?.[0]).toBe('Terms and conditions: Read and accept the terms and conditions.');
    expect(await rowsOf(opportunity.id)).toHaveLength(0);
  });

  it('gives every refusal at once, each on its field', async () => {
    const opportunity = await live();
    const agent = await t.as(await createUser(t.ctx.db));
    const errors = errorsOf(
      await invest(agent, {
        opportunity_id: opportunity.id,
        amount: '10',
        holding: { type: 'investment_method', investment_method_entity_id: 1 },
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['amount', 'holding.investment_method_entity_id', 'investor']);
  });
});

describe('the first investment (COBS 4.12A)', () => {
  it('shows the personalised warning once, waits 24 hours by the server clock, then lets the investor invest', async () => {
    const opportunity = await live();
    const investor = await ready({ firstTime: true, name: 'Grace Hopper' });
    await t.ctx.db.insert(investorProfiles).values({ user_id: investor.id, first_name: 'Gracie' });
    const agent = await t.as(investor);
    const context = async () =>
      data<InvestingContext>(await agent.get(`/api/profile/investing/${opportunity.id}`));
    const warning = (action: string) =>
      agent.post('/api/profile/first-investment-warning', { opportunity_id: opportunity.id, action });
    const attempt = () => invest(agent, { opportunity_id: opportunity.id, amount: '2000' });

    const before = await context();
    expect(before).toMatchObject({
      can_invest: false,
      first_investment: true,
      risk_warning: {
        text: "Gracie, this is a high-risk investment. How would you feel if you lost the money you're about to invest? Take 2 min to learn more.",
        shown_at: null,
        acknowledged_at: null,
        cooling_off_ends_at: null,
      },
    });
    expect(before.reasons.map((reason) => reason.code)).toEqual(['risk_warning']);
    expect(errorsOf(await warning('acknowledged')).action).toEqual([
      'Read the risk warning before confirming that you have read it.',
    ]);

    const shown = data<FirstInvestmentWarning>(await warning('shown'));
    expect(shown.text).toBe(before.risk_warning?.text);
    // Counted by the server clock in whole seconds (a little of it passes while the test runs).
    const near = (seconds: number, expected: number) =>
      expect(seconds >= expected - 5 && seconds <= expected, `${seconds} ≈ ${expected}`).toBe(true);
    near(shown.cooling_off_seconds_left, FIRST_INVESTMENT_COOLING_OFF_SECONDS);
    expect(Date.parse(shown.cooling_off_ends_at) - Date.parse(shown.shown_at)).toBe(
      FIRST_INVESTMENT_COOLING_OFF_SECONDS * 1000,
    );
    t.ctx.clock.advance(3600);
    // A later view keeps the first one: the cooling-off never moves.
    const again = data<FirstInvestmentWarning>(await warning('shown'));
    expect(again.shown_at).toBe(shown.shown_at);
    near(again.cooling_off_seconds_left, FIRST_INVESTMENT_COOLING_OFF_SECONDS - 3600);

    const waiting = errorsOf(await attempt()).investor ?? [];
    expect(waiting[0]).toBe('Confirm that you have read the risk warning.');
    expect(waiting[1]).toMatch(
      /^Your first investment opens at \d\d:\d\d on \d{1,2} \w+ \d{4} \(UTC\), 24 hours after you first saw the risk warning\.$/,
    );
    const acknowledged = data<FirstInvestmentWarning>(await warning('acknowledged'));
    expect(acknowledged.acknowledged_at).not.toBeNull();
    t.ctx.clock.advance(60);
    expect(data<FirstInvestmentWarning>(await warning('acknowledged')).acknowledged_at).toBe(
      acknowledged.acknowledged_at,
    );
    const cooling = await context();
    expect(cooling.reasons.map((reason) => reason.code)).toEqual(['cooling_off']);
    near(cooling.cooling_off_seconds_left, FIRST_INVESTMENT_COOLING_OFF_SECONDS - 3660);
    expect(errorsOf(await attempt()).investor).toHaveLength(1);

    t.ctx.clock.advance(FIRST_INVESTMENT_COOLING_OFF_SECONDS - 3660 - 30);
    expect((await attempt()).statusCode).toBe(422);
    t.ctx.clock.advance(30);
    const open = await context();
    expect(open).toMatchObject({ can_invest: true, reasons: [], cooling_off_seconds_left: 0 });
    expect((await attempt()).statusCode).toBe(201);

    // Evidence for staff and the regulator: the exact text, when, and what the investor did.
    const [evidence] = await t.ctx.db
      .select()
      .from(firstInvestmentWarnings)
      .where(eq(firstInvestmentWarnings.user_id, investor.id));
    expect(evidence).toMatchObject({
      opportunity_id: opportunity.id,
      warning_text: before.risk_warning?.text,
    });
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'investor'), eq(auditLog.subject_id, investor.id)))
      .orderBy(auditLog.id);
    expect(actions.map((row) => row.action)).toEqual([
      'investor.risk_warning_shown',
      'investor.risk_warning_acknowledged',
      'investor.investment_reserved',
    ]);

    // Staff see the same evidence with the investor's onboarding.
    const onboarding = data<{ evidence: { first_investment_warning: unknown } }>(
      await admin.get(`/api/investors/${investor.id}/onboarding`),
    );
    expect(onboarding.evidence.first_investment_warning).toEqual({
      opportunity_id: opportunity.id,
      text: before.risk_warning?.text,
      shown_at: shown.shown_at,
      acknowledged_at: acknowledged.acknowledged_at,
      cooling_off_ends_at: shown.cooling_off_ends_at,
    });

    // Invested now: no more first-investment warning.
    expect((await context()).first_investment).toBe(false);
    expect(errorsOf(await warning('shown')).action).toEqual([
      'You have invested on this platform before: the first-investment warning and its cooling-off do not apply.',
    ]);
  });

  it('still applies to an investor whose only investment is a private_manual one, and never mentions it', async () => {
    const opportunity = await live();
    const investor = await ready({ firstTime: true });
    await t.ctx.db.insert(investments).values({
      opportunity_id: opportunity.id,
      user_id: investor.id,
      type: 'private_manual',
      amount: '1000.00',
      status: 'reserved',
    });
    const agent = await t.as(investor);
    const context = data<InvestingContext>(await agent.get(`/api/profile/investing/${opportunity.id}`));
    expect(context.first_investment).toBe(true);
    expect(context.reasons.map((reason) => reason.code)).toEqual(['risk_warning']);
    const shown = await agent.post('/api/profile/first-investment-warning', {
      opportunity_id: opportunity.id,
      action: 'shown',
    });
    expect(shown.statusCode, shown.body).toBe(200);
  });

  it('refuses the warning for an opportunity not open to the investor', async () => {
    const draft = await live({ status: 1 });
    const agent = await t.as(await ready({ firstTime: true }));
    const response = await agent.post('/api/profile/first-investment-warning', {
      opportunity_id: draft.id,
      action: 'shown',
    });
    expect(errorsOf(response)).toEqual({ opportunity_id: ['This opportunity is not open to you.'] });
    expect(
      errorsOf(
        await agent.post('/api/profile/first-investment-warning', {
          opportunity_id: draft.id,
          action: 'seen',
        }),
      ).action,
    ).toEqual(['The action must be shown or acknowledged.']);
  });
});

describe('investment terms', () => {
  it('needs terms_accepted when investment terms are on, and keeps when they were accepted', async () => {
    await features({ investment_terms_enabled: true });
    try {
      const opportunity = await live({ investment_terms: 'You agree to hold the shares for three years.' });
      const agent = await t.as(await ready());
      const context = data<InvestingContext>(await agent.get(`/api/profile/investing/${opportunity.id}`));
      expect(context).toMatchObject({
        terms_required: true,
        opportunity: { investment_terms: 'You agree to hold the shares for three years.' },
      });
      for (const accepted of [undefined, false]) {
        const response = await invest(agent, {
          opportunity_id: opportunity.id,
          amount: '1000',
          ...(accepted === undefined ? {} : { terms_accepted: accepted }),
        });
        expect(errorsOf(response)).toEqual({
          terms_accepted: ['Accept the investment terms to reserve your allocation.'],
        });
      }
      const created = data<CreatedInvestment>(
        await invest(agent, { opportunity_id: opportunity.id, amount: '1000', terms_accepted: true }),
      );
      const [row] = await t.ctx.db.select().from(investments).where(eq(investments.id, created.id));
      expect(row?.terms_accepted_at).toBeInstanceOf(Date);
    } finally {
      await features({ investment_terms_enabled: false });
    }
    const opportunity = await live({ investment_terms: 'Terms.' });
    const agent = await t.as(await ready());
    const context = data<InvestingContext>(await agent.get(`/api/profile/investing/${opportunity.id}`));
    expect(context).toMatchObject({ terms_required: false, opportunity: { investment_terms: null } });
    expect((await invest(agent, { opportunity_id: opportunity.id, amount: '1000' })).statusCode).toBe(201);
  });
});

describe('how the investment is held', () => {
  it('offers and accepts organisations, active entities and nominees by the features on', async () => {
    const opportunity = await live({ maximum_amount: '100000.00' });
    const investor = await ready();
    const agent = await t.as(investor);
    const organisation = only(
      await t.ctx.db.insert(organisations).values({ name: 'Hopper Holdings' }).returning(),
    );
    const stranger = only(
      await t.ctx.db.insert(organisations).values({ name: 'Someone Else Ltd' }).returning(),
    );
    await t.ctx.db
      .insert(organisationLinks)
      .values({ organisation_id: organisation.id, user_id: investor.id });
    const method = only(await t.ctx.db.insert(investmentMethods).values({ name: 'SIPP' }).returning());
    const [active, pending] = await t.ctx.db
      .insert(investmentMethodEntities)
      .values([
        { investment_method_id: method.id, user_id: investor.id, name: 'My SIPP', status: 'active' },
        { investment_method_id: method.id, user_id: investor.id, name: 'New ISA', status: 'pending' },
      ])
      .returning();
    const nominee = only(await t.ctx.db.insert(nominees).values({ name: 'Safe Nominees Ltd' }).returning());
    const otherNominee = only(await t.ctx.db.insert(nominees).values({ name: 'Other Nominees' }).returning());
    if (!active || !pending) throw new Error('no entities');
    await t.ctx.db.insert(nomineeClients).values({ nominee_id: nominee.id, user_id: investor.id });

    const attempt = (holding: Record<string, unknown>) =>
      invest(agent, { opportunity_id: opportunity.id, amount: '1000', holding });
    const options = async () =>
      data<InvestingContext>(await agent.get(`/api/profile/investing/${opportunity.id}`)).holding_options;

    await features({ organisation_links_enabled: false, nominee_enabled: false });
    expect(await options()).toEqual([
      { type: 'self', id: null, name: 'In your own name' },
      { type: 'investment_method', id: active.id, name: 'My SIPP' },
    ]);
    expect(errorsOf(await attempt({ type: 'organisation', organisation_id: organisation.id }))).toEqual({
      'holding.type': ['Investing through an organisation is not available on this platform.'],
    });
    expect(errorsOf(await attempt({ type: 'nominee', nominee_id: nominee.id }))).toEqual({
      'holding.type': ['Investing through a nominee is not available on this platform.'],
    });
    expect(
      errorsOf(await attempt({ type: 'investment_method', investment_method_entity_id: pending.id })),
    ).toEqual({
      'holding.investment_method_entity_id': [
        'Choose one of your investment-method accounts that is active.',
      ],
    });
    const viaEntity = data<CreatedInvestment>(
      await attempt({ type: 'investment_method', investment_method_entity_id: active.id }),
    );
    expect(viaEntity.holding).toEqual({ type: 'investment_method', id: active.id, name: 'My SIPP' });

    await features({ organisation_links_enabled: true, nominee_enabled: true });
    try {
      expect(await options()).toEqual([
        { type: 'self', id: null, name: 'In your own name' },
        { type: 'organisation', id: organisation.id, name: 'Hopper Holdings' },
        { type: 'investment_method', id: active.id, name: 'My SIPP' },
        { type: 'nominee', id: nominee.id, name: 'Safe Nominees Ltd' },
      ]);
      expect(errorsOf(await attempt({ type: 'organisation', organisation_id: stranger.id }))).toEqual({
        'holding.organisation_id': ['Choose an organisation you are linked to.'],
      });
      expect(errorsOf(await attempt({ type: 'nominee', nominee_id: otherNominee.id }))).toEqual({
        'holding.nominee_id': ['Choose a nominee that acts for you.'],
      });
      expect(errorsOf(await attempt({ type: 'trust' }))).toEqual({
        'holding.type': ['The holding type must be one of self, organisation, investment_method or nominee.'],
      });
      const viaOrganisation = data<CreatedInvestment>(
        await attempt({ type: 'organisation', organisation_id: organisation.id }),
      );
      expect(viaOrganisation.holding).toEqual({
        type: 'organisation',
        id: organisation.id,
        name: 'Hopper Holdings',
      });
      const viaNominee = data<CreatedInvestment>(await attempt({ type: 'nominee', nominee_id: nominee.id }));
      expect(viaNominee.holding).toEqual({ type: 'nominee', id: nominee.id, name: 'Safe Nominees Ltd' });
      const [row] = await t.ctx.db.select().from(investments).where(eq(investments.id, viaNominee.id));
      expect(row).toMatchObject({ holding_type: 'nominee', nominee_id: nominee.id, organisation_id: null });
      const listed = data<ProfileInvestment[]>(await agent.get('/api/profile/investments'));
      expect(listed.map((item) => item.holding.name)).toEqual([
        'Safe Nominees Ltd',
        'Hopper Holdings',
        'My SIPP',
      ]);
    } finally {
      await features({ organisation_links_enabled: false, nominee_enabled: false });
    }
  });
});

describe('Idempotency-Key', () => {
  it('answers the first investment again for the same key, and refuses the key for another body', async () => {
    const opportunity = await live();
    const agent = await t.as(await ready());
    const body = { opportunity_id: opportunity.id, amount: '2000.00', holding: { type: 'self' } };
    const first = await invest(agent, body, 'retry-1');
    const second = await invest(agent, body, 'retry-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await rowsOf(opportunity.id)).toHaveLength(1);
    const other = await invest(agent, { ...body, amount: '3000.00' }, 'retry-1');
    expect(other.statusCode).toBe(422);
    expect(errorsOf(other)).toEqual({
      idempotency_key: [
        'This Idempotency-Key was already used for a different investment: send a new key for a new investment.',
      ],
    });
    expect(errorsOf(await invest(agent, body, 'k'.repeat(256))).idempotency_key).toEqual([
      'The Idempotency-Key header must have between 1 and 255 characters.',
    ]);
    // Another investor's key is theirs alone.
    const someoneElse = await t.as(await ready());
    expect(data<CreatedInvestment>(await invest(someoneElse, body, 'retry-1')).id).not.toBe(
      data<CreatedInvestment>(first).id,
    );
    // A refused request stores nothing: the same key works once the cause is fixed.
    const fresh = await t.as(await ready());
    expect((await invest(fresh, { ...body, amount: '10' }, 'fix-me')).statusCode).toBe(422);
    expect((await invest(fresh, body, 'fix-me')).statusCode).toBe(201);
    expect(await committed(opportunity.id)).toBe('6000.00');
  });

  it('makes one investment when the same key arrives many times at once', async () => {
    const opportunity = await live();
    const agent = await t.as(await ready());
    const body = { opportunity_id: opportunity.id, amount: '1000.00' };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => invest(agent, body, 'parallel-key')),
    );
    // one is made; the others replay it, or are told (409) that it is still in flight (decision 019)
    const made = responses.filter((response) => response.statusCode === 201);
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    expect(new Set(made.map((response) => data<CreatedInvestment>(response).id)).size).toBe(1);
    expect(await rowsOf(opportunity.id)).toHaveLength(1);
    expect(await committed(opportunity.id)).toBe('1000.00');
  });
});

describe('never past the maximum', () => {
  // 200 at once on PostgreSQL (the issue's proof); fewer on PGlite, which runs one statement at a time.
  const count = usePostgres() ? 200 : 24;
  const fits = usePostgres() ? 50 : 6;

  it(
    `lets exactly ${fits} of ${count} parallel investments in when the maximum fits ${fits}`,
    { timeout: 240_000 },
    async () => {
      const opportunity = await live({
        minimum_investment: '1000.00',
        maximum_amount: `${fits * 1000}.00`,
        target_amount: null,
        share_price: '1.000000',
      });
      const agents: Agent[] = [];
      for (let start = 0; start < count; start += 20) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(20, count - start) }, async () => t.as(await ready())),
        );
        agents.push(...batch);
      }
      const responses = await Promise.all(
        agents.map((agent) => invest(agent, { opportunity_id: opportunity.id, amount: '1000.00' })),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(fits);
      expect(codes.filter((code) => code === 422)).toHaveLength(count - fits);
      for (const response of responses.filter((candidate) => candidate.statusCode === 422))
        expect(errorsOf(response).amount?.[0]).toMatch(
          /^(Only £\d[\d,]*\.\d\d remains\.|This opportunity is fully committed)/,
        );
      expect(await committed(opportunity.id)).toBe(`${fits * 1000}.00`);
      const [sum] = await t.ctx.db
        .select({ total: sql<string>`sum(${investments.amount})::text` })
        .from(investments)
        .where(eq(investments.opportunity_id, opportunity.id));
      expect(sum?.total).toBe(`${fits * 1000}.00`);
    },
  );
});

describe("a reservation stands or falls whole (issue 22: the round's lock taken last)", () => {
  const cents = (amount: string) => BigInt(amount.replace('.', ''));
  const sumOf = (amounts: string[]) => amounts.reduce((total, amount) => total + cents(amount), 0n);
  /** What a refused investor would have left behind had part of their reservation been kept. */
  async function tracesOf(investor: UserRow) {
    const [mine, audits, notices, mails] = await Promise.all([
      t.ctx.db.select().from(investments).where(eq(investments.user_id, investor.id)),
      t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subject_type, 'investor'), eq(auditLog.subject_id, investor.id))),
      t.ctx.db.select().from(notifications).where(eq(notifications.notifiable_id, investor.id)),
      t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, investor.email)),
    ]);
    return { investments: mine.length, audits: audits.length, notices: notices.length, mails: mails.length };
  }

  it(
    'keeps the maximum to the penny under parallel reservations of different amounts; a refusal leaves nothing',
    { timeout: 120_000 },
    async () => {
      const count = usePostgres() ? 30 : 12;
      // A penny a share, so every amount below is exactly what it buys; together they pass the maximum.
      const opportunity = await live({
        minimum_investment: '1000.00',
        maximum_amount: '10000.00',
        target_amount: null,
        share_price: '0.010000',
      });
      const investors: UserRow[] = [];
      for (let index = 0; index < count; index += 1) investors.push(await ready());
      const agents = await Promise.all(investors.map((investor) => t.as(investor)));
      const amounts = investors.map((_, index) => {
        const pence = 100_000 + index * 3_713 + (index % 7) * 11;
        return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
      });
      const responses = await Promise.all(
        agents.map((agent, index) =>
          invest(agent, { opportunity_id: opportunity.id, amount: amounts[index] }),
        ),
      );
      for (const response of responses) expect([201, 422], response.body).toContain(response.statusCode);
      const accepted = responses.flatMap((response, index) =>
        response.statusCode === 201 ? [{ index, body: data<CreatedInvestment>(response) }] : [],
      );
      expect(accepted.length).toBeGreaterThan(0);
      expect(accepted.length).toBeLessThan(count);
      for (const { index, body } of accepted) expect(body.amount).toBe(amounts[index]);

      const rows = await rowsOf(opportunity.id);
      expect(rows.map((row) => row.id).sort()).toEqual(accepted.map(({ body }) => body.id).sort());
      const total = sumOf(accepted.map(({ body }) => body.amount));
      expect(sumOf(rows.map((row) => row.amount))).toBe(total);
      expect(cents(await committed(opportunity.id))).toBe(total);
      expect(total).toBeLessThanOrEqual(cents('10000.00'));
      // The maximum is full to the penny, or no refused amount would have fitted what was left.
      const left = cents('10000.00') - total;
      responses.forEach((response, index) => {
        if (response.statusCode !== 422) return;
        expect(errorsOf(response).amount?.[0]).toMatch(
          /^(Only £\d[\d,]*\.\d\d remains\.|This opportunity is fully committed)/,
        );
        expect(cents(amounts[index] ?? '0')).toBeGreaterThan(left);
      });

      for (const [index, investor] of investors.entries()) {
        const accepted201 = responses[index]?.statusCode === 201;
        expect(await tracesOf(investor)).toEqual(
          accepted201
            ? { investments: 1, audits: 1, notices: 1, mails: 1 }
            : { investments: 0, audits: 0, notices: 0, mails: 0 },
        );
      }
      const staffNotices = await t.ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.notifiable_id, adminUser.id),
            sql`${notifications.data}->>'cta' = ${`/admin/investments/opportunities/${opportunity.id}/transactions`}`,
          ),
        );
      expect(staffNotices).toHaveLength(accepted.length);
      const roundAudits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, opportunity.id)));
      expect(roundAudits).toHaveLength(accepted.length);
    },
  );

  // PostgreSQL only: PGlite runs one transaction at a time, so nothing can move between read and lock.
  it.runIf(usePostgres())(
    'makes the reservation again at the new terms when the price moved before it reached the lock',
    { timeout: 60_000 },
    async () => {
      const opportunity = await live({ share_price: '1.250000', target_amount: null });
      const investor = await ready();
      const agent = await t.as(investor);
      let pending: ReturnType<typeof invest> | undefined;
      await t.ctx.db.transaction(async (tx) => {
        // Hold the round's lock as the gate does, and wait until the reservation queues on it having
        // written its rows at £1.25 a share.
        await lockOpportunityRow(tx, opportunity.id);
        pending = invest(agent, { opportunity_id: opportunity.id, amount: '1000.00' });
        for (let tries = 0; ; tries += 1) {
          const [waiting] = rawRows<{ count: number }>(
            await t.ctx.db.execute(
              sql`select count(*)::int as count from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          );
          if ((waiting?.count ?? 0) > 0) break;
          if (tries > 500) throw new Error('the reservation never reached the lock');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // No investment is committed yet, so the price may move without a re-pricing.
        await tx
          .update(opportunities)
          .set({ share_price: '2.000000' })
          .where(eq(opportunities.id, opportunity.id));
      });
      if (!pending) throw new Error('no reservation sent');
      const response = await pending;
      expect(response.statusCode, response.body).toBe(201);
      const created = data<CreatedInvestment>(response);
      // £1,000 buys 500 whole shares at £2.00 (800 at the £1.25 first read).
      expect([created.shares, created.amount]).toEqual(['500.000000', '1000.00']);
      expect((await rowsOf(opportunity.id)).map((row) => [row.id, row.shares])).toEqual([
        [created.id, '500.000000'],
      ]);
      expect(await tracesOf(investor)).toEqual({ investments: 1, audits: 1, notices: 1, mails: 1 });
      const [mail] = await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to_address, investor.email));
      expect(mail?.text_body).toContain('£1,000.00 for 500 shares');
    },
  );
});

describe('GET /api/profile/investments', () => {
  it('lists the investor’s own, with filters, bank details and reference by the flags; another’s is a 404', async () => {
    const opportunity = await live({
      bank_account_name: 'Acme Client Account',
      bank_sort_code: '12-34-56',
      bank_account_number: '12345678',
      bank_iban: 'GB33BUKB20201555555555',
      bank_swift: 'BUKBGB22',
    });
    const second = await live();
    const investor = await ready();
    const agent = await t.as(investor);
    const a = data<CreatedInvestment>(
      await invest(agent, { opportunity_id: opportunity.id, amount: '1000' }),
    );
    t.ctx.clock.advance(5);
    const b = data<CreatedInvestment>(await invest(agent, { opportunity_id: second.id, amount: '2000' }));
    await agent.post(`/api/profile/investments/${b.id}/cancel`);

    const list = data<ProfileInvestment[]>(await agent.get('/api/profile/investments'));
    expect(list.map((item) => item.id)).toEqual([b.id, a.id]);
    const one = list[1];
    expect(one).toEqual({
      id: a.id,
      amount: '1000.00',
      shares: '800.000000',
      status: 'reserved',
      type: 'platform',
      paid_amount: '0.00',
      payment_reference: a.payment_reference,
      created_at: a.created_at,
      called_at: null,
      paid_at: null,
      completed_at: null,
      cancelled_at: null,
      cancel_reason: null,
      holding: { type: 'self', id: null, name: 'In your own name' },
      opportunity: {
        id: opportunity.id,
        slug: opportunity.slug,
        name: opportunity.name,
        company_name: opportunity.company_name,
        status: 2,
        currency: 'GBP',
        share_price: '1.250000',
        tax_relief: 'eis',
        cover_image_url: null,
      },
      cash_call: null,
      bank_details: {
        account_name: 'Acme Client Account',
        sort_code: '12-34-56',
        account_number: '12345678',
      },
    });
    const filtered = async (query: string) =>
      data<ProfileInvestment[]>(await agent.get(`/api/profile/investments?${query}`)).map((item) => item.id);
    expect(await filtered('filter[status]=cancelled')).toEqual([b.id]);
    expect(await filtered('filter[status]=reserved,cancelled&sort=created_at')).toEqual([a.id, b.id]);
    expect(await filtered(`filter[opportunity_id]=${opportunity.id}`)).toEqual([a.id]);
    expect((await agent.get('/api/profile/investments?filter[nope]=1')).statusCode).toBe(400);

    await features({ intl_bank_details_enabled: true });
    expect(data<ProfileInvestment>(await agent.get(`/api/profile/investments/${a.id}`)).bank_details).toEqual(
      {
        account_name: 'Acme Client Account',
        sort_code: '12-34-56',
        account_number: '12345678',
        iban: 'GB33BUKB20201555555555',
        swift: 'BUKBGB22',
      },
    );
    await features({
      intl_bank_details_enabled: false,
      hide_bank_details: true,
      hide_payment_reference: true,
    });
    try {
      const hidden = data<ProfileInvestment>(await agent.get(`/api/profile/investments/${a.id}`));
      expect(hidden).toMatchObject({ bank_details: null, payment_reference: null });
    } finally {
      await features({ hide_bank_details: false, hide_payment_reference: false });
    }

    const other = await t.as(await ready());
    expect((await other.get(`/api/profile/investments/${a.id}`)).statusCode).toBe(404);
    expect(data<ProfileInvestment[]>(await other.get('/api/profile/investments'))).toEqual([]);
    expect((await admin.get('/api/profile/investments')).statusCode).toBe(403);
  });
});

describe('GET /api/profile/investing/{opportunityId}', () => {
  it('answers the limits, what remains and the investor’s commitments; 404 when not open to them', async () => {
    const opportunity = await live({ closing_date: '2099-12-31' });
    const agent = await t.as(await ready());
    await invest(agent, { opportunity_id: opportunity.id, amount: '2500' });
    const context = data<InvestingContext>(await agent.get(`/api/profile/investing/${opportunity.id}`));
    expect(context.opportunity).toEqual({
      id: opportunity.id,
      slug: opportunity.slug,
      name: opportunity.name,
      company_name: opportunity.company_name,
      currency: 'GBP',
      share_price: '1.250000',
      minimum_investment: '1000.00',
      maximum_amount: '10000.00',
      committed_amount: '2500.00',
      remaining_amount: '7500.00',
      closing_date: '2099-12-31',
      investment_terms: null,
    });
    expect(context).toMatchObject({
      can_invest: true,
      reasons: [],
      first_investment: false,
      risk_warning: null,
      cooling_off_seconds_left: 0,
      terms_required: false,
    });
    expect(context.my_investments.map((item) => item.amount)).toEqual(['2500.00']);
    const draft = await live({ status: 1 });
    expect((await agent.get(`/api/profile/investing/${draft.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/profile/investing/${opportunity.id}`)).statusCode).toBe(403);
  });

  it('links each missing onboarding step to its page', async () => {
    const opportunity = await live();
    const agent = await t.as(await createUser(t.ctx.db));
    const context = data<InvestingContext>(await agent.get(`/api/profile/investing/${opportunity.id}`));
    expect(context.reasons).toEqual([
      {
        code: 'categorisation',
        message: 'Investor categorisation: Tell us which kind of investor you are and sign the statement.',
        href: '/investor/profile/investor-type',
      },
      {
        code: 'risk_warning',
        message:
          'Read the risk warning shown with the opportunity: your first investment opens 24 hours after you first see it.',
        href: `/investor/investments/${opportunity.slug}`,
      },
    ]);
  });
});

describe('POST /api/profile/investments/{id}/cancel', () => {
  it('withdraws the investor’s own reservation, frees the money, and refuses anything else', async () => {
    const opportunity = await live();
    const investor = await ready();
    const agent = await t.as(investor);
    const created = data<CreatedInvestment>(
      await invest(agent, { opportunity_id: opportunity.id, amount: '4000' }),
    );
    expect(await committed(opportunity.id)).toBe('4000.00');
    const other = await t.as(await ready());
    expect((await other.post(`/api/profile/investments/${created.id}/cancel`)).statusCode).toBe(404);
    expect((await admin.post(`/api/profile/investments/${created.id}/cancel`)).statusCode).toBe(403);

    const cancelled = data<ProfileInvestment>(
      await agent.post(`/api/profile/investments/${created.id}/cancel`),
    );
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Withdrawn by the investor',
      cancelled_at: expect.any(String) as string,
    });
    expect(await committed(opportunity.id)).toBe('0.00');
    expect(errorsOf(await agent.post(`/api/profile/investments/${created.id}/cancel`))).toEqual({
      status: ['This investment is already cancelled.'],
    });

    const called = data<CreatedInvestment>(
      await invest(agent, { opportunity_id: opportunity.id, amount: '1000' }),
    );
    await t.ctx.db
      .update(investments)
      .set({ status: 'awaiting_payment', called_at: new Date() })
      .where(eq(investments.id, called.id));
    expect(errorsOf(await agent.post(`/api/profile/investments/${called.id}/cancel`))).toEqual({
      status: [
        'Only a reserved allocation can be withdrawn: once a cash call has been sent, please contact us.',
      ],
    });
  });
});

describe('notifications', () => {
  it('tells staff who may see the opportunity and confirms to the investor, by notification and email', async () => {
    const opportunity = await live({ name: 'Acme Robotics' });
    const investor = await ready({ name: 'Grace Hopper' });
    const adviser = await createStaff(t.ctx.db, ROLES.ADVISER);
    const manager = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER);
    const created = data<CreatedInvestment>(
      await invest(await t.as(investor), { opportunity_id: opportunity.id, amount: '1000' }),
    );
    const noticesOf = (userId: number) =>
      t.ctx.db
        .select({ type: notifications.type, audience: notifications.audience, data: notifications.data })
        .from(notifications)
        .where(eq(notifications.notifiable_id, userId));
    const staffNotice = {
      type: 'App\\Notifications\\OpportunityInvested',
      audience: 'admin',
      data: {
        message: '**Grace Hopper** reserved **£1,000.00** in **Acme Robotics**.',
        cta: `/admin/investments/opportunities/${opportunity.id}/transactions`,
        icon: 'investment_opportunity_invested',
      },
    };
    expect(await noticesOf(adminUser.id)).toContainEqual(staffNotice);
    expect(await noticesOf(manager.id)).toContainEqual(staffNotice);
    expect(await noticesOf(adviser.id)).toEqual([]);
    expect(await noticesOf(investor.id)).toEqual([
      {
        type: 'App\\Notifications\\InvestmentReserved',
        audience: 'user',
        data: {
          message: 'Your allocation of **£1,000.00** (800 shares) in **Acme Robotics** is reserved.',
          cta: `/investor/investments/${opportunity.slug}`,
          icon: 'default',
        },
      },
    ]);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, investor.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Portico: your allocation in Acme Robotics is reserved');
    expect(mails[0]?.text_body).toContain(
      'Your allocation in Acme Robotics is reserved: £1,000.00 for 800 shares.',
    );
    expect(mails[0]?.text_body).toContain(`Your payment reference is ${created.payment_reference}.`);
    expect(mails[0]?.text_body).toContain(`/investor/investments/${opportunity.slug}`);
    const activity = await t.ctx.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, opportunity.id)));
    expect(activity).toEqual([
      {
        action: 'opportunity.investment_reserved',
        after: expect.objectContaining({
          investor: 'Grace Hopper',
          amount: '1000.00',
          investment_id: created.id,
        }) as unknown,
      },
    ]);
    // Opportunities that still exist keep a consistent committed amount in the staff view.
    const [row] = await t.ctx.db.select().from(opportunities).where(eq(opportunities.id, opportunity.id));
    expect(row?.status).toBe(2);
  });
});
