import { ROLES } from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  auditLog,
  fundCompanyStatuses,
  fundCompanyTransactions,
  industries,
  type UserRow,
} from '../../db/schema';
import { describeActivity } from '../activity/activity.describe';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { companyFigures } from './company-figures';

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;

type Errors = { message: string; errors: Record<string, string[]> };
type Company = Record<string, unknown> & { id: number };
type Transaction = {
  id: number;
  kind: string;
  date: string;
  amount: string | null;
  valuation: string | null;
  shares: string | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  reason: string | null;
};
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

const daysFromToday = (days: number) => {
  const today = new Date(`${t.ctx.clock.today()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};

async function newFund(currency = 'GBP') {
  const response = await admin.post('/api/funds', {
    name: `Fund ${Math.random().toString(36).slice(2, 8)}`,
    currency,
    target_size: '1000000',
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return Number(data(response).id);
}

async function newCompany(fundId: number, body: Record<string, unknown> = {}) {
  const response = await admin.post('/api/fund-companies', {
    fund_id: fundId,
    name: `Company ${Math.random().toString(36).slice(2, 8)}`,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Company>(response);
}

async function add(companyId: number, body: Record<string, unknown>, agent = admin) {
  return agent.post(`/api/fund-companies/${companyId}/transactions`, { date: '2025-01-10', ...body });
}
async function added(companyId: number, body: Record<string, unknown>) {
  const response = await add(companyId, body);
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Transaction>(response);
}
const company = async (id: number) => data<Company>(await admin.get(`/api/fund-companies/${id}`));
const figuresOf = async (id: number) => {
  const { cost, realised, valuation, multiple } = await company(id);
  return { cost, realised, valuation, multiple };
};

/** The database's error for a statement it refuses, or undefined when it took it. */
async function refusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
  }
}

const sentences = async (companyId: number) =>
  (
    await t.ctx.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'fund_company'), eq(auditLog.subject_id, companyId)))
      .orderBy(auditLog.id)
  ).map((row) =>
    describeActivity(
      row.action,
      row.before as Record<string, unknown> | null,
      row.after as Record<string, unknown> | null,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
  await admin.patch('/api/features', { enableFunds: true });
});
afterAll(async () => {
  await t.close();
});

describe('fund-investment companies', () => {
  it('creates a company in a fund, Active from its first investment, with its key information', async () => {
    const fundId = await newFund('EUR');
    const [industry] = await t.ctx.db
      .insert(industries)
      .values({ name: `Fintech ${fundId}` })
      .returning();
    const created = await admin.post('/api/fund-companies', {
      fund_id: fundId,
      name: '  Acme Robotics ',
      company_number: '01234567',
      industry_id: industry?.id,
      country: 'gb',
      website: 'https://acme.test',
      share_class: 'Series A preferred',
      first_investment_on: '2024-03-01',
      board_seat: true,
      lead_investor: 'Northzone',
      ownership_percent: '12.5',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(data(created)).toMatchObject({
      fund_id: fundId,
      fund: { id: fundId, currency: 'EUR' },
      name: 'Acme Robotics',
      company_number: '01234567',
      industry: { id: industry?.id, name: `Fintech ${fundId}` },
      country: 'GB',
      board_seat: true,
      lead_investor: 'Northzone',
      ownership_percent: '12.5000',
      status: 'active',
      status_on: '2024-03-01',
      cost: '0.00',
      realised: '0.00',
      valuation: '0.00',
      multiple: null,
    });
    const id = data<Company>(created).id;
    expect(await sentences(id)).toEqual([
      expect.stringMatching(/^Fund investment added: “Acme Robotics” in Fund /) as unknown,
      'Status set to active from 1 March 2024',
    ]);

    const changed = await admin.patch(`/api/fund-companies/${id}`, {
      ownership_percent: '7.25',
      board_seat: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data(changed)).toMatchObject({ ownership_percent: '7.2500', board_seat: false });
    expect((await sentences(id)).at(-1)).toMatch(/^Details changed:/);
  });

  it('answers 422 on the fields: a missing or unknown fund, a bad ownership, a future date', async () => {
    const fundId = await newFund();
    const missing = await admin.post('/api/fund-companies', { name: 'No fund' });
    expect(missing.statusCode).toBe(422);
    expect(json<Errors>(missing).errors).toHaveProperty('fund_id');
    const unknown = await admin.post('/api/fund-companies', { fund_id: 99_999_999, name: 'Ghost' });
    expect(unknown.statusCode).toBe(422);
    expect(json<Errors>(unknown).errors.fund_id).toEqual(['The selected fund is invalid.']);
    const bad = await admin.post('/api/fund-companies', {
      fund_id: fundId,
      name: '',
      ownership_percent: '101',
      industry_id: 99_999_999,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['name', 'ownership_percent']);
    const unknownIndustry = await admin.post('/api/fund-companies', {
      fund_id: fundId,
      name: 'X',
      industry_id: 99_999_999,
    });
    expect(json<Errors>(unknownIndustry).errors.industry_id).toEqual(['The selected industry is invalid.']);
    const future = await admin.post('/api/fund-companies', {
      fund_id: fundId,
      name: 'Later',
      first_investment_on: daysFromToday(1),
    });
    expect(json<Errors>(future).errors).toHaveProperty('first_investment_on');
  });

  it('lists with the fund and status filters and a search, and 404s an unknown company', async () => {
    const fundA = await newFund();
    const fundB = await newFund();
    const alpha = await newCompany(fundA, { name: 'Alpha Listing Ltd', company_number: 'AL123' });
    const beta = await newCompany(fundA, { name: 'Beta Listing Ltd', first_investment_on: '2024-01-01' });
    await newCompany(fundB, { name: 'Gamma Listing Ltd' });
    await admin.post(`/api/fund-companies/${beta.id}/statuses`, {
      status: 'exited',
      effective_on: '2025-06-01',
    });

    const byFund = json<{ data: Company[]; meta: { total: number } }>(
      await admin.get(`/api/fund-companies?filter[fund]=${fundA}`),
    );
    expect(byFund.data.map((row) => row.name)).toEqual(['Alpha Listing Ltd', 'Beta Listing Ltd']);
    expect(byFund.meta.total).toBe(2);
    const exited = json<{ data: Company[] }>(
      await admin.get(`/api/fund-companies?filter[fund]=${fundA}&filter[status]=exited`),
    );
    expect(exited.data.map((row) => [row.name, row.status])).toEqual([['Beta Listing Ltd', 'exited']]);
    const searched = json<{ data: Company[] }>(await admin.get('/api/fund-companies?filter[search]=al123'));
    expect(searched.data.map((row) => row.id)).toEqual([alpha.id]);
    const sorted = json<{ data: Company[] }>(
      await admin.get(`/api/fund-companies?filter[fund]=${fundA}&sort=-name`),
    );
    expect(sorted.data.map((row) => row.name)).toEqual(['Beta Listing Ltd', 'Alpha Listing Ltd']);
    expect((await admin.get('/api/fund-companies/99999999')).statusCode).toBe(404);
  });

  it('computes the figures exactly: cost, realised, valuation and multiple, net of reversals', async () => {
    const fundId = await newFund();
    const { id } = await newCompany(fundId);
    await added(id, { kind: 'investment', amount: '100000.10', shares: '1000', date: '2024-01-01' });
    const followOn = await added(id, { kind: 'follow_on', amount: '50000.20', date: '2024-06-01' });
    expect(await figuresOf(id)).toEqual({
      cost: '150000.30',
      realised: '0.00',
      valuation: '150000.30',
      multiple: '1.00',
    });
    await added(id, { kind: 'valuation', valuation: '300000.60', date: '2024-12-31' });
    await added(id, { kind: 'dividend', amount: '1000.01', date: '2025-01-05' });
    expect(await figuresOf(id)).toEqual({
      cost: '150000.30',
      realised: '1000.01',
      valuation: '300000.60',
      multiple: '2.01',
    });
    // a later valuation entered earlier in date does not win; the latest date does
    await added(id, { kind: 'valuation', valuation: '10.00', date: '2024-07-01' });
    expect((await figuresOf(id)).valuation).toBe('300000.60');
    // reversing the follow-on takes it out of the cost
    const reversed = await admin.post(`/api/fund-companies/${id}/transactions/${followOn.id}/reversals`, {
      reason: 'Entered twice',
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(data<Transaction>(reversed)).toMatchObject({
      kind: 'follow_on',
      date: '2024-06-01',
      amount: '-50000.20',
      reverses_id: followOn.id,
      reason: 'Entered twice',
    });
    expect(await figuresOf(id)).toEqual({
      cost: '100000.10',
      realised: '1000.01',
      valuation: '300000.60',
      multiple: '3.01',
    });
    await added(id, { kind: 'partial_exit', amount: '40000', date: '2025-01-06' });
    await added(id, { kind: 'exit', amount: '250000.00', date: '2025-01-07' });
    expect(await figuresOf(id)).toEqual({
      cost: '100000.10',
      realised: '291000.01',
      valuation: '0.00',
      multiple: '2.91',
    });
  });

  it('values a written-off company at nothing, and a reversed valuation no longer counts', async () => {
    const fundId = await newFund();
    const { id } = await newCompany(fundId);
    await added(id, { kind: 'investment', amount: '200', date: '2024-01-01' });
    const valuation = await added(id, { kind: 'valuation', valuation: '500', date: '2024-02-01' });
    expect((await figuresOf(id)).multiple).toBe('2.50');
    await admin.post(`/api/fund-companies/${id}/transactions/${valuation.id}/reversals`, {
      reason: 'Wrong round',
    });
    expect(await figuresOf(id)).toMatchObject({ valuation: '200.00', multiple: '1.00' });
    await added(id, { kind: 'write_off', date: '2024-03-01' });
    expect(await figuresOf(id)).toMatchObject({ valuation: '0.00', multiple: '0.00' });
    const list = await admin.get(`/api/fund-companies/${id}/transactions`);
    expect(data<Transaction[]>(list).map((row) => [row.kind, row.reversed_by_id !== null])).toEqual([
      ['investment', false],
      ['valuation', true],
      ['valuation', false],
      ['write_off', false],
    ]);
  });

  it('answers 422 on a transaction’s fields: amounts by kind, a future date', async () => {
    const { id } = await newCompany(await newFund());
    const noAmount = await add(id, { kind: 'investment' });
    expect(json<Errors>(noAmount).errors).toHaveProperty('amount');
    const noValue = await add(id, { kind: 'valuation', amount: '10' });
    expect(Object.keys(json<Errors>(noValue).errors).sort()).toEqual(['amount', 'valuation']);
    const negative = await add(id, { kind: 'dividend', amount: '-5' });
    expect(json<Errors>(negative).errors).toHaveProperty('amount');
    const future = await add(id, { kind: 'investment', amount: '10', date: daysFromToday(1) });
    expect(future.statusCode).toBe(422);
    expect(json<Errors>(future).errors.date).toEqual(['The transaction’s date cannot be in the future.']);
    expect((await add(id, { kind: 'investment', amount: '10', date: t.ctx.clock.today() })).statusCode).toBe(
      201,
    );
    expect((await add(99_999_999, { kind: 'investment', amount: '10' })).statusCode).toBe(404);
  });

  it('reverses a transaction once, never a reversal, and audits it with a sentence', async () => {
    const { id } = await newCompany(await newFund());
    const investment = await added(id, { kind: 'investment', amount: '1234.56', date: '2024-05-05' });
    const path = `/api/fund-companies/${id}/transactions/${investment.id}/reversals`;
    const noReason = await admin.post(path, { reason: ' ' });
    expect(json<Errors>(noReason).errors).toHaveProperty('reason');
    const first = await admin.post(path, { reason: 'Wrong company' });
    expect(first.statusCode).toBe(201);
    const again = await admin.post(path, { reason: 'Again' });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors.reason?.[0]).toMatch(/already reversed/);
    const ofReversal = await admin.post(
      `/api/fund-companies/${id}/transactions/${data<Transaction>(first).id}/reversals`,
      { reason: 'Undo the undo' },
    );
    expect(json<Errors>(ofReversal).errors.reason?.[0]).toMatch(/not itself reversed/);
    const other = await newCompany(await newFund());
    expect(
      (
        await admin.post(`/api/fund-companies/${other.id}/transactions/${investment.id}/reversals`, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(await sentences(id)).toEqual(
      expect.arrayContaining([
        'Investment recorded: £1,234.56 on 5 May 2024',
        'Reversed the investment of £1,234.56 on 5 May 2024: Wrong company',
      ]),
    );
  });

  it('keeps transactions and statuses append-only in the database, and a reversal exact', async () => {
    const { id } = await newCompany(await newFund());
    const investment = await added(id, { kind: 'investment', amount: '100', date: '2024-05-05' });
    const db = t.ctx.db;
    expect(
      await refusal(
        db
          .update(fundCompanyTransactions)
          .set({ amount: '1.00' })
          .where(eq(fundCompanyTransactions.id, investment.id)),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(db.delete(fundCompanyTransactions).where(eq(fundCompanyTransactions.id, investment.id))),
    ).toMatch(/append-only/);
    expect(
      await refusal(
        db.update(fundCompanyStatuses).set({ status: 'ipo' }).where(eq(fundCompanyStatuses.company_id, id)),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(db.delete(fundCompanyStatuses).where(eq(fundCompanyStatuses.company_id, id))),
    ).toMatch(/append-only/);
    // an original with no amount, a negative one, an unknown kind: refused by the checks
    expect(
      await refusal(
        db.execute(
          sql`insert into fund_company_transactions (company_id, kind, effective_on) values (${id}, 'investment', '2024-01-01')`,
        ),
      ),
    ).toMatch(/fund_company_transactions_original_or_reversal/);
    expect(
      await refusal(
        db.execute(
          sql`insert into fund_company_transactions (company_id, kind, effective_on, amount) values (${id}, 'bribe', '2024-01-01', 5)`,
        ),
      ),
    ).toMatch(/fund_company_transactions_kind_known/);
    // a reversal written by hand still undoes exactly its original, once
    const [reversal] = await db
      .insert(fundCompanyTransactions)
      .values({
        company_id: id,
        kind: 'dividend',
        effective_on: '2030-01-01',
        amount: '-999.00',
        reverses_id: investment.id,
        reason: 'by hand',
      })
      .returning();
    expect(reversal).toMatchObject({ kind: 'investment', effective_on: '2024-05-05', amount: '-100.00' });
    expect(
      await refusal(
        db.insert(fundCompanyTransactions).values({
          company_id: id,
          kind: 'investment',
          effective_on: '2024-05-05',
          reverses_id: investment.id,
          reason: 'twice',
        }),
      ),
    ).toMatch(/fund_company_transactions_reversed_once/);
    expect(companyFigures([])).toEqual({ cost: '0.00', realised: '0.00', valuation: '0.00', multiple: null });
  });

  it('records maturity statuses (latest is current), not in the future', async () => {
    const { id } = await newCompany(await newFund(), { first_investment_on: '2023-01-01' });
    const path = `/api/fund-companies/${id}/statuses`;
    const dormant = await admin.post(path, {
      status: 'dormant',
      effective_on: '2024-01-01',
      note: 'Quiet year',
    });
    expect(dormant.statusCode, dormant.body).toBe(201);
    // a back-dated status joins the history without becoming current
    await admin.post(path, { status: 'active', effective_on: '2023-06-01' });
    expect(await company(id)).toMatchObject({ status: 'dormant', status_on: '2024-01-01' });
    const history = data<Array<{ status: string; effective_on: string; note: string | null }>>(
      await admin.get(path),
    );
    expect(history.map((row) => [row.status, row.effective_on])).toEqual([
      ['dormant', '2024-01-01'],
      ['active', '2023-06-01'],
      ['active', '2023-01-01'],
    ]);
    const future = await admin.post(path, { status: 'exited', effective_on: daysFromToday(1) });
    expect(json<Errors>(future).errors.effective_on).toEqual(['The status’s date cannot be in the future.']);
    const unknown = await admin.post(path, { status: 'bankrupt', effective_on: '2024-01-01' });
    expect(json<Errors>(unknown).errors).toHaveProperty('status');
    await admin.post(path, { status: 'written_off', effective_on: t.ctx.clock.today() });
    expect((await company(id)).status).toBe('written_off');
    expect(await sentences(id)).toContain(
      'Status changed from dormant to written off from ' + (await sentenceDay()),
    );
  });

  it('deletes a company without transactions (its statuses with it), refuses one with them', async () => {
    const fundId = await newFund();
    const empty = await newCompany(fundId);
    await admin.post(`/api/fund-companies/${empty.id}/statuses`, {
      status: 'dormant',
      effective_on: '2024-01-01',
    });
    const removed = await admin.delete(`/api/fund-companies/${empty.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await admin.get(`/api/fund-companies/${empty.id}`)).statusCode).toBe(404);
    const left = await t.ctx.db
      .select()
      .from(fundCompanyStatuses)
      .where(eq(fundCompanyStatuses.company_id, empty.id));
    expect(left).toEqual([]);
    expect(await sentences(empty.id)).toContain(`Fund investment deleted: “${String(empty.name)}”`);

    const busy = await newCompany(fundId);
    await added(busy.id, { kind: 'investment', amount: '10' });
    const refused = await admin.delete(`/api/fund-companies/${busy.id}`);
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.id?.[0]).toMatch(/1 transaction: it cannot be deleted/);
  });

  it('answers the fund’s portfolio with each company’s figures and the totals', async () => {
    const fundId = await newFund('USD');
    const a = await newCompany(fundId, { name: 'A Portfolio', ownership_percent: '10' });
    const b = await newCompany(fundId, { name: 'B Portfolio' });
    await added(a.id, { kind: 'investment', amount: '100.00' });
    await added(a.id, { kind: 'valuation', valuation: '350.00', date: '2025-02-01' });
    await added(b.id, { kind: 'investment', amount: '300.00' });
    await added(b.id, { kind: 'dividend', amount: '50.00' });
    const response = await admin.get(`/api/funds/${fundId}/portfolio`);
    expect(response.statusCode, response.body).toBe(200);
    const portfolio = data<{
      currency: string;
      companies: Company[];
      totals: Record<string, unknown>;
    }>(response);
    expect(portfolio.currency).toBe('USD');
    expect(
      portfolio.companies.map((row) => [row.name, row.cost, row.valuation, row.ownership_percent]),
    ).toEqual([
      ['A Portfolio', '100.00', '350.00', '10.0000'],
      ['B Portfolio', '300.00', '300.00', null],
    ]);
    // (650 + 50) / 400 = 1.75
    expect(portfolio.totals).toEqual({
      cost: '400.00',
      realised: '50.00',
      valuation: '650.00',
      multiple: '1.75',
    });
    expect((await admin.get('/api/funds/99999999/portfolio')).statusCode).toBe(404);
  });
});

/** Today's date as the activity writes it (the status test records one today). */
async function sentenceDay() {
  const { longDate } = await import('../../platform/dates');
  return longDate(t.ctx.clock.today());
}

describe('notes, calls and tasks of a company', () => {
  it('keeps notes under the funds resource and feature, and deletes them with the company', async () => {
    const { id } = await newCompany(await newFund());
    const added = await admin.post(`/api/fund-companies/${id}/notes`, {
      body: 'Board meeting: runway 18 months',
    });
    expect(added.statusCode, added.body).toBe(201);
    const listed = json<{ data: Array<{ body: string }> }>(
      await admin.get(`/api/fund-companies/${id}/notes`),
    );
    expect(listed.data.map((note) => note.body)).toEqual(['Board meeting: runway 18 months']);
    const investmentManager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await investmentManager.get(`/api/fund-companies/${id}/notes`)).statusCode).toBe(403);
    await admin.patch('/api/features', { enableFunds: false });
    try {
      expect((await admin.get(`/api/fund-companies/${id}/notes`)).statusCode).toBe(404);
    } finally {
      await admin.patch('/api/features', { enableFunds: true });
    }
    expect((await admin.delete(`/api/fund-companies/${id}`)).statusCode).toBe(204);
    const left = await t.ctx.db.execute(
      sql`select count(*)::int as n from notes where subject_type = 'fund_company' and subject_id = ${id}`,
    );
    expect(rowsOf<{ n: number }>(left)[0]?.n).toBe(0);
  });
});

describe('who may', () => {
  it('lets the Fund Manager read, change and delete but not create; refuses others', async () => {
    const fundId = await newFund();
    const { id } = await newCompany(fundId);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.FUND_MANAGER));
    expect((await manager.get('/api/fund-companies')).statusCode).toBe(200);
    expect((await manager.get(`/api/fund-companies/${id}`)).statusCode).toBe(200);
    expect((await manager.post('/api/fund-companies', { fund_id: fundId, name: 'Nope' })).statusCode).toBe(
      403,
    );
    expect((await manager.patch(`/api/fund-companies/${id}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await add(id, { kind: 'investment', amount: '5' }, manager)).statusCode).toBe(201);
    const investmentManager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await investmentManager.get('/api/fund-companies')).statusCode).toBe(403);
    expect((await add(id, { kind: 'investment', amount: '5' }, investmentManager)).statusCode).toBe(403);
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.get(`/api/fund-companies/${id}/transactions`)).statusCode).toBe(403);
    expect((await investor.get(`/api/funds/${fundId}/portfolio`)).statusCode).toBe(403);
  });

  it('answers 404 on every route while the funds feature is off', async () => {
    const fundId = await newFund();
    const { id } = await newCompany(fundId);
    await admin.patch('/api/features', { enableFunds: false });
    try {
      const codes = (
        await Promise.all([
          admin.get('/api/fund-companies'),
          admin.get('/api/fund-companies/export?format=csv'),
          admin.post('/api/fund-companies', { fund_id: fundId, name: 'X' }),
          admin.get(`/api/fund-companies/${id}`),
          admin.patch(`/api/fund-companies/${id}`, { name: 'Y' }),
          admin.delete(`/api/fund-companies/${id}`),
          admin.get(`/api/fund-companies/${id}/transactions`),
          add(id, { kind: 'investment', amount: '1' }),
          admin.post(`/api/fund-companies/${id}/transactions/1/reversals`, { reason: 'x' }),
          admin.get(`/api/fund-companies/${id}/statuses`),
          admin.post(`/api/fund-companies/${id}/statuses`, { status: 'ipo', effective_on: '2024-01-01' }),
          admin.get(`/api/funds/${fundId}/portfolio`),
        ])
      ).map((response) => response.statusCode);
      expect(codes).toEqual(Array.from({ length: 12 }, () => 404));
    } finally {
      await admin.patch('/api/features', { enableFunds: true });
    }
  });
});
