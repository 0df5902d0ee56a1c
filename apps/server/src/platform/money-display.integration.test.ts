import ExcelJS from 'exceljs';
import {
  excelMoneyFormat,
  formatMoney,
  ISO_4217_CODES,
  OPPORTUNITY_COLUMNS,
  PIPELINE_DEAL_COLUMNS,
  ROLES,
  type CreatedInvestment,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investorSubscriptions, mailOutbox, notifications, opportunities, type UserRow } from '../db/schema';
import { readyInvestor } from '../modules/investing/investing-fixtures';
import { createOpportunity } from '../modules/opportunity-lifecycle/lifecycle-fixtures';
import { createStaff, createUser } from '../test/factories';
import { csvLines } from '../test/exports';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';

/*
 * Issue 18: money is shown one way (an email, a notice, the web and an export read the same figure the
 * same way: the web's formatter is the same function, @portico/contracts formatMoney), Excel money cells
 * are numbers formatted as money, a currency is an ISO 4217 code (422 and a database check), and a 422
 * names a field as its form labels it.
 */

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  admin = await t.as(adminUser);
});
afterAll(() => t.close());

/** A live round at £1.25 a share (or in the currency given), its name unique to the test. */
const live = (name: string, currency = 'GBP') =>
  createOpportunity(t.ctx.db, {
    name,
    currency,
    status: 2,
    published_at: new Date(),
    minimum_investment: '1000.00',
    maximum_amount: '10000.00',
    target_amount: '8000.00',
    share_price: '1.250000',
  });

/** The opportunities export's first sheet, its cells as exceljs reads them. */
async function opportunitiesSheet(query: string) {
  const response = await admin.get(`/api/opportunities/export?format=xlsx&${query}`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('money shown one way', () => {
  it.each([
    ['GBP', '£1,233.75'],
    ['CHF', 'CHF 1,233.75'],
  ])(
    'writes a reservation of %s in the email, the notice and the export as the web shows it',
    async (currency, shown) => {
      const opportunity = await live(`One Way ${currency} Robotics`, currency);
      const investor = await readyInvestor(t.ctx.db, t.ctx.clock, { name: `Grace ${currency}` });
      // £1,234.50 buys 987 whole shares at £1.25: £1,233.75 is reserved.
      const response = await (
        await t.as(investor)
      ).post('/api/investments', {
        opportunity_id: opportunity.id,
        amount: '1234.50',
      });
      expect(response.statusCode, response.body).toBe(201);
      const created = json<{ data: CreatedInvestment }>(response).data;
      expect(created.amount).toBe('1233.75');
      // the web's formatter (apps/web/src/lib/money.ts formatMoney is this function) reads it so
      expect(formatMoney(created.amount, currency)).toBe(shown);

      const [mail] = await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to_address, investor.email));
      expect(mail?.text_body).toContain(`reserved: ${shown} for 987 shares.`);
      expect(mail?.html_body).toContain(shown);
      const [notice] = await t.ctx.db
        .select({ data: notifications.data })
        .from(notifications)
        .where(eq(notifications.notifiable_id, investor.id));
      expect((notice?.data as { message: string }).message).toContain(`**${shown}** (987 shares)`);

      const query = `filter[search]=${encodeURIComponent(opportunity.name)}&columns=name,target_amount,committed_amount,minimum_investment`;
      const sheet = await opportunitiesSheet(query);
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        'Name',
        'Target',
        'Committed',
        'Minimum investment',
      ]);
      const row = sheet.getRow(2);
      expect(row.getCell(1).value).toBe(opportunity.name);
      expect([2, 3, 4].map((column) => row.getCell(column).value)).toEqual([8000, 1233.75, 1000]);
      for (const column of [2, 3, 4]) {
        expect(row.getCell(column).type).toBe(ExcelJS.ValueType.Number);
        expect(row.getCell(column).numFmt).toBe(excelMoneyFormat(currency));
      }
      // the CSV keeps the plain decimal
      const lines = csvLines(
        await admin.get(`/api/opportunities/export?format=csv&${query}`),
        'opportunities',
      );
      expect(lines).toEqual([
        'Name,Target,Committed,Minimum investment',
        `${opportunity.name},8000.00,1233.75,1000.00`,
      ]);
    },
  );

  it('writes every money column of every export as a number formatted as money', async () => {
    // Every column whose key names money is marked money, so no export writes an amount as text.
    for (const columns of [OPPORTUNITY_COLUMNS, PIPELINE_DEAL_COLUMNS])
      for (const column of columns)
        if (/amount|valuation|investment$|price|invested|paid/.test(column.key))
          expect(column, column.key).toMatchObject({ money: true });
    // The deals export (no currency: the deployment's pounds) writes its money columns as numbers too.
    const pipeline = await admin.post('/api/pipelines', { name: 'Money export pipeline' });
    expect(pipeline.statusCode, pipeline.body).toBe(201);
    const created = await admin.post('/api/pipeline-deals', {
      name: 'Money export deal',
      company_name: 'Money Export Ltd',
      pipeline_id: json<{ data: { id: number } }>(pipeline).data.id,
      amount_sought: '750000.5',
      pre_money_valuation: '3000000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await admin.get(
      '/api/pipeline-deals/export?format=xlsx&filter[search]=Money%20export%20deal&columns=name,amount_sought,pre_money_valuation',
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]?.getRow(2);
    expect([2, 3].map((column) => row?.getCell(column).value)).toEqual([750000.5, 3000000]);
    for (const column of [2, 3]) {
      expect(row?.getCell(column).type).toBe(ExcelJS.ValueType.Number);
      expect(row?.getCell(column).numFmt).toBe('"£"#,##0.00;"−£"#,##0.00');
    }
  });
});

describe('currencies are ISO 4217 codes', () => {
  const newOpportunity = (currency: unknown) =>
    admin.post('/api/opportunities', {
      name: `Currency ${String(currency)} round`,
      company_name: 'Currency Ltd',
      target_amount: '8000',
      maximum_amount: '10000',
      minimum_investment: '1000',
      share_price: '1.25',
      tax_relief: 'eis',
      closing_date: '2099-01-31',
      currency,
    });

  it('refuses an opportunity in a currency that is not one, and keeps one given in any case', async () => {
    for (const currency of ['XYZ', 'pounds', 'GB', '£', 'GBP1']) {
      const response = await newOpportunity(currency);
      expect(response.statusCode, `${String(currency)}: ${response.body}`).toBe(422);
      expect(json<Errors>(response).errors).toEqual({
        currency: ['The currency must be an ISO 4217 code, e.g. GBP.'],
      });
    }
    const swiss = await newOpportunity(' chf ');
    expect(swiss.statusCode, swiss.body).toBe(201);
    expect(json<{ data: { currency: string } }>(swiss).data.currency).toBe('CHF');
    const plain = await admin.post('/api/opportunities', {
      name: 'Currency default round',
      company_name: 'Currency Ltd',
      target_amount: '8000',
      maximum_amount: '10000',
      minimum_investment: '1000',
      share_price: '1.25',
      tax_relief: 'eis',
      closing_date: '2099-01-31',
    });
    expect(json<{ data: { currency: string } }>(plain).data.currency).toBe('GBP');
  });

  it('refuses a membership in a currency that is not one', async () => {
    const investor = await createUser(t.ctx.db);
    const put = (currency: string) =>
      admin.request({
        method: 'PUT',
        url: `/api/investors/${investor.id}/subscription`,
        payload: {
          plan_name: 'Angel Club',
          status: 'active',
          started_at: '2026-01-01',
          amount: '120',
          currency,
        },
      });
    const wrong = await put('ABC');
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(json<Errors>(wrong).errors).toEqual({
      currency: ['The currency must be an ISO 4217 code, e.g. GBP.'],
    });
    const right = await put('eur');
    expect(right.statusCode, right.body).toBe(200);
    expect(json<{ data: { currency: string } }>(right).data.currency).toBe('EUR');
  });

  it('is checked by the database on every currency column, which takes every code of the list', async () => {
    const opportunity = await createOpportunity(t.ctx.db);
    const investor = await createUser(t.ctx.db);
    await t.ctx.db.insert(investorSubscriptions).values({
      user_id: investor.id,
      plan_name: 'Angel Club',
      status: 'active',
      started_at: '2026-01-01',
    });
    const violation = (promise: Promise<unknown>) =>
      promise.then(
        () => 'stored',
        (error: unknown) => {
          const cause =
            (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
          return cause.constraint ?? String(error);
        },
      );
    for (const currency of ['XYZ', 'gbp', 'GB', '']) {
      expect(
        await violation(
          t.ctx.db.update(opportunities).set({ currency }).where(eq(opportunities.id, opportunity.id)),
        ),
      ).toBe('opportunities_currency_iso_4217');
      expect(
        await violation(
          t.ctx.db
            .update(investorSubscriptions)
            .set({ currency })
            .where(eq(investorSubscriptions.user_id, investor.id)),
        ),
      ).toBe('investor_subscriptions_currency_iso_4217');
    }
    await t.ctx.db.transaction(async (tx) => {
      for (const currency of ISO_4217_CODES) {
        await tx.update(opportunities).set({ currency }).where(eq(opportunities.id, opportunity.id));
        await tx
          .update(investorSubscriptions)
          .set({ currency })
          .where(eq(investorSubscriptions.user_id, investor.id));
      }
    });
  });
});

describe('validation messages speak the form’s labels', () => {
  it('names the National Insurance number, the target raise and the sort code as the forms do', async () => {
    const investor = await createUser(t.ctx.db);
    const wrongNino = await admin.patch(`/api/investors/${investor.id}`, { ni_number: 'nope' });
    expect(wrongNino.statusCode, wrongNino.body).toBe(422);
    expect(json<Errors>(wrongNino).errors.ni_number?.[0]).toMatch(/^The National Insurance number field /);
    const wrongBank = await admin.patch(`/api/investors/${investor.id}`, { bank_sort_code: '12' });
    expect(json<Errors>(wrongBank).errors.bank_sort_code).toEqual([
      'The sort code field must be 6 digits (a sort code).',
    ]);
    const missing = await admin.post('/api/opportunities', { name: 'No money', company_name: 'None Ltd' });
    expect(missing.statusCode).toBe(422);
    const errors = json<Errors>(missing).errors;
    expect(errors.target_amount?.[0]).toMatch(/^The target raise field /);
    expect(errors.maximum_amount?.[0]).toMatch(/^The maximum raise field /);
  });
});
