import {
  can,
  proRataShares,
  ROLE_IDS,
  ROLES,
  type PreEmptionRound,
  type ProfilePreEmption,
} from '@portico/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  holdingTransactions,
  investments,
  mailOutbox,
  notifications,
  opportunities,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { longDate } from '../../platform/dates';
import { usePostgres } from '../../test/database';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { readyInvestor } from '../investing/investing-fixtures';
import {
  attachMemorandum,
  createOpportunity,
  dayFromToday,
} from '../opportunity-lifecycle/lifecycle-fixtures';
import { amountProblem, claimOf, entitlementOf, windowOpen } from './pre-emption.math';

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const errorsOf = (response: { body: string }) => json<Errors>(response).errors;
const today = () => new Date().toISOString().slice(0, 10);
const put = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ method: 'PUT', url, payload: payload as string });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
});
afterAll(() => t.close());

/** Shares allotted (and some sold) in an existing investment. */
async function hold(existingId: number, user: UserRow, shares: string, sold?: string) {
  await t.ctx.db.insert(holdingTransactions).values({
    opportunity_id: existingId,
    user_id: user.id,
    kind: 'allotment',
    occurred_on: dayFromToday(-400),
    shares,
    amount: shares,
    price: '1.000000',
  });
  if (sold)
    await t.ctx.db.insert(holdingTransactions).values({
      opportunity_id: existingId,
      user_id: user.id,
      kind: 'exit',
      occurred_on: dayFromToday(-10),
      shares: sold,
      amount: sold,
      price: '1.000000',
    });
}

/**
 * An existing investment held 250 : 750 by two ready investors (a third sold out), and its new round:
 * live, £10,000 maximum at £1.50 a share. Entitlements: 1,666 shares (£2,499.00) and 5,000 (£7,500.00).
 */
async function scenario(round: Partial<OpportunityRow> = {}) {
  const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
  const small = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Sam Small' });
  const large = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Lara Large' });
  const gone = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Gus Gone' });
  await hold(existing.id, small, '250');
  await hold(existing.id, large, '750');
  await hold(existing.id, gone, '100', '100');
  const next = await createOpportunity(t.ctx.db, {
    status: 2,
    published_at: new Date(),
    minimum_investment: '100.00',
    maximum_amount: '10000.00',
    target_amount: '8000.00',
    share_price: '1.500000',
    ...round,
  });
  const opened = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
    existing_investment_id: existing.id,
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { existing, next, small, large, gone, opened: data<PreEmptionRound & { added: number }>(opened) };
}

const reserve = async (user: UserRow, opportunityId: number, amount: string) =>
  (await t.as(user)).post('/api/investments', { opportunity_id: opportunityId, amount });

const choose = async (user: UserRow, opportunityId: number, body: Record<string, unknown>) =>
  put(await t.as(user), `/api/profile/pre-emption/${opportunityId}`, body);

describe('entitlement math', () => {
  it('holds entitlements only while the round is a draft or live and its window has not ended', () => {
    const round = { status: 2, pre_emption_of_id: 7, pre_emption_ends_on: '2026-12-01' };
    expect(windowOpen(round, '2026-12-01')).toBe(true);
    expect(windowOpen(round, '2026-12-02')).toBe(false);
    expect(windowOpen({ ...round, pre_emption_ends_on: null }, '2030-01-01')).toBe(true);
    for (const status of [4, 5, 6]) expect(windowOpen({ ...round, status }, '2026-11-01')).toBe(false);
    expect(windowOpen({ ...round, pre_emption_of_id: null }, '2026-11-01')).toBe(false);
  });

  it('is the holder’s share of the maximum in whole shares at the round’s price, rounded down', () => {
    expect(proRataShares('250', '1000', '10000.00', '1.500000')).toBe('1666');
    expect(proRataShares('1', '3', '100.00', '0.010000')).toBe('3333');
    expect(proRataShares('5', '0', '100.00', '1')).toBe('0');
    expect(entitlementOf('250', '1000', { maximum_amount: '10000.00', share_price: '1.5' })).toEqual({
      shares: '1666',
      amount: '2499.00',
    });
    expect(entitlementOf('250', '1000', { maximum_amount: null, share_price: '1.5' })).toBeNull();
  });

  it('holds the entitlement while awaiting, maintaining or increasing, the amount of a decrease', () => {
    expect(claimOf(5, null, '2499.00')).toBe('2499.00');
    expect(claimOf(3, '4000.00', '2499.00')).toBe('2499.00');
    expect(claimOf(6, '1000.00', '2499.00')).toBe('1000.00');
    expect(claimOf(1, null, '2499.00')).toBe('0.00');
    expect(claimOf(4, null, '2499.00')).toBe('0.00');
    // The round's maximum or price changed after the choice: never more than the entitlement now.
    expect(claimOf(2, '2499.00', '1999.50')).toBe('1999.50');
    expect(claimOf(6, '2000.00', '1999.50')).toBe('1999.50');
    const money = (value: string) => `£${value}`;
    expect(amountProblem(2, '2499.00', '2499.00', money)).toBeNull();
    expect(amountProblem(2, '2000.00', '2499.00', money)).toMatch(/exactly the entitlement of £2499.00/);
    expect(amountProblem(3, '2499.00', '2499.00', money)).toMatch(/more than the entitlement/);
    expect(amountProblem(6, '2499.00', '2499.00', money)).toMatch(/less than the entitlement/);
    expect(amountProblem(1, '10.00', '2499.00', money)).toMatch(/Only Maintain, Increase and Decrease/);
  });
});

describe('opening pre-emption on a new round', () => {
  it('gives every holder a choice with their entitlement, notifies them and audits it', async () => {
    const { next, existing, small, large, gone, opened } = await scenario();
    expect(opened.added).toBe(3);
    expect(opened.existing_investment).toEqual({ id: existing.id, name: existing.name });
    const rows = Object.fromEntries(opened.holders.map((holder) => [holder.user.name, holder]));
    expect(rows['Sam Small']).toMatchObject({
      shares: '250.000000',
      entitlement_shares: '1666',
      entitlement: '2499.00',
      choice: 5,
      choice_label: 'Awaiting',
      amount: null,
      committed: '0.00',
      decided_by: null,
    });
    expect(rows['Lara Large']).toMatchObject({
      entitlement_shares: '5000',
      entitlement: '7500.00',
      choice: 5,
    });
    expect(rows['Gus Gone']).toMatchObject({ shares: '0.000000', choice: 4, choice_label: 'Not applicable' });
    expect(opened.totals).toMatchObject({
      entitlement: '9999.00',
      outstanding: '9999.00',
      by_choice: { 4: 1, 5: 2 },
    });

    for (const holder of [small, large]) {
      const notes = await t.ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.notifiable_id, holder.id));
      expect(notes.map((note) => note.type)).toContain('App\\Notifications\\PreEmptionOpened');
    }
    const goneNotes = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.notifiable_id, gone.id));
    expect(goneNotes).toHaveLength(0);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, small.email));
    expect(mails.length).toBeGreaterThan(0);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'opportunity.pre_emption_opened'), eq(auditLog.subject_id, next.id)));
    expect(audit?.after).toMatchObject({ existing_investment_id: existing.id, holders_added: 3 });

    const followOns = await admin.get(`/api/opportunities/${existing.id}/follow-on-rounds`);
    expect(data(followOns)).toEqual([{ id: next.id, name: next.name, status: 2 }]);

    // Again: choices already made stay, nothing is added twice.
    const again = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
      existing_investment_id: existing.id,
      ends_on: dayFromToday(14),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(data<{ added: number; ends_on: string }>(again)).toMatchObject({
      added: 0,
      ends_on: dayFromToday(14),
    });
  });

  it('refuses what cannot be a round, an existing investment that is not one, and a past window', async () => {
    const live = await createOpportunity(t.ctx.db, { status: 2, published_at: new Date() });
    const other = await createOpportunity(t.ctx.db, { status: 2, published_at: new Date() });
    const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
    const notExisting = await admin.post(`/api/opportunities/${live.id}/pre-emption`, {
      existing_investment_id: other.id,
    });
    expect(notExisting.statusCode).toBe(422);
    expect(errorsOf(notExisting).existing_investment_id?.[0]).toMatch(/completed or matured/);
    const past = await admin.post(`/api/opportunities/${live.id}/pre-emption`, {
      existing_investment_id: existing.id,
      ends_on: dayFromToday(-1),
    });
    expect(errorsOf(past).ends_on).toEqual(['The pre-emption window cannot end in the past.']);
    const completedRound = await admin.post(`/api/opportunities/${existing.id}/pre-emption`, {
      existing_investment_id: existing.id,
    });
    expect(completedRound.statusCode).toBe(422);
    expect((await admin.get(`/api/opportunities/${other.id}/pre-emption`)).statusCode).toBe(404);
  });

  it('refuses to promise holders room a live round no longer has, and changes nothing', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
    const holder = await readyInvestor(t.ctx.db, t.ctx.clock);
    await hold(existing.id, holder, '1000');
    const next = await createOpportunity(t.ctx.db, {
      status: 2,
      published_at: new Date(),
      minimum_investment: '100.00',
      target_amount: '8000.00',
      maximum_amount: '10000.00',
      share_price: '1.000000',
    });
    // Someone else took £600 before pre-emption was opened: the holder's £10,000 no longer fits.
    expect((await reserve(await readyInvestor(t.ctx.db, t.ctx.clock), next.id, '600')).statusCode).toBe(201);
    const refused = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
      existing_investment_id: existing.id,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorsOf(refused).existing_investment_id?.[0]).toBe(
      "The holders' entitlements come to £10,000.00 but the round has £9,400.00 left: raise its maximum first.",
    );
    const [after] = await t.ctx.db.select().from(opportunities).where(eq(opportunities.id, next.id));
    expect(after?.pre_emption_of_id).toBeNull();
  });
});

describe('a new round made in one step (POST /api/opportunities with pre_emption_of_id)', () => {
  const draft = (existingId: number, extra: Record<string, unknown> = {}) => ({
    name: 'Follow-on round',
    company_name: 'Acme Robotics Ltd',
    target_amount: '8000',
    maximum_amount: '10000',
    minimum_investment: '100',
    share_price: '1.50',
    closing_date: dayFromToday(60),
    tax_relief: 'none',
    pre_emption_of_id: existingId,
    ...extra,
  });

  it('makes the draft with every holder’s choice, audited, and tells no one until it goes live', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
    const holder = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Hal Holder' });
    const soldOut = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Sol Sold' });
    await hold(existing.id, holder, '400');
    await hold(existing.id, soldOut, '100', '100');
    const created = await admin.post('/api/opportunities', draft(existing.id));
    expect(created.statusCode, created.body).toBe(201);
    const round = data<{ id: number; status: number }>(created);
    expect(round.status).toBe(1);

    const view = data<PreEmptionRound>(await admin.get(`/api/opportunities/${round.id}/pre-emption`));
    expect(view.existing_investment).toEqual({ id: existing.id, name: existing.name });
    expect(view.holders.map((row) => [row.user.name, row.choice])).toEqual([
      ['Hal Holder', 5],
      ['Sol Sold', 4],
    ]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, round.id)));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'opportunity.created',
      'opportunity.pre_emption_opened',
    ]);
    expect(
      await t.ctx.db.select().from(notifications).where(eq(notifications.notifiable_id, holder.id)),
    ).toEqual([]);

    // Live: the holder is told once, and sees the round without an invitation.
    await attachMemorandum(t.ctx.db, round.id);
    const live = await admin.post(`/api/opportunities/${round.id}/transition`, { status: 3 });
    expect(live.statusCode, live.body).toBe(200);
    expect(
      await t.ctx.db.select().from(notifications).where(eq(notifications.notifiable_id, holder.id)),
    ).toHaveLength(1);
    const rights = data<ProfilePreEmption[]>(await (await t.as(holder)).get('/api/profile/pre-emption'));
    expect(rights.map((right) => right.opportunity.id)).toEqual([round.id]);
  });

  it('refuses what is not an existing investment, and makes nothing', async () => {
    const live = await createOpportunity(t.ctx.db, { status: 2, published_at: new Date() });
    const before = await t.ctx.db.select({ id: opportunities.id }).from(opportunities);
    for (const id of [live.id, 999_999]) {
      const refused = await admin.post('/api/opportunities', draft(id));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorsOf(refused).pre_emption_of_id).toEqual([
        'Choose an existing investment (a completed or matured opportunity) for the new round.',
      ]);
    }
    expect(await t.ctx.db.select({ id: opportunities.id }).from(opportunities)).toHaveLength(before.length);
  });
});

describe('holders’ choices', () => {
  it('validates each choice’s amount against the entitlement, on the amount field', async () => {
    const { next, small } = await scenario();
    const refused = async (body: Record<string, unknown>) => {
      const response = await choose(small, next.id, body);
      expect(response.statusCode, response.body).toBe(422);
      return errorsOf(response);
    };
    expect((await refused({ choice: 2, amount: '2000.00' })).amount).toEqual([
      'To maintain, take up exactly the entitlement of £2,499.00.',
    ]);
    expect((await refused({ choice: 3, amount: '2499.00' })).amount).toEqual([
      'To increase, ask for more than the entitlement of £2,499.00.',
    ]);
    expect((await refused({ choice: 6, amount: '2499.00' })).amount).toEqual([
      'To decrease, take up less than the entitlement of £2,499.00.',
    ]);
    expect((await refused({ choice: 6 })).amount).toEqual(['Enter the amount to take up.']);
    expect((await refused({ choice: 6, amount: '0' })).amount).toBeDefined();
    expect((await refused({ choice: 1, amount: '10.00' })).amount).toEqual([
      'Only Maintain, Increase and Decrease take an amount.',
    ]);
    expect((await refused({ choice: 4 })).choice?.[0]).toMatch(/recorded by staff/);
    expect((await refused({ choice: 5 })).choice).toBeDefined();
    expect((await refused({ choice: 9 })).choice).toBeDefined();

    // Maintain without an amount takes the entitlement; the investor sees it, staff hear of it.
    const maintained = await choose(small, next.id, { choice: 2 });
    expect(maintained.statusCode, maintained.body).toBe(200);
    expect(data<ProfilePreEmption>(maintained)).toMatchObject({
      choice: 2,
      choice_label: 'Maintain',
      amount: '2499.00',
      entitlement: '2499.00',
      decided_at: expect.any(String) as string,
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investor.pre_emption_chosen'), eq(auditLog.subject_id, small.id)));
    expect(audit).toMatchObject({
      before: { choice: 5, choice_label: 'Awaiting', amount: null },
      after: { choice: 2, amount: '2499.00', by: 'holder' },
    });
    const staffNotes = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'App\\Notifications\\PreEmptionChosen'));
    expect(staffNotes.some((note) => note.data.message.includes('Sam Small'))).toBe(true);

    const increased = await choose(small, next.id, { choice: 3, amount: '4000.00' });
    expect(data<ProfilePreEmption>(increased)).toMatchObject({ choice: 3, amount: '4000.00' });
  });

  it('lists the investor’s own rights only; another round is a 404', async () => {
    const { next, small } = await scenario();
    const stranger = await readyInvestor(t.ctx.db, t.ctx.clock);
    const mine = data<ProfilePreEmption[]>(await (await t.as(small)).get('/api/profile/pre-emption'));
    expect(mine.map((right) => right.opportunity.id)).toEqual([next.id]);
    expect(mine[0]).toMatchObject({ entitlement: '2499.00', share_price: '1.500000', open: true });
    expect(data<ProfilePreEmption[]>(await (await t.as(stranger)).get('/api/profile/pre-emption'))).toEqual(
      [],
    );
    const theirs = await choose(stranger, next.id, { choice: 1 });
    expect(theirs.statusCode).toBe(404);
    expect((await admin.get('/api/profile/pre-emption')).statusCode).toBe(403);
  });

  it('opens a Live - Internal round to its holders, who need no invitation, and to no one else', async () => {
    const { next, small, gone } = await scenario({ status: 3 });
    const stranger = await readyInvestor(t.ctx.db, t.ctx.clock);
    const mine = data<ProfilePreEmption[]>(await (await t.as(small)).get('/api/profile/pre-emption'));
    expect(mine.map((right) => right.opportunity.id)).toEqual([next.id]);
    expect((await choose(small, next.id, { choice: 1 })).statusCode).toBe(200);
    const seen = async (user: UserRow) =>
      data<Array<{ id: number }>>(
        await (await t.as(user)).get(`/api/opportunities?filter[slug]=${next.slug}`),
      ).map((row) => row.id);
    expect(await seen(small)).toEqual([next.id]);
    // A holder who sold out (Not applicable) and an investor who never held are not offered it.
    expect(await seen(gone)).toEqual([]);
    expect(await seen(stranger)).toEqual([]);
    expect((await choose(stranger, next.id, { choice: 1 })).statusCode).toBe(404);
  });

  it('tells the holders of a round made while a draft when it first goes live, once', async () => {
    const { next, small, large } = await scenario({ status: 1, published_at: null });
    const opened = async (user: UserRow) =>
      (
        await t.ctx.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.notifiable_id, user.id),
              eq(notifications.type, 'App\\Notifications\\PreEmptionOpened'),
            ),
          )
      ).length;
    expect(await opened(small)).toBe(0);
    // Large has chosen already (staff recorded it): only those still awaiting are told.
    const recorded = await put(admin, `/api/opportunities/${next.id}/pre-emption/${large.id}`, { choice: 1 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const live = await admin.post(`/api/opportunities/${next.id}/transition`, { status: 2 });
    expect(live.statusCode, live.body).toBe(200);
    expect(await opened(small)).toBe(1);
    expect(await opened(large)).toBe(0);
    // Closed and reopened: not told again.
    expect((await admin.post(`/api/opportunities/${next.id}/transition`, { status: 4 })).statusCode).toBe(
      200,
    );
    expect((await admin.post(`/api/opportunities/${next.id}/transition`, { status: 2 })).statusCode).toBe(
      200,
    );
    expect(await opened(small)).toBe(1);
  });

  it('gives no right, notice or sight of the round to a holder whose shares are private_manual only', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
    const founder = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Fay Founder' });
    const small = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Sid Shown' });
    const [books] = await t.ctx.db
      .insert(investments)
      .values({
        opportunity_id: existing.id,
        user_id: founder.id,
        type: 'private_manual',
        amount: '900.00',
        // reserved: a completed one must hold its money, booked by ledger entries (migration 0022); only
        // its type matters here, the holding comes from the allotment below
        status: 'reserved',
      })
      .returning();
    await t.ctx.db.insert(holdingTransactions).values({
      opportunity_id: existing.id,
      user_id: founder.id,
      investment_id: books?.id,
      kind: 'allotment',
      occurred_on: dayFromToday(-400),
      shares: '900',
      amount: '900.00',
      price: '1.000000',
    });
    await hold(existing.id, small, '100');
    const next = await createOpportunity(t.ctx.db, {
      status: 3,
      published_at: new Date(),
      minimum_investment: '100.00',
      target_amount: '8000.00',
      maximum_amount: '10000.00',
      share_price: '1.000000',
    });
    const opened = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
      existing_investment_id: existing.id,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // Staff see the founder's holding (the cap table), Not applicable; the pro-rata counts every share.
    const round = data<PreEmptionRound>(opened);
    expect(round.holders.find((row) => row.user.id === founder.id)).toMatchObject({ choice: 4 });
    expect(round.holders.find((row) => row.user.id === small.id)).toMatchObject({
      choice: 5,
      entitlement: '1000.00',
    });
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.notifiable_id, founder.id));
    expect(told).toHaveLength(0);
    const founderAgent = await t.as(founder);
    expect(data<ProfilePreEmption[]>(await founderAgent.get('/api/profile/pre-emption'))).toEqual([]);
    expect((await founderAgent.get(`/api/opportunities/${next.id}`)).statusCode).toBe(404);
    expect((await choose(founder, next.id, { choice: 2 })).statusCode).toBe(404);
  });

  it('refuses a change of mind that the round no longer has room for, under its lock', async () => {
    const { next, small } = await scenario();
    expect((await choose(small, next.id, { choice: 1 })).statusCode).toBe(200);
    // Small's £2,499.00 is no longer held: a newcomer takes it (1,666 shares at £1.50).
    const newcomer = await readyInvestor(t.ctx.db, t.ctx.clock);
    const taken = await reserve(newcomer, next.id, '2500.00');
    expect(taken.statusCode, taken.body).toBe(201);
    const back = await choose(small, next.id, { choice: 2 });
    expect(back.statusCode, back.body).toBe(422);
    expect(errorsOf(back).choice?.[0]).toMatch(/^The round has £1\.00 left for this choice/);
    // Holding less is always allowed.
    expect((await choose(small, next.id, { choice: 6, amount: '1.00' })).statusCode).toBe(200);
  });

  it('lets staff record any choice, Not applicable included, audited as by staff', async () => {
    const { next, large } = await scenario();
    const response = await put(admin, `/api/opportunities/${next.id}/pre-emption/${large.id}`, {
      choice: 6,
      amount: '5000.00',
    });
    expect(response.statusCode, response.body).toBe(200);
    const holder = data<PreEmptionRound>(response).holders.find((row) => row.user.id === large.id);
    expect(holder).toMatchObject({
      choice: 6,
      choice_label: 'Decrease',
      amount: '5000.00',
      decided_by: { name: 'Ada Admin' },
    });
    const notApplicable = await put(admin, `/api/opportunities/${next.id}/pre-emption/${large.id}`, {
      choice: 4,
    });
    expect(notApplicable.statusCode).toBe(200);
    const stranger = await createUser(t.ctx.db);
    expect(
      (await put(admin, `/api/opportunities/${next.id}/pre-emption/${stranger.id}`, { choice: 1 }))
        .statusCode,
    ).toBe(404);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'opportunity.pre_emption_chosen'), eq(auditLog.subject_id, next.id)))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.after)).toMatchObject([
      { by: 'staff', choice: 6 },
      { by: 'staff', choice: 4 },
    ]);
  });

  it('answers 403 to staff whose role may not update a live opportunity', async () => {
    const { next, large } = await scenario();
    const role = ROLE_IDS.find(
      (id) => id !== ROLES.USER && !can(id, 'investment_opportunity_live', 'update'),
    );
    if (role === undefined) return;
    const agent = await t.as(await createStaff(t.ctx.db, role));
    const denied = await put(agent, `/api/opportunities/${next.id}/pre-emption/${large.id}`, { choice: 1 });
    expect(denied.statusCode).toBe(403);
    const get = await agent.get(`/api/opportunities/${next.id}/pre-emption`);
    expect(get.statusCode).toBe(can(role, 'investment_opportunity_live', 'show') ? 200 : 403);
  });
});

describe('the allocation honours pre-emption (the one commitment gate)', () => {
  it('refuses a non-holder the money held for holders, never a holder within their entitlement', async () => {
    const { next, small, large } = await scenario();
    const outsider = await readyInvestor(t.ctx.db, t.ctx.clock);
    // £10,000 maximum, £9,999.00 held for the two holders: £1.00 for anyone else.
    const refused = await reserve(outsider, next.id, '1000.00');
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).amount).toEqual([
      'Only £1.00 remains. £9,999.00 is held for existing holders’ pre-emption.',
    ]);
    // Staff manual investments go through the same gate.
    const manual = await admin.post(`/api/opportunities/${next.id}/investments`, {
      user_id: outsider.id,
      amount: '1000.00',
      type: 'manual',
      invested_on: today(),
      holding: { type: 'self' },
    });
    expect(manual.statusCode, manual.body).toBe(422);
    expect(errorsOf(manual).amount?.[0]).toMatch(/£9,999\.00 is held for existing holders’ pre-emption/);

    // The holder reserves their entitlement, and more than it only from what others may take.
    expect((await reserve(small, next.id, '2499.00')).statusCode).toBe(201);
    expect((await reserve(small, next.id, '150.00')).statusCode).toBe(422);
    const view = data<PreEmptionRound>(await admin.get(`/api/opportunities/${next.id}/pre-emption`));
    expect(view.totals.outstanding).toBe('7500.00');

    // The large holder declines: their entitlement is free for everyone.
    expect((await choose(large, next.id, { choice: 1 })).statusCode).toBe(200);
    expect((await reserve(outsider, next.id, '1000.00')).statusCode).toBe(201);
    expect((await reserve(large, next.id, '6000.00')).statusCode).toBe(201);
  });

  it('a decrease holds only the amount chosen', async () => {
    const { next, large } = await scenario();
    const outsider = await readyInvestor(t.ctx.db, t.ctx.clock);
    expect((await choose(large, next.id, { choice: 6, amount: '3000.00' })).statusCode).toBe(200);
    // held: £2,499.00 + £3,000.00 → £4,501.00 for others
    expect(errorsOf(await reserve(outsider, next.id, '4503.00')).amount?.[0]).toMatch(
      /^Only £4,501\.00 remains\./,
    );
    expect((await reserve(outsider, next.id, '4500.00')).statusCode).toBe(201);
  });

  it('stops holding entitlements once the window has ended', async () => {
    const { next, small } = await scenario();
    const outsider = await readyInvestor(t.ctx.db, t.ctx.clock);
    await t.ctx.db
      .update(opportunities)
      .set({ pre_emption_opens_on: dayFromToday(-15), pre_emption_ends_on: dayFromToday(-1) })
      .where(eq(opportunities.id, next.id));
    expect((await reserve(outsider, next.id, '6000.00')).statusCode).toBe(201);
    const view = data<PreEmptionRound>(await admin.get(`/api/opportunities/${next.id}/pre-emption`));
    expect(view).toMatchObject({ open: false, totals: { outstanding: '0.00' } });
    const late = await choose(small, next.id, { choice: 1 });
    expect(late.statusCode).toBe(422);
    expect(errorsOf(late).choice).toEqual([
      `The pre-emption window closed on ${longDate(dayFromToday(-1))}.`,
    ]);
  });

  it('takes holders’ choices within the offer period only, and holds their entitlements from the start', async () => {
    const { existing, next, small, opened } = await scenario();
    // opened today when no first day is given
    expect(opened.opens_on).toBe(t.ctx.clock.today());
    const backwards = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
      existing_investment_id: existing.id,
      opens_on: dayFromToday(10),
      ends_on: dayFromToday(5),
    });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards).ends_on?.[0]).toMatch(/cannot end before the offer opens/);
    const moved = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
      existing_investment_id: existing.id,
      opens_on: dayFromToday(2),
      ends_on: dayFromToday(16),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(data<PreEmptionRound>(moved)).toMatchObject({
      opens_on: dayFromToday(2),
      ends_on: dayFromToday(16),
      open: true,
      totals: { outstanding: '9999.00' },
    });
    const early = await choose(small, next.id, { choice: 2 });
    expect(early.statusCode).toBe(422);
    expect(errorsOf(early).choice).toEqual([
      `The pre-emption offer opens on ${longDate(dayFromToday(2))}: choose from then.`,
    ]);
  });
});

/**
 * The two room invariants of pre-emption, raced: whatever arrives at once, what is committed plus what is
 * still held for holders never passes the round's maximum. A choice or an opening is quicker to handle
 * than a reservation (which checks the investor's readiness first), so the requests start a few
 * milliseconds apart, interleaved, for their transactions to overlap. More of them on PostgreSQL, where
 * they really run side by side; PGlite runs one statement at a time.
 */
describe('the round’s room holds under parallel requests', () => {
  const many = usePostgres();

  const committedOf = async (id: number) =>
    data<{ committed_amount: string }>(await admin.get(`/api/opportunities/${id}`)).committed_amount;
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const agentsOf = async (users: UserRow[]) => {
    const agents: Agent[] = [];
    for (const user of users) agents.push(await t.as(user));
    return agents;
  };
  const readyMany = async (count: number) => {
    const users: UserRow[] = [];
    for (let index = 0; index < count; index += 1) users.push(await readyInvestor(t.ctx.db, t.ctx.clock));
    return users;
  };
  const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Each request starts `every` ms after the one before, in the order given. */
  const staggered = <T>(requests: Array<() => Promise<T>>, every: number) =>
    Promise.all(requests.map(async (go, index) => (await after(index * every), go())));
  const isOk = (code: number) => code === 200 || code === 201;

  it(
    'holders taking their right back and newcomers reserving never together pass the maximum',
    { timeout: 120_000 },
    async () => {
      // Ten (four on PGlite) equal holders: each is entitled to an equal share of the £10,000 maximum at
      // £1.00. All decline, so the whole round is free for anyone; then, at once, every holder takes their
      // right back (maintain) while newcomers reserve £500 each.
      const holderCount = many ? 10 : 4;
      const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
      const holders = await readyMany(holderCount);
      for (const holder of holders) await hold(existing.id, holder, '100');
      const next = await createOpportunity(t.ctx.db, {
        status: 2,
        published_at: new Date(),
        minimum_investment: '100.00',
        target_amount: '8000.00',
        maximum_amount: '10000.00',
        share_price: '1.000000',
      });
      const opened = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
        existing_investment_id: existing.id,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const holderAgents = await agentsOf(holders);
      for (const agent of holderAgents)
        expect((await put(agent, `/api/profile/pre-emption/${next.id}`, { choice: 1 })).statusCode).toBe(200);
      const newcomers = await agentsOf(await readyMany(many ? 30 : 8));

      const each = cents('10000.00') / holderCount;
      const reserve500 = (agent: Agent) => () =>
        agent.post('/api/investments', { opportunity_id: next.id, amount: '500.00' });
      const takeBack = (agent: Agent) => () =>
        put(agent, `/api/profile/pre-emption/${next.id}`, { choice: 2 });
      // Three reservations, then a holder, and so on.
      const requests = newcomers.map((agent) => ({ holder: false, go: reserve500(agent) }));
      holderAgents.forEach((agent, index) =>
        requests.splice(index * 4 + 3, 0, { holder: true, go: takeBack(agent) }),
      );
      const responses = await staggered(
        requests.map((request) => request.go),
        3,
      );

      expect(responses.every((response) => isOk(response.statusCode) || response.statusCode === 422)).toBe(
        true,
      );
      const okOf = (holder: boolean) =>
        responses.filter((response, index) => requests[index]?.holder === holder && isOk(response.statusCode))
          .length;
      const reservations = okOf(false);
      const takenBack = okOf(true);
      const view = data<PreEmptionRound>(await admin.get(`/api/opportunities/${next.id}/pre-emption`));
      const committed = await committedOf(next.id);
      expect(committed).toBe(`${reservations * 500}.00`);
      expect(cents(view.totals.outstanding)).toBe(takenBack * each);
      expect(cents(committed) + cents(view.totals.outstanding)).toBeLessThanOrEqual(cents('10000.00'));
    },
  );

  it(
    'opening pre-emption and newcomers’ reservations never together pass the maximum',
    { timeout: 120_000 },
    async () => {
      // One holder of every share: their entitlement is the whole £10,000 maximum.
      const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
      const holder = await readyInvestor(t.ctx.db, t.ctx.clock);
      await hold(existing.id, holder, '1000');
      const next = await createOpportunity(t.ctx.db, {
        status: 2,
        published_at: new Date(),
        minimum_investment: '100.00',
        target_amount: '8000.00',
        maximum_amount: '10000.00',
        share_price: '1.000000',
      });
      const newcomers = await agentsOf(await readyMany(many ? 30 : 8));
      const requests = newcomers.map(
        (agent) => () => agent.post('/api/investments', { opportunity_id: next.id, amount: '100.00' }),
      );
      const open = () =>
        admin.post(`/api/opportunities/${next.id}/pre-emption`, { existing_investment_id: existing.id });
      // Early among them: the opening is quicker to handle, so it sometimes wins and sometimes loses.
      const middle = Math.floor(requests.length / 4);
      requests.splice(middle, 0, open);
      const responses = await staggered(requests, 3);
      const opening = responses[middle];
      const reservations = responses.filter((_, index) => index !== middle);

      expect(reservations.every((response) => isOk(response.statusCode) || response.statusCode === 422)).toBe(
        true,
      );
      const accepted = reservations.filter((response) => response.statusCode === 201).length;
      expect(await committedOf(next.id)).toBe(`${accepted * 100}.00`);
      const [row] = await t.ctx.db.select().from(opportunities).where(eq(opportunities.id, next.id));
      if (opening?.statusCode === 200) {
        // Opened before any newcomer got in: the whole round is held for the holder, so none did after.
        expect(accepted).toBe(0);
        expect(row?.pre_emption_of_id).toBe(existing.id);
      } else {
        // A newcomer got in first: opening was refused and changed nothing.
        expect(opening?.statusCode, opening?.body).toBe(422);
        expect(accepted).toBeGreaterThan(0);
        expect(row?.pre_emption_of_id).toBeNull();
      }
    },
  );
});
