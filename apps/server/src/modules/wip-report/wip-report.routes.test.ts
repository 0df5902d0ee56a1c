import { can, ROLE_IDS, ROLES, type OverviewMoney, type WipReport } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  investments,
  investorProfiles,
  pipelineDeals,
  pipelines,
  pipelineStages,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { londonDate } from '../../platform/time';
import { insertInvestmentWithMoney } from '../investment-transactions/ledger';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';
import { daysBetween } from './wip-report.service';

let t: TestApp;
let admin: Agent;
let manager: UserRow;

type Totals = {
  totals: { committed: string | null; received: string | null; by_currency: Array<{ currency: string }> };
};
/** The value, or the test fails here. */
function must<T>(value: T | null | undefined): T {
  expect(value).toBeDefined();
  if (value === null || value === undefined) throw new Error('missing');
  return value;
}
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;
const today = () => londonDate(t.ctx.clock.now());
/** A London date `days` after today, by the test clock. */
const day = (days: number) => {
  const date = new Date(`${today()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function invest(opportunityId: number, amount: string, status: string, paid?: string) {
  const investor = await createUser(t.ctx.db);
  return insertInvestmentWithMoney(
    t.ctx.db,
    {
      opportunity_id: opportunityId,
      user_id: investor.id,
      amount,
      status: status as 'reserved',
      ...(paid ? { paid_amount: paid } : {}),
      ...(status === 'cancelled' ? { cancelled_at: new Date(), cancel_reason: 'Changed their mind' } : {}),
    },
    { received_on: today() },
  );
}

const wip = async () => {
  const response = await admin.get('/api/reports/wip');
  expect(response.statusCode, response.body).toBe(200);
  return data<WipReport>(response);
};

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  manager = await createStaff(t.ctx.db, ROLES.FUND_MANAGER, { name: 'Mona Manager' });
});
afterAll(() => t.close());

describe('WIP report permissions (spec §6 wip_report, overview)', () => {
  it.each(ROLE_IDS.map((role) => [role]))('answers role %i as the table gives it', async (role) => {
    const agent = await t.as(
      role === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, role),
    );
    const staff = role !== ROLES.USER;
    const expected = (resource: 'wip_report' | 'overview', action: 'index' | 'show') =>
      staff && can(role, resource, action) ? 200 : 403;
    expect((await agent.get('/api/reports/wip')).statusCode).toBe(expected('wip_report', 'index'));
    expect((await agent.get('/api/reports/wip/export?format=xlsx')).statusCode).toBe(
      expected('wip_report', 'show'),
    );
    const saved = await agent.post('/api/reports/wip/snapshots', { title: `Committee ${role}` });
    expect(saved.statusCode, saved.body).toBe(staff && can(role, 'wip_report', 'create') ? 201 : 403);
    expect((await agent.get('/api/reports/wip/snapshots')).statusCode).toBe(expected('wip_report', 'index'));
    for (const path of ['overview', 'money', 'onboarding', 'activity'])
      expect((await agent.get(`/api/stats/${path}`)).statusCode, path).toBe(expected('overview', 'index'));
  });

  it('answers a guest 401', async () => {
    expect((await t.agent().get('/api/reports/wip')).statusCode).toBe(401);
    expect((await t.agent().get('/api/stats/money')).statusCode).toBe(401);
  });
});

describe('WIP report figures', () => {
  it('gives each live raise the committed and paid of its own Transactions tab, to the penny', async () => {
    const pipeline = must((await t.ctx.db.insert(pipelines).values({ name: 'WIP pipeline' }).returning())[0]);
    const stage = must(
      (
        await t.ctx.db
          .insert(pipelineStages)
          .values({ pipeline_id: pipeline.id, name: 'Due diligence' })
          .returning()
      )[0],
    );
    const [deal] = await t.ctx.db
      .insert(pipelineDeals)
      .values({
        pipeline_id: pipeline.id,
        stage_id: stage.id,
        name: 'WIP deal',
        company_name: 'WIP Co',
        amount_sought: '300000.10',
        owner_id: manager.id,
      })
      .returning();
    const gbp = await createOpportunity(t.ctx.db, {
      status: 2,
      name: 'WIP Sterling raise',
      target_amount: '10000.00',
      maximum_amount: '20000.00',
      pipeline_deal_id: must(deal).id,
    });
    await invest(gbp.id, '1000.33', 'reserved');
    await invest(gbp.id, '2500.25', 'paid');
    await invest(gbp.id, '400.00', 'reserved', '150.10');
    await invest(gbp.id, '999.99', 'cancelled');
    const eur = await createOpportunity(t.ctx.db, {
      status: 4,
      name: 'WIP Euro raise',
      currency: 'EUR',
      target_amount: '5000.00',
      maximum_amount: '9000.00',
      created_by: manager.id,
    });
    await invest(eur.id, '6000.00', 'paid');
    // neither a draft nor a completed round is a live raise
    const draft = await createOpportunity(t.ctx.db, { status: 1 });
    const completed = await createOpportunity(t.ctx.db, { status: 5 });

    const report = await wip();
    expect(report.as_of).toBe(today());
    const ids = report.raises.map((raise) => raise.id);
    expect(ids).toEqual(expect.arrayContaining([gbp.id, eur.id]));
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(completed.id);
    for (const opportunity of [gbp, eur]) {
      const tab = json<Totals>(await admin.get(`/api/opportunities/${opportunity.id}/investments`));
      const row = must(report.raises.find((raise) => raise.id === opportunity.id));
      expect(row.committed).toBe(tab.totals.committed);
      expect(row.paid).toBe(tab.totals.received);
    }
    const sterling = report.raises.find((raise) => raise.id === gbp.id);
    expect(sterling).toMatchObject({
      currency: 'GBP',
      target: '10000.00',
      committed: '3900.58',
      paid: '2650.35',
      remaining: '6099.42',
      percent_of_target: 39,
      manager: { id: manager.id, name: 'Mona Manager' },
    });
    // more committed than the target: nothing remains, past 100%
    expect(report.raises.find((raise) => raise.id === eur.id)).toMatchObject({
      currency: 'EUR',
      committed: '6000.00',
      remaining: '0.00',
      percent_of_target: 120,
      manager: { id: manager.id },
    });
    // never added across currencies
    const currencies = report.raise_totals.committed.map((line) => line.currency);
    expect(currencies).toEqual(['EUR', 'GBP']);
    const stageRow = report.pipelines.find((row) => row.id === pipeline.id)?.stages[0];
    expect(stageRow).toEqual({ id: stage.id, name: 'Due diligence', deals: 1, value: '300000.10' });
    const mona = must(report.by_manager.find((group) => group.manager?.id === manager.id));
    expect(mona.raises).toBe(2);
    expect(mona.committed).toEqual([
      { currency: 'EUR', amount: '6000.00' },
      { currency: 'GBP', amount: '3900.58' },
    ]);
  });

  it('shows a cash call outstanding, overdue by the London date of the clock', async () => {
    const opportunity = await createOpportunity(t.ctx.db, {
      status: 2,
      name: 'WIP cash call raise',
      currency: 'USD',
    });
    const first = await invest(opportunity.id, '1200.00', 'reserved');
    await invest(opportunity.id, '800.40', 'reserved');
    const due = day(3);
    const issued = await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, { due_date: due });
    expect(issued.statusCode, issued.body).toBe(201);
    const callId = data<{ id: number }>(issued).id;

    const before = (await wip()).cash_calls.find((call) => call.id === callId);
    expect(before).toMatchObject({
      amount: '2000.40',
      outstanding: '2000.40',
      due_date: due,
      overdue: false,
      days_overdue: 0,
      currency: 'USD',
      investments: 2,
    });

    // five days on, the call is two days late; part of one investment came in
    t.ctx.clock.advance(5 * 86_400);
    await t.ctx.db.transaction(async (tx) => {
      const { investmentPayments } = await import('../../db/schema');
      await tx.insert(investmentPayments).values({
        investment_id: first.id,
        opportunity_id: opportunity.id,
        user_id: first.user_id,
        amount: '200.00',
        paid_delta: '200.00',
        received_on: today(),
      });
      await tx.update(investments).set({ paid_amount: '200.00' }).where(eq(investments.id, first.id));
    });
    const later = await wip();
    expect(daysBetween(due, later.as_of)).toBe(2);
    expect(later.cash_calls.find((call) => call.id === callId)).toMatchObject({
      outstanding: '1800.40',
      overdue: true,
      days_overdue: 2,
    });
    expect(later.cash_call_totals.overdue).toContainEqual({ currency: 'USD', amount: '1800.40' });

    const money = data<OverviewMoney>(await admin.get('/api/stats/money'));
    expect(money.cash_outstanding.overdue).toContainEqual({ currency: 'USD', amount: '1800.40' });
    expect(money.cash_outstanding.outstanding).toContainEqual({ currency: 'USD', amount: '1800.40' });
  });

  it('exports an Excel workbook and a PDF, dated with the London date', async () => {
    const xlsx = await admin.get('/api/reports/wip/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="wip-report-${today()}.xlsx"`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Deals',
      'Live raises',
      'Cash calls',
      'By manager',
    ]);
    const raises = must(book.getWorksheet('Live raises'));
    const row = raises
      .getSheetValues()
      .find((values) => Array.isArray(values) && values[1] === 'WIP Sterling raise') as unknown[];
    // money cells are numbers, formatted in their currency
    expect(row[5]).toBe(3900.58);
    expect(row[6]).toBe(2650.35);

    const pdf = await admin.get('/api/reports/wip/export?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="wip-report-${today()}.pdf"`);

    expect((await admin.get('/api/reports/wip/export?format=csv')).statusCode).toBe(422);
  });
});

describe('the /admin overview’s figures', () => {
  it('adds up money raised per currency, this London year and in total', async () => {
    const chf = await createOpportunity(t.ctx.db, { status: 5, currency: 'CHF' });
    const first = await invest(chf.id, '1000.10', 'completed');
    await invest(chf.id, '2000.20', 'paid');
    await invest(chf.id, '500.00', 'reserved');
    // paid before this year: in the total only
    await t.ctx.db
      .update(investments)
      .set({ paid_at: new Date(`${Number(today().slice(0, 4)) - 1}-06-01T12:00:00Z`) })
      .where(eq(investments.id, first.id));
    const money = data<OverviewMoney>(await admin.get('/api/stats/money'));
    expect(money.year).toBe(Number(today().slice(0, 4)));
    expect(money.raised_total).toContainEqual({ currency: 'CHF', amount: '3000.30' });
    expect(money.raised_this_year).toContainEqual({ currency: 'CHF', amount: '2000.20' });
    const report = await wip();
    expect(money.live_raises.count).toBe(report.raise_totals.count);
    expect(money.live_raises.committed).toEqual(report.raise_totals.committed);
  });

  it('counts active investors by onboarding state, and those who invested', async () => {
    type Onboarding = { total: number; invested: number; states: Array<{ state: string; count: number }> };
    const read = async () => data<Onboarding>(await admin.get('/api/stats/onboarding'));
    const countOf = (body: Onboarding, state: string) =>
      body.states.find((line) => line.state === state)?.count;
    const before = await read();
    const ready = await createUser(t.ctx.db);
    await t.ctx.db.insert(investorProfiles).values({ user_id: ready.id, onboarding_state: 'complete' });
    const gone = await createUser(t.ctx.db, { deactivated_at: new Date() });
    await t.ctx.db.insert(investorProfiles).values({ user_id: gone.id, onboarding_state: 'complete' });
    const opportunity = await createOpportunity(t.ctx.db, { status: 2 });
    await insertInvestmentWithMoney(
      t.ctx.db,
      { opportunity_id: opportunity.id, user_id: ready.id, amount: '100.00' },
      { received_on: today() },
    );
    const after = await read();
    expect(after.states.map((line) => line.state)).toEqual([
      'registered',
      'verified',
      'categorised',
      'documents',
      'complete',
    ]);
    // the deactivated investor is not counted
    expect(countOf(after, 'complete')).toBe((countOf(before, 'complete') ?? 0) + 1);
    expect(after.total).toBe(before.total + 1);
    expect(after.invested).toBe(before.invested + 1);
  });

  it('lists the latest activity as sentences, newest first, and uses London weeks', async () => {
    await admin.post('/api/pipelines', { name: 'Activity pipeline' });
    const activity = json<{ data: Array<{ description: string; created_at: string }> }>(
      await admin.get('/api/stats/activity'),
    );
    expect(activity.data.length).toBeGreaterThan(0);
    expect(activity.data.length).toBeLessThanOrEqual(10);
    for (const entry of activity.data) expect(entry.description).not.toBe('');
    const stamps = activity.data.map((entry) => entry.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);

    const stats = data<{ registrations_by_week: Array<{ week_start: string }> }>(
      await admin.get('/api/stats/overview'),
    );
    const last = must(stats.registrations_by_week.at(-1)).week_start;
    expect(new Date(`${last}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(daysBetween(last, today())).toBeGreaterThanOrEqual(0);
    expect(daysBetween(last, today())).toBeLessThan(7);
  });
});

describe('WIP snapshots (wip_report create)', () => {
  it('keeps a dated, frozen copy while the live report moves on, and exports it', async () => {
    const opportunity = await createOpportunity(t.ctx.db, {
      status: 2,
      name: 'WIP snapshot raise',
      target_amount: '1000.00',
      maximum_amount: '5000.00',
    });
    await invest(opportunity.id, '100.00', 'reserved');
    const committee = await t.as(
      await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE, { name: 'Ida Committee' }),
    );
    const response = await committee.post('/api/reports/wip/snapshots', { title: '  December committee  ' });
    expect(response.statusCode, response.body).toBe(201);
    const snapshot = data<{
      id: number;
      title: string;
      as_of: string;
      created_by: { name: string } | null;
      report: WipReport;
    }>(response);
    expect(snapshot).toMatchObject({ title: 'December committee', as_of: today() });
    expect(snapshot.created_by?.name).toBe('Ida Committee');
    const row = (raises: WipReport['raises']) => raises.find((raise) => raise.id === opportunity.id);
    expect(row(snapshot.report.raises)?.committed).toBe('100.00');

    await invest(opportunity.id, '250.50', 'reserved');
    expect(row((await wip()).raises)?.committed).toBe('350.50');
    const kept = data<{ report: WipReport }>(
      await committee.get(`/api/reports/wip/snapshots/${snapshot.id}`),
    );
    expect(row(kept.report.raises)?.committed).toBe('100.00');
    const list = data<Array<{ id: number; title: string }>>(
      await committee.get('/api/reports/wip/snapshots'),
    );
    expect(list[0]).toMatchObject({ id: snapshot.id, title: 'December committee' });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'wip_snapshot.created'));
    expect(audit.some((entry) => entry.subject_id === snapshot.id)).toBe(true);

    const pdf = await committee.get(`/api/reports/wip/snapshots/${snapshot.id}/export?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="wip-snapshot-${snapshot.id}-${snapshot.as_of}.pdf"`,
    );
  });

  it('refuses an empty title (422) and answers 404 for a snapshot that does not exist', async () => {
    const refused = await admin.post('/api/reports/wip/snapshots', { title: '   ' });
    expect(refused.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(refused).errors.title).toBeDefined();
    expect((await admin.get('/api/reports/wip/snapshots/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/reports/wip/snapshots/999999/export?format=xlsx')).statusCode).toBe(404);
  });
});
