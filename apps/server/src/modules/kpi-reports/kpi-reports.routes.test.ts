import { can, ROLE_IDS, ROLES, type RoleId } from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdingTransactions,
  kpiCategories,
  kpiReportReminders,
  kpis,
  kpiValues,
  mailOutbox,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { XLSX_TYPE, xlsxOf } from '../../test/spreadsheets';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * KPI reports (issue 19): every permission cell of kpi, kpiPortfolio, custom_kpis and kpi_report_types;
 * the Entrepreneur's link; the schedule's states on a fixed day; append-only corrections; the investor's
 * series; reminders once; import previews. The clock is moved to 15 May 2030 (London) before anything.
 */

let t: TestApp;
const agents = new Map<RoleId, Agent>();
let admin: Agent;
let acme: OpportunityRow;
let birch: OpportunityRow;
let live: OpportunityRow;
let revenue: number;
let headcount: number;
let margin: number;
let notes: number;
let entrepreneur: UserRow;
let entrepreneurAgent: Agent;
let loneEntrepreneurAgent: Agent;
let holder: Agent;
let stranger: Agent;

const TODAY = '2030-05-15';
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const agentOf = (role: RoleId) => agents.get(role) as Agent;
const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('missing test data');
  return value;
};

type Report = {
  id: number;
  period: string;
  values: Array<{ key: string; value: string; history: Array<{ value: string }> }>;
};
type ScheduleRow = {
  opportunity_id: number;
  state: string;
  periods: Array<{
    period: string;
    state: string;
    due_on: string;
    days_overdue: number | null;
    days_until_due: number | null;
  }>;
  last_reported_on: string | null;
  can_submit: boolean;
};

async function settle(opportunityId: number, body: Record<string, unknown>) {
  const response = await admin.request({
    method: 'PUT',
    url: `/api/kpi-reports/settings/${opportunityId}`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return data(response);
}

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  // 12:00 UTC on 15 May 2030 is 13:00 in London
  t.ctx.clock.advance(Math.round((Date.parse(`${TODAY}T12:00:00Z`) - t.ctx.clock.now().getTime()) / 1000));
  expect(t.ctx.clock.today()).toBe(TODAY);
  for (const role of ROLE_IDS) agents.set(role, await t.as(await createUser(t.ctx.db, { role_id: role })));
  admin = agentOf(ROLES.SUPER_ADMIN);
  const [category] = await t.ctx.db
    .insert(kpiCategories)
    .values({ name: `Finance ${Math.random()}`, position: 0 })
    .returning();
  const insertKpi = async (
    name: string,
    unit: 'currency' | 'number' | 'percentage' | 'text',
    position: number,
  ) => {
    const [row] = await t.ctx.db
      .insert(kpis)
      .values({
        name: `${name} ${Math.random().toString(36).slice(2, 6)}`,
        unit,
        kpi_category_id: must(category).id,
        position,
      })
      .returning();
    return must(row);
  };
  revenue = (await insertKpi('Revenue', 'currency', 0)).id;
  headcount = (await insertKpi('Headcount', 'number', 1)).id;
  margin = (await insertKpi('Margin', 'percentage', 2)).id;
  notes = (await insertKpi('Notes', 'text', 3)).id;
  acme = await createOpportunity(t.ctx.db, { status: 5, name: 'Acme KPIs', company_name: 'Acme Ltd' });
  birch = await createOpportunity(t.ctx.db, { status: 6, name: 'Birch KPIs', company_name: 'Birch Ltd' });
  live = await createOpportunity(t.ctx.db, { status: 3 });
  entrepreneur = await createStaff(t.ctx.db, ROLES.ENTREPRENEUR, { name: 'Erin Entrepreneur' });
  entrepreneurAgent = await t.as(entrepreneur);
  loneEntrepreneurAgent = await t.as(await createStaff(t.ctx.db, ROLES.ENTREPRENEUR));
  const holderUser = await createUser(t.ctx.db, { name: 'Holly Holder' });
  holder = await t.as(holderUser);
  stranger = await t.as(await createUser(t.ctx.db));
  await t.ctx.db.insert(holdingTransactions).values({
    user_id: holderUser.id,
    opportunity_id: acme.id,
    kind: 'allotment',
    occurred_on: '2029-01-10',
    shares: '1000',
    amount: '1250.00',
    price: '1.25',
  });
  await settle(acme.id, {
    report_type_id: null,
    frequency: 'quarter',
    due_days: 30,
    start_period: '2030-Q1',
    entrepreneur_ids: [entrepreneur.id],
  });
}, 120_000);
afterAll(() => t.close());

describe('the schedule', () => {
  it('shows a quarter past its due date as overdue, on the London date', async () => {
    const response = await admin.get('/api/kpi-reports/schedule');
    expect(response.statusCode, response.body).toBe(200);
    const body = json<{ data: ScheduleRow[]; today: string; summary: Record<string, number> }>(response);
    expect(body.today).toBe(TODAY);
    const row = body.data.find((entry) => entry.opportunity_id === acme.id) as ScheduleRow;
    // Q1 2030 ended on 31 March; due 30 days later, on 30 April; 15 days overdue on 15 May
    expect(row.periods.map((period) => [period.period, period.state, period.due_on])).toEqual([
      ['2030-Q2', 'not_yet_due', '2030-07-30'],
      ['2030-Q1', 'overdue', '2030-04-30'],
    ]);
    expect(row.periods[1]?.days_overdue).toBe(15);
    expect(row.state).toBe('overdue');
    expect(row.can_submit).toBe(true);
    expect(body.data.find((entry) => entry.opportunity_id === birch.id)?.state).toBe('not_scheduled');
    expect(body.data.some((entry) => entry.opportunity_id === live.id)).toBe(false);
    const overdue = json<{ data: ScheduleRow[] }>(
      await admin.get('/api/kpi-reports/schedule?filter[state]=overdue'),
    );
    expect(overdue.data.every((entry) => entry.state === 'overdue')).toBe(true);
    expect(overdue.data.some((entry) => entry.opportunity_id === acme.id)).toBe(true);
  });

  it('is due, not overdue, while within the due days', async () => {
    await settle(birch.id, {
      report_type_id: null,
      frequency: 'quarter',
      due_days: 60,
      start_period: '2030-Q1',
    });
    const rows = json<{ data: ScheduleRow[] }>(await admin.get('/api/kpi-reports/schedule')).data;
    const row = rows.find((entry) => entry.opportunity_id === birch.id) as ScheduleRow;
    expect(row.state).toBe('due');
    expect(row.periods[1]).toMatchObject({
      period: '2030-Q1',
      state: 'due',
      due_on: '2030-05-30',
      days_until_due: 15,
    });
  });
});

describe('reports and values', () => {
  let report: Report;

  it('refuses a period of the wrong frequency, a future one, a KPI not on the form and a bad number', async () => {
    const post = (body: Record<string, unknown>) => admin.post('/api/kpi-reports', body);
    const wrong = await post({
      opportunity_id: acme.id,
      period: '2030-M01',
      values: [{ kpi_id: revenue, value: '1' }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(wrong).errors.period).toBeDefined();
    const future = await post({
      opportunity_id: acme.id,
      period: '2030-Q3',
      values: [{ kpi_id: revenue, value: '1' }],
    });
    expect(future.statusCode).toBe(422);
    const bad = await post({
      opportunity_id: acme.id,
      period: '2030-Q1',
      values: [
        { kpi_id: revenue, value: '12.345' },
        { kpi_id: headcount, value: 'twelve' },
        { custom_kpi_id: 999_999, value: '1' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(bad).errors).sort()).toEqual([
      'values.0.value',
      'values.1.value',
      'values.2.custom_kpi_id',
    ]);
    const notExisting = await post({
      opportunity_id: live.id,
      period: '2030-Q1',
      values: [{ kpi_id: revenue, value: '1' }],
    });
    expect(notExisting.statusCode).toBe(404);
  });

  it('stores a quarter’s values as decimal strings and keeps a corrected value', async () => {
    const response = await admin.post('/api/kpi-reports', {
      opportunity_id: acme.id,
      period: '2030-q1',
      values: [
        { kpi_id: revenue, value: '£125,000.50' },
        { kpi_id: headcount, value: '12' },
        { kpi_id: margin, value: '12.5%' },
        { kpi_id: notes, value: 'A good quarter' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    report = data<Report>(response);
    expect(report.period).toBe('2030-Q1');
    const byKey = Object.fromEntries(report.values.map((value) => [value.key, value.value]));
    expect(byKey).toEqual({
      [`kpi:${revenue}`]: '125000.5',
      [`kpi:${headcount}`]: '12',
      [`kpi:${margin}`]: '12.5',
      [`kpi:${notes}`]: 'A good quarter',
    });
    const corrected = await admin.post(`/api/kpi-reports/${report.id}/values`, {
      values: [{ kpi_id: revenue, value: '130000' }],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const value = data<Report>(corrected).values.find((entry) => entry.key === `kpi:${revenue}`);
    expect(value?.value).toBe('130000');
    expect(value?.history.map((old) => old.value)).toEqual(['125000.5']);
    // the schedule now shows the quarter received
    const rows = json<{ data: ScheduleRow[] }>(await admin.get('/api/kpi-reports/schedule')).data;
    const row = rows.find((entry) => entry.opportunity_id === acme.id) as ScheduleRow;
    expect(row.periods[1]?.state).toBe('received');
    expect(row.state).toBe('up_to_date');
    expect(row.last_reported_on).toBe(TODAY);
    const audit = await t.ctx.db.execute(
      sql`select count(*)::int as n from audit_log where subject_type = 'kpi_report' and subject_id = ${report.id}`,
    );
    expect(Number((audit as { rows: Array<{ n: number }> }).rows[0]?.n)).toBeGreaterThanOrEqual(3);
  });

  it('refuses SQL that changes or deletes a value', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(kpiValues)
      .where(eq(kpiValues.kpi_report_id, report.id))
      .limit(1);
    await expect(
      t.ctx.db
        .update(kpiValues)
        .set({ value: '1' })
        .where(eq(kpiValues.id, must(row).id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(kpiValues).where(eq(kpiValues.id, must(row).id))).rejects.toThrow();
    // a second "first" value for the same KPI is refused too: one current value per report and KPI
    await expect(
      t.ctx.db.insert(kpiValues).values({ kpi_report_id: report.id, kpi_id: revenue, value: '5' }),
    ).rejects.toThrow();
  });

  it('lists reports and shows one', async () => {
    const list = await admin.get(`/api/kpi-reports?filter[opportunity_id]=${acme.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(json<{ data: Array<{ id: number }> }>(list).data.map((entry) => entry.id)).toEqual([report.id]);
    expect((await admin.get(`/api/kpi-reports/${report.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/kpi-reports/999999')).statusCode).toBe(404);
  });

  it('shows the KPI portfolio with change against the previous period', async () => {
    // Q4 2029 before Q1 2030
    const earlier = await admin.post('/api/kpi-reports', {
      opportunity_id: acme.id,
      period: '2029-Q4',
      values: [{ kpi_id: revenue, value: '100000' }],
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    const response = await admin.get('/api/kpi-portfolio');
    expect(response.statusCode, response.body).toBe(200);
    const body = json<{
      data: Array<{ opportunity_id: number; kpis: Array<Record<string, unknown>> }>;
      columns: Array<{ id: number }>;
    }>(response);
    const row = body.data.find((entry) => entry.opportunity_id === acme.id);
    const cell = row?.kpis.find((entry) => entry.kpi_id === revenue);
    expect(cell).toMatchObject({
      latest: { period: '2030-Q1', value: '130000' },
      previous: { period: '2029-Q4', value: '100000' },
      change: '30000',
      change_rate: '0.300000',
    });
    expect((cell?.trend as unknown[]).length).toBe(2);
    expect(body.columns.some((column) => column.id === revenue)).toBe(true);
    const csv = await admin.get('/api/kpi-portfolio/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Acme Ltd');
    expect(csv.body).toContain('130000');
    const xlsx = await admin.get('/api/kpi-portfolio/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const unknown = await admin.get('/api/kpi-portfolio/export?format=csv&columns=nonsense,name');
    expect(unknown.statusCode).toBe(422);
    expect(json<{ errors: { columns: string[] } }>(unknown).errors.columns[0]).toMatch(
      /no column “nonsense”/,
    );
    const chosen = await admin.get(
      `/api/kpi-portfolio/export?format=csv&columns=company_name,kpi:${revenue}:latest`,
    );
    expect(chosen.body.split('\n')[0]?.split(',')).toHaveLength(2);
  });
});

describe('the Entrepreneur', () => {
  it('submits and corrects for a linked company, and gets 404 for another', async () => {
    const mine = await entrepreneurAgent.post('/api/kpi-reports', {
      opportunity_id: acme.id,
      period: '2030-Q2',
      values: [{ kpi_id: headcount, value: '14' }],
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const id = data<Report>(mine).id;
    const fix = await entrepreneurAgent.post(`/api/kpi-reports/${id}/values`, {
      values: [{ kpi_id: headcount, value: '15' }],
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect((await entrepreneurAgent.get(`/api/kpi-reports/${id}`)).statusCode).toBe(200);
    expect((await entrepreneurAgent.get(`/api/kpi-reports/form/${acme.id}?period=2030-Q2`)).statusCode).toBe(
      200,
    );
    const other = await entrepreneurAgent.post('/api/kpi-reports', {
      opportunity_id: birch.id,
      period: '2030-Q1',
      values: [{ kpi_id: headcount, value: '3' }],
    });
    expect(other.statusCode).toBe(404);
    const schedule = json<{ data: ScheduleRow[] }>(
      await entrepreneurAgent.get('/api/kpi-reports/schedule'),
    ).data;
    expect(schedule.map((row) => row.opportunity_id)).toEqual([acme.id]);
    // settings and the KPI portfolio are not theirs
    expect((await entrepreneurAgent.get(`/api/kpi-reports/settings/${acme.id}`)).statusCode).toBe(403);
    expect((await entrepreneurAgent.get('/api/kpi-portfolio')).statusCode).toBe(403);
  });

  it('is refused everything when linked to nothing', async () => {
    const agent = loneEntrepreneurAgent;
    expect(
      (
        await agent.post('/api/kpi-reports', {
          opportunity_id: acme.id,
          period: '2030-Q1',
          values: [{ kpi_id: headcount, value: '3' }],
        })
      ).statusCode,
    ).toBe(404);
    const [report] = json<{ data: Array<{ id: number }> }>(
      await admin.get(`/api/kpi-reports?filter[opportunity_id]=${acme.id}`),
    ).data;
    expect((await agent.get(`/api/kpi-reports/${must(report).id}`)).statusCode).toBe(404);
    expect(json<{ data: unknown[] }>(await agent.get('/api/kpi-reports')).data).toEqual([]);
    expect(json<{ data: unknown[] }>(await agent.get('/api/kpi-reports/schedule')).data).toEqual([]);
  });
});

describe('the investor', () => {
  it('sees the KPI series of a holding, and 404 for one they do not hold', async () => {
    const response = await holder.get(`/api/portfolio/${acme.id}/kpis`);
    expect(response.statusCode, response.body).toBe(200);
    const body = data<{
      last_reported_on: string;
      series: Array<{ kpi_id: number; points: Array<{ period: string; value: string }> }>;
    }>(response);
    expect(body.last_reported_on).toBe(TODAY);
    expect(body.series.find((series) => series.kpi_id === revenue)?.points).toEqual([
      expect.objectContaining({ period: '2029-Q4', value: '100000' }),
      expect.objectContaining({ period: '2030-Q1', value: '130000' }),
    ]);
    expect((await stranger.get(`/api/portfolio/${acme.id}/kpis`)).statusCode).toBe(404);
    expect((await holder.get(`/api/portfolio/${birch.id}/kpis`)).statusCode).toBe(404);
    expect((await admin.get(`/api/portfolio/${acme.id}/kpis`)).statusCode).toBe(403);
  });

  it('sees when each holding last reported in the portfolio', async () => {
    const response = await holder.get('/api/portfolio');
    expect(response.statusCode, response.body).toBe(200);
    const holding = data<{ holdings: Array<{ opportunity_id: number; last_reported_on: string | null }> }>(
      response,
    ).holdings.find((entry) => entry.opportunity_id === acme.id);
    expect(holding?.last_reported_on).toBe(TODAY);
  });
});

describe('reminders', () => {
  it('emails the linked Entrepreneurs once per period, and staff one summary', async () => {
    // Birch's Q1 is due on 30 May: within a week from 23 May
    await settle(birch.id, {
      report_type_id: null,
      frequency: 'quarter',
      due_days: 60,
      start_period: '2030-Q1',
      entrepreneur_ids: [entrepreneur.id],
    });
    t.ctx.clock.advance(8 * 86_400); // 23 May 2030
    const job = t.ctx.scheduler.jobs().find((entry) => entry.name === 'kpi-reports.remind');
    expect(job).toBeDefined();
    const before = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, entrepreneur.email));
    await must(job).run();
    await must(job).run();
    const after = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, entrepreneur.email));
    const fresh = after.filter((mail) => !before.some((old) => old.id === mail.id));
    expect(fresh.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Birch Ltd (Q1 2030) is due on'),
    ]);
    const reminders = await t.ctx.db
      .select()
      .from(kpiReportReminders)
      .where(eq(kpiReportReminders.opportunity_id, birch.id));
    expect(reminders.map((row) => row.key)).toEqual([`before_due:${birch.id}:2030-Q1`]);
    const summaries = await t.ctx.db
      .select()
      .from(kpiReportReminders)
      .where(eq(kpiReportReminders.kind, 'staff_summary'));
    expect(summaries).toHaveLength(1);
    // past the due date: one overdue reminder, once
    t.ctx.clock.advance(10 * 86_400); // 2 June 2030
    await must(job).run();
    await must(job).run();
    const overdue = (
      await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, entrepreneur.email))
    ).filter((mail) => mail.subject.includes('Birch Ltd (Q1 2030) is overdue'));
    expect(overdue).toHaveLength(1);
    t.ctx.clock.advance(-18 * 86_400);
    expect(t.ctx.clock.today()).toBe(TODAY);
  });
});

describe('import', () => {
  const upload = (
    agent: Agent,
    path: string,
    file: string | Buffer,
    period = '2029-Q3',
    name = 'kpis.csv',
    type = 'text/csv',
  ) => {
    const boundary = '----kpi-import';
    const part = (field: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        part('opportunity_id', String(acme.id)) +
          part('period', period) +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      typeof file === 'string' ? Buffer.from(file) : file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return agent.request({
      method: 'POST',
      url: path,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('reads an Excel workbook too', async () => {
    const [marginRow] = await t.ctx.db.select().from(kpis).where(eq(kpis.id, margin));
    const workbook = await xlsxOf([
      ['KPI', 'Value'],
      [must(marginRow).name, 41.5],
    ]);
    const preview = await upload(
      admin,
      '/api/kpi-reports/import/preview',
      workbook,
      '2029-Q2',
      'kpis.xlsx',
      XLSX_TYPE,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const body = data<{ rows: Array<{ kpi_id: number; value: string; errors: string[] }> }>(preview);
    expect(body.rows).toEqual([expect.objectContaining({ kpi_id: margin, value: '41.5', errors: [] })]);
  });

  it('previews unknown KPI names and bad numbers per row, and commits all or nothing', async () => {
    const [revenueRow] = await t.ctx.db.select().from(kpis).where(eq(kpis.id, revenue));
    const [headcountRow] = await t.ctx.db.select().from(kpis).where(eq(kpis.id, headcount));
    const bad = `KPI,Value\n${must(revenueRow).name},"95,000"\nNo such KPI,3\n${must(headcountRow).name},lots\n`;
    const preview = await upload(admin, '/api/kpi-reports/import/preview', bad);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = data<{
      rows: Array<{ row: number; errors: string[]; value: string }>;
      error_count: number;
      valid_count: number;
    }>(preview);
    expect(body.valid_count).toBe(1);
    expect(body.error_count).toBe(2);
    expect(body.rows.map((row) => [row.row, row.errors.length > 0])).toEqual([
      [2, false],
      [3, true],
      [4, true],
    ]);
    expect(body.rows[0]?.value).toBe('95000');
    const refused = await upload(admin, '/api/kpi-reports/import/commit', bad);
    expect(refused.statusCode).toBe(422);
    const good = `KPI,Value\n${must(revenueRow).name},95000\n${must(headcountRow).name},9\n`;
    const committed = await upload(admin, '/api/kpi-reports/import/commit', good);
    expect(committed.statusCode, committed.body).toBe(201);
    expect(data<Report>(committed).values).toHaveLength(2);
  });
});

describe('every permission cell', () => {
  const expectCell = (label: string, status: number, allowed: boolean, okStatuses: number[]) => {
    if (allowed) expect(okStatuses, `${label}: ${status}`).toContain(status);
    else expect(status, label).toBe(403);
  };

  it('kpi_report_types: index, show, create, update, delete', async () => {
    for (const role of ROLE_IDS) {
      const agent = agentOf(role);
      const staff = role !== ROLES.USER;
      const allowed = (action: 'index' | 'show' | 'create' | 'update' | 'delete') =>
        staff && can(role, 'kpi_report_types', action);
      const create = await agent.post('/api/kpi-report-types', {
        name: `Type ${role} ${Math.random()}`,
        kpi_ids: [revenue],
      });
      expectCell(`create as ${role}`, create.statusCode, allowed('create'), [201]);
      const id = create.statusCode === 201 ? data<{ id: number }>(create).id : 1;
      expectCell(
        `index as ${role}`,
        (await agent.get('/api/kpi-report-types')).statusCode,
        allowed('index'),
        [200],
      );
      expectCell(
        `show as ${role}`,
        (await agent.get(`/api/kpi-report-types/${id}`)).statusCode,
        allowed('show'),
        [200, 404],
      );
      const update = await agent.patch(`/api/kpi-report-types/${id}`, { kpi_ids: [revenue, headcount] });
      expectCell(`update as ${role}`, update.statusCode, allowed('update'), [200, 404]);
      expectCell(
        `delete as ${role}`,
        (await agent.delete(`/api/kpi-report-types/${id}`)).statusCode,
        allowed('delete'),
        [204, 404],
      );
    }
  });

  it('custom_kpis: index, show, create, update, delete', async () => {
    for (const role of ROLE_IDS) {
      const agent = agentOf(role);
      const staff = role !== ROLES.USER;
      const allowed = (action: 'index' | 'show' | 'create' | 'update' | 'delete') =>
        staff && can(role, 'custom_kpis', action);
      const create = await agent.post('/api/custom-kpis', {
        opportunity_id: acme.id,
        name: `Custom ${role} ${Math.random()}`,
        unit: 'number',
      });
      expectCell(`create as ${role}`, create.statusCode, allowed('create'), [201]);
      const id = create.statusCode === 201 ? data<{ id: number }>(create).id : 1;
      const index = await agent.get(`/api/custom-kpis?filter[opportunity_id]=${acme.id}`);
      expectCell(`index as ${role}`, index.statusCode, allowed('index'), [200]);
      expectCell(
        `show as ${role}`,
        (await agent.get(`/api/custom-kpis/${id}`)).statusCode,
        allowed('show'),
        [200, 404],
      );
      const update = await agent.patch(`/api/custom-kpis/${id}`, { description: 'Changed' });
      expectCell(`update as ${role}`, update.statusCode, allowed('update'), [200, 404]);
      expectCell(
        `delete as ${role}`,
        (await agent.delete(`/api/custom-kpis/${id}`)).statusCode,
        allowed('delete'),
        [204, 404],
      );
    }
  });

  it('kpi and kpiPortfolio, with the Entrepreneur’s own rule', async () => {
    const [report] = json<{ data: Array<{ id: number }> }>(
      await admin.get(`/api/kpi-reports?filter[opportunity_id]=${acme.id}`),
    ).data;
    for (const role of ROLE_IDS) {
      const agent = agentOf(role);
      const staff = role !== ROLES.USER;
      const kpi = (action: 'index' | 'show' | 'create' | 'update') => staff && can(role, 'kpi', action);
      const viaRoute = (action: 'index' | 'show' | 'create' | 'update') =>
        kpi(action) || role === ROLES.ENTREPRENEUR;
      expectCell(
        `schedule as ${role}`,
        (await agent.get('/api/kpi-reports/schedule')).statusCode,
        viaRoute('index'),
        [200],
      );
      expectCell(
        `list as ${role}`,
        (await agent.get('/api/kpi-reports')).statusCode,
        viaRoute('index'),
        [200],
      );
      // the walking Entrepreneur is linked to nothing: 404
      const show = await agent.get(`/api/kpi-reports/${must(report).id}`);
      expectCell(`show as ${role}`, show.statusCode, viaRoute('show'), kpi('show') ? [200] : [404]);
      const create = await agent.post('/api/kpi-reports', {
        opportunity_id: birch.id,
        period: '2030-Q1',
        values: [{ kpi_id: headcount, value: String(role) }],
      });
      expectCell(`create as ${role}`, create.statusCode, viaRoute('create'), kpi('create') ? [201] : [404]);
      const correct = await agent.post(`/api/kpi-reports/${must(report).id}/values`, {
        values: [{ kpi_id: headcount, value: String(100 + role) }],
      });
      expectCell(`correct as ${role}`, correct.statusCode, viaRoute('update'), kpi('update') ? [200] : [404]);
      expectCell(
        `settings as ${role}`,
        (await agent.get(`/api/kpi-reports/settings/${acme.id}`)).statusCode,
        kpi('show'),
        [200],
      );
      const put = await agent.request({
        method: 'PUT',
        url: `/api/kpi-reports/settings/${live.id}`,
        payload: { report_type_id: null, frequency: 'quarter' },
      });
      expectCell(`settings change as ${role}`, put.statusCode, kpi('update'), [404]);
      const portfolio = staff && can(role, 'kpiPortfolio', 'index');
      expectCell(
        `kpi portfolio as ${role}`,
        (await agent.get('/api/kpi-portfolio')).statusCode,
        portfolio,
        [200],
      );
    }
  });
});

describe('what reported values keep', () => {
  it('refuses to delete a settings KPI with reported values, or a company with KPI reports (422, not a 500)', async () => {
    const reported = await admin.post('/api/kpi-reports', {
      opportunity_id: birch.id,
      period: '2030-Q1',
      values: [{ kpi_id: margin, value: '12.5' }],
    });
    expect(reported.statusCode, reported.body).toBe(201);

    const kpiDeleted = await admin.delete(`/api/kpis/${margin}`);
    expect(kpiDeleted.statusCode, kpiDeleted.body).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(kpiDeleted).errors.id?.[0]).toMatch(/reported value/);

    const companyDeleted = await agentOf(ROLES.SUPPORT).delete(`/api/opportunities/${birch.id}`);
    expect(companyDeleted.statusCode, companyDeleted.body).toBe(422);
    expect(companyDeleted.body).toMatch(/KPI report/);
  });
});
