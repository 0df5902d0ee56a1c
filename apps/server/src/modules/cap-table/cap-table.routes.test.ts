import { ROLES, type CapTable, type PreEmptionRound } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  capTableClasses,
  capTableHolders,
  holdingTransactions,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff } from '../../test/factories';
import { multipartBody } from '../../test/files';
import { XLSX_TYPE, xlsxOf } from '../../test/spreadsheets';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { readyInvestor } from '../investing/investing-fixtures';
import { createOpportunity, dayFromToday } from '../opportunity-lifecycle/lifecycle-fixtures';
import { reconciledPercents } from './cap-table.math';

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const errorsOf = (response: { body: string }) => json<Errors>(response).errors;
const sumPercents = (values: Array<string | null>) =>
  (values.reduce((sum, value) => sum + Math.round(Number(value ?? '0') * 100), 0) / 100).toFixed(2);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

async function allot(existingId: number, user: UserRow, shares: string, shareClass?: string) {
  await t.ctx.db.insert(holdingTransactions).values({
    opportunity_id: existingId,
    user_id: user.id,
    kind: 'allotment',
    occurred_on: dayFromToday(-400),
    shares,
    amount: shares,
    price: '1.000000',
    share_class: shareClass ?? null,
  });
}

const base = (existing: OpportunityRow) => `/api/existing-investments/${existing.id}/cap-table`;

async function addClass(existing: OpportunityRow, body: Record<string, unknown>) {
  const response = await admin.post(`${base(existing)}/classes`, body);
  expect(response.statusCode, response.body).toBe(201);
  const table = data<CapTable>(response);
  const added = table.classes.find((entry) => entry.name === body.name);
  if (!added?.id) throw new Error('class not added');
  return added.id;
}

async function addHolder(existing: OpportunityRow, body: Record<string, unknown>) {
  const response = await admin.post(`${base(existing)}/holders`, body);
  expect(response.statusCode, response.body).toBe(201);
  return data<CapTable>(response);
}

/**
 * A company whose platform investors hold 3,000 and 1,000 Ordinary shares; off the platform two founders
 * hold 40,000 and 36,000 Ordinary, a seed fund 20,000 Ordinary, a preference holder 10,000 Preference
 * (no pre-emption right) and the option pool 10,000 options. Issued: 110,000; fully diluted: 120,000;
 * carrying pre-emption: 100,000.
 */
async function company() {
  const existing = await createOpportunity(t.ctx.db, {
    status: 5,
    share_price: '1.000000',
    share_class: 'Ordinary',
    published_at: new Date(),
  });
  const alice = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Alice Platform' });
  const bob = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Bob Platform' });
  await allot(existing.id, alice, '3000');
  await allot(existing.id, bob, '1000');
  const ordinary = await addClass(existing, { name: 'Ordinary' });
  const preference = await addClass(existing, { name: 'Preference', pre_emptive: false });
  const options = await addClass(existing, { name: 'Options', kind: 'options' });
  await addHolder(existing, { class_id: ordinary, name: 'Fay Founder', kind: 'founder', shares: '40000' });
  await addHolder(existing, { class_id: ordinary, name: 'Finn Founder', kind: 'founder', shares: '36000' });
  await addHolder(existing, { class_id: ordinary, name: 'Seed Fund LP', kind: 'investor', shares: '20000' });
  await addHolder(existing, {
    class_id: preference,
    name: 'Pru Preference',
    kind: 'investor',
    shares: '10000',
  });
  const table = await addHolder(existing, {
    class_id: options,
    name: 'Employee option pool',
    kind: 'option_pool',
    shares: '10000',
  });
  return { existing, alice, bob, ordinary, preference, options, table };
}

describe('percentages that add up', () => {
  it('reconciles rounded percentages to exactly 100.00 by the largest remainder', () => {
    expect(reconciledPercents(['1', '1', '1'])).toEqual(['33.34', '33.33', '33.33']);
    expect(reconciledPercents(['2', '1', '1'])).toEqual(['50.00', '25.00', '25.00']);
    expect(reconciledPercents(['0', '0'])).toEqual(['0.00', '0.00']);
    // 1/7 each of seven: 14.28... six times and one more hundredth somewhere
    const sevenths = reconciledPercents(Array.from({ length: 7 }, () => '1'));
    expect(sumPercents(sevenths)).toBe('100.00');
    for (const value of sevenths) expect(['14.28', '14.29']).toContain(value);
  });
});

describe('the Cap Table: every holder of every class, on and off the platform', () => {
  it('shows shares, % of class, % of the company and fully diluted, with totals that add up', async () => {
    const { table, alice } = await company();
    expect(table.totals).toMatchObject({
      issued_shares: '110000.000000',
      fully_diluted_shares: '120000.000000',
      pre_emptive_shares: '100000.000000',
      platform_shares: '4000.000000',
      percent_of_company: '100.00',
      percent_fully_diluted: '100.00',
      invested: '4000.00',
      value: '110000.00',
    });
    const byName = new Map(table.holders.map((holder) => [holder.name, holder]));
    expect(table.holders).toHaveLength(7);
    expect(byName.get('Fay Founder')).toMatchObject({
      source: 'off_platform',
      kind_label: 'Founder',
      share_class: 'Ordinary',
      shares: '40000.000000',
      percent_of_class: '40.00',
      // 40,000 ÷ 110,000 issued = 36.3636…%; ÷ 120,000 fully diluted = 33.333…%, which takes one of
      // the two hundredths the column's rounding down lost (largest remainder, the larger holding first)
      percent_of_company: '36.36',
      percent_fully_diluted: '33.34',
      invested: null,
    });
    expect(byName.get('Alice Platform')).toMatchObject({
      source: 'platform',
      investor: { id: alice.id, name: 'Alice Platform' },
      share_class: 'Ordinary',
      shares: '3000.000000',
      percent_of_class: '3.00',
      percent_of_company: '2.73',
      percent_fully_diluted: '2.50',
      invested: '3000.00',
      value: '3000.00',
    });
    // options are not issued: no % of the company, counted fully diluted only
    expect(byName.get('Employee option pool')).toMatchObject({
      share_class: 'Options',
      percent_of_company: null,
      percent_fully_diluted: '8.33',
      percent_of_class: '100.00',
    });
    expect(sumPercents(table.holders.map((holder) => holder.percent_of_company))).toBe('100.00');
    expect(sumPercents(table.holders.map((holder) => holder.percent_fully_diluted))).toBe('100.00');
    for (const shareClass of table.classes)
      expect(
        sumPercents(
          table.holders
            .filter((holder) => holder.share_class === shareClass.name)
            .map((h) => h.percent_of_class),
        ),
      ).toBe('100.00');
    expect(table.classes.map((entry) => [entry.name, entry.kind, entry.pre_emptive, entry.shares])).toEqual([
      ['Ordinary', 'shares', true, '100000.000000'],
      ['Preference', 'shares', false, '10000.000000'],
      ['Options', 'options', false, '10000.000000'],
    ]);
    expect(sumPercents(table.classes.map((entry) => entry.percent_of_company))).toBe('100.00');
    expect(table.classes.map((entry) => entry.percent_of_company)).toEqual(['90.91', '9.09', null]);
  });

  it('reconciles a class held in three equal parts to 100.00', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const ordinary = await addClass(existing, { name: 'Ordinary' });
    for (const name of ['A', 'B', 'C'])
      await addHolder(existing, { class_id: ordinary, name: `${name} Holder`, kind: 'founder', shares: '1' });
    const table = data<CapTable>(await admin.get(base(existing)));
    expect(table.holders.map((holder) => holder.percent_of_company)).toEqual(['33.34', '33.33', '33.33']);
    expect(table.totals.percent_of_company).toBe('100.00');
  });

  it('values every holding at each price in force, on or before today (Cap Table Performance)', async () => {
    const { existing } = await company();
    await admin.post(`/api/existing-investments/${existing.id}/share-prices`, {
      effective_on: dayFromToday(-30),
      price: '2.50',
    });
    const table = data<CapTable>(await admin.get(base(existing)));
    expect(table.prices.map((entry) => entry.price)).toEqual(['2.500000']);
    expect(table.price).toBe('2.500000');
    const alice = table.holders.find((holder) => holder.name === 'Alice Platform');
    expect(alice).toMatchObject({ value: '7500.00', values: ['7500.00'], moic: '2.50' });
    expect(table.holders.find((holder) => holder.name === 'Fay Founder')?.values).toEqual(['100000.00']);
    expect(table.totals.values).toEqual(['275000.00']);
  });

  it('refuses options carrying pre-emption, a second class or holder of a name, and audits every change', async () => {
    const { existing, ordinary, options } = await company();
    const preEmptiveOptions = await admin.post(`${base(existing)}/classes`, {
      name: 'Warrants',
      kind: 'options',
      pre_emptive: true,
    });
    expect(preEmptiveOptions.statusCode).toBe(422);
    expect(errorsOf(preEmptiveOptions).pre_emptive?.[0]).toMatch(/carry no pre-emption right/);
    const twice = await admin.post(`${base(existing)}/classes`, { name: 'ordinary' });
    expect(errorsOf(twice).name).toEqual(['This investment already has a share class of that name.']);
    const again = await admin.post(`${base(existing)}/holders`, {
      class_id: ordinary,
      name: 'fay founder',
      kind: 'founder',
      shares: '1',
    });
    expect(errorsOf(again).name?.[0]).toMatch(/already has a holder of that name/);
    const badShares = await admin.post(`${base(existing)}/holders`, {
      class_id: options,
      name: 'Someone',
      kind: 'other',
      shares: '0',
    });
    expect(Object.keys(errorsOf(badShares))).toEqual(['shares']);
    const other = await createOpportunity(t.ctx.db, { status: 5 });
    const foreignClass = await admin.post(`${base(other)}/holders`, {
      class_id: ordinary,
      name: 'Someone',
      kind: 'other',
      shares: '1',
    });
    expect(errorsOf(foreignClass).class_id).toEqual(['Choose one of this company’s share classes.']);

    // platform allotments name the Ordinary class: it keeps its name and stays issued shares
    const renamed = await admin.patch(`${base(existing)}/classes/${ordinary}`, { name: 'A Ordinary' });
    expect(errorsOf(renamed).name?.[0]).toMatch(/Platform investors hold Ordinary shares under that name/);
    const toOptions = await admin.patch(`${base(existing)}/classes/${ordinary}`, { kind: 'options' });
    expect(errorsOf(toOptions).kind?.[0]).toMatch(/the class stays issued shares/);
    expect(
      (await admin.patch(`${base(existing)}/classes/${ordinary}`, { name: 'Ordinary', pre_emptive: true }))
        .statusCode,
    ).toBe(200);

    const fay = data<CapTable>(await admin.get(base(existing))).holders.find((h) => h.name === 'Fay Founder');
    const changed = await admin.patch(`${base(existing)}/holders/${fay?.holder_id}`, { shares: '30000' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data<CapTable>(changed).totals.issued_shares).toBe('100000.000000');
    const classInUse = await admin.delete(`${base(existing)}/classes/${ordinary}`);
    expect(errorsOf(classInUse).class_id?.[0]).toMatch(/Remove the 3 holder\(s\) of Ordinary first/);
    expect((await admin.delete(`${base(existing)}/holders/${fay?.holder_id}`)).statusCode).toBe(200);
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, existing.id)));
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set([
        'opportunity.cap_table_class_added',
        'opportunity.cap_table_class_updated',
        'opportunity.cap_table_holder_added',
        'opportunity.cap_table_holder_updated',
        'opportunity.cap_table_holder_removed',
      ]),
    );
  });

  it('is staff only, and hidden from the Investment Manager', async () => {
    const { existing, alice } = await company();
    expect((await (await t.as(alice)).get(base(existing))).statusCode).toBe(403);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await manager.get(base(existing))).statusCode).toBe(403);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(base(existing))).statusCode).toBe(200);
    const live = await createOpportunity(t.ctx.db, { status: 2 });
    expect((await admin.get(base(live))).statusCode).toBe(404);
  });
});

describe('import: all rows or none', () => {
  const upload = (existing: OpportunityRow, name: string, body: Buffer, type = 'text/csv') => {
    const { payload, headers } = multipartBody({}, { file: { name, type, body } });
    return admin.post(`${base(existing)}/import`, payload, { headers });
  };

  it('writes nothing from a file with a bad row, and names each bad row', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const csv = [
      'Class,Holder,Holder kind,Shares,Class kind,Pre-emption',
      'Ordinary,Fay Founder,founder,"40,000",shares,yes',
      'Ordinary,Seed Fund LP,investor,20000,,',
      'Options,Employee pool,option pool,abc,options,no',
      'Ordinary,Fay Founder,founder,1,,',
      'Options,Warrant Holder,other,10,options,yes',
    ].join('\n');
    const response = await upload(existing, 'cap-table.csv', Buffer.from(csv));
    expect(response.statusCode, response.body).toBe(422);
    const errors = errorsOf(response);
    expect(errors['rows.4.shares']?.[0]).toMatch(/^Row 4: The shares must be a number of shares/);
    expect(errors['rows.5.holder']?.[0]).toMatch(/already holds Ordinary on row 2/);
    expect(errors['rows.6.pre_emption']?.[0]).toMatch(/carry no pre-emption right/);
    expect(
      await t.ctx.db.select().from(capTableClasses).where(eq(capTableClasses.opportunity_id, existing.id)),
    ).toEqual([]);
    expect(
      await t.ctx.db.select().from(capTableHolders).where(eq(capTableHolders.opportunity_id, existing.id)),
    ).toEqual([]);
    const missing = await upload(existing, 'x.csv', Buffer.from('Class,Holder\nOrdinary,Fay\n'));
    expect(errorsOf(missing).file?.[0]).toMatch(/needs the columns Holder kind, Shares/);
  });

  it('imports a whole workbook in one go, and updates holders already recorded', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const first = await upload(
      existing,
      'cap-table.xlsx',
      await xlsxOf([
        ['Class', 'Holder', 'Holder kind', 'Shares', 'Class kind'],
        ['Ordinary', 'Fay Founder', 'Founder', 40000, 'shares'],
        ['Ordinary', 'Seed Fund LP', 'Investor', 20000, ''],
        ['Options', 'Employee pool', 'Option pool', 10000, 'options'],
      ]),
      XLSX_TYPE,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(data(first)).toEqual({ classes_added: 2, holders_added: 3, holders_updated: 0 });
    const again = await upload(
      existing,
      'more.csv',
      Buffer.from(
        'holder,class,holder kind,shares\nFay Founder,ordinary,founder,45000\nNew Angel,Ordinary,investor,5000\n',
      ),
    );
    expect(data(again)).toEqual({ classes_added: 0, holders_added: 1, holders_updated: 1 });
    const table = data<CapTable>(await admin.get(base(existing)));
    expect(table.totals).toMatchObject({
      issued_shares: '70000.000000',
      fully_diluted_shares: '80000.000000',
    });
    expect(table.classes.map((entry) => [entry.name, entry.kind, entry.pre_emptive])).toEqual([
      ['Ordinary', 'shares', true],
      ['Options', 'options', false],
    ]);
  });
});

describe('pre-emption from the whole cap table (decision 020)', () => {
  /** A follow-on round of the company: £100,000.00 maximum at £2.00 a share. */
  async function round(existingId: number, maximum = '100000.00') {
    const next = await createOpportunity(t.ctx.db, {
      status: 2,
      published_at: new Date(),
      minimum_investment: '100.00',
      maximum_amount: maximum,
      target_amount: maximum,
      share_price: '2.000000',
    });
    const opened = await admin.post(`/api/opportunities/${next.id}/pre-emption`, {
      existing_investment_id: existingId,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    return { next, view: data<PreEmptionRound>(opened) };
  }

  it('offers each holder the round × their shares ÷ all issued shares carrying the right', async () => {
    const { existing, alice, bob } = await company();
    const { view } = await round(existing.id);
    // 100,000 shares carry the right (Ordinary, platform and off); Preference and options do not count
    expect(view.totals).toMatchObject({
      shares: '4000.000000',
      pre_emptive_shares: '100000.000000',
      entitlement: '4000.00',
      off_platform_entitlement: '96000.00',
    });
    const holders = new Map(view.holders.map((holder) => [holder.user.id, holder]));
    // £100,000 × 3,000 ÷ 100,000 = £3,000 = 1,500 shares at £2: Alice keeps her 3% of the class
    expect(holders.get(alice.id)).toMatchObject({
      shares: '3000.000000',
      percent: '3.00',
      entitlement_shares: '1500',
      entitlement: '3000.00',
    });
    expect(holders.get(bob.id)).toMatchObject({
      percent: '1.00',
      entitlement_shares: '500',
      entitlement: '1000.00',
    });
    expect(
      view.off_platform.map((holder) => [holder.name, holder.percent, holder.entitlement_shares]),
    ).toEqual([
      ['Fay Founder', '40.00', '20000'],
      ['Finn Founder', '36.00', '18000'],
      ['Seed Fund LP', '20.00', '10000'],
    ]);
    // only the platform holders' entitlements are held in the platform's round
    expect(view.totals.outstanding).toBe('4000.00');
  });

  it('rounds each entitlement down to whole shares at the round’s price', async () => {
    const existing = await createOpportunity(t.ctx.db, {
      status: 5,
      share_price: '1.000000',
      published_at: new Date(),
    });
    const holder = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Tess Third' });
    await allot(existing.id, holder, '1');
    const ordinary = await addClass(existing, { name: 'Ordinary' });
    await addHolder(existing, { class_id: ordinary, name: 'Two Founders', kind: 'founder', shares: '2' });
    const { view } = await round(existing.id, '1000.00');
    // £1,000 × 1 ÷ 3 = £333.33… → 166 whole shares at £2 (£332.00), never 166.67
    expect(view.holders[0]).toMatchObject({
      percent: '33.33',
      entitlement_shares: '166',
      entitlement: '332.00',
    });
    expect(view.off_platform[0]).toMatchObject({
      percent: '66.67',
      entitlement_shares: '333',
      entitlement: '666.00',
    });
  });

  it('refuses a cap table change that would promise an open round’s holders more than it has left', async () => {
    const existing = await createOpportunity(t.ctx.db, {
      status: 5,
      share_price: '1.000000',
      published_at: new Date(),
    });
    const holder = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Hal Holder' });
    await allot(existing.id, holder, '1000');
    const ordinary = await addClass(existing, { name: 'Ordinary' });
    const table = await addHolder(existing, {
      class_id: ordinary,
      name: 'Fran Founder',
      kind: 'founder',
      shares: '3000',
    });
    const { next } = await round(existing.id, '10000.00');
    // Hal's entitlement: £10,000 × 1,000 ÷ 4,000 = £2,500; a newcomer takes £7,000 of the rest
    const newcomer = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Nina Newcomer' });
    const reserved = await (
      await t.as(newcomer)
    ).post('/api/investments', {
      opportunity_id: next.id,
      amount: '7000.00',
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    // removing the founder would make Hal's entitlement the whole £10,000, with £3,000 left
    const founder = table.holders.find((row) => row.name === 'Fran Founder');
    const removed = await admin.delete(`${base(existing)}/holders/${founder?.holder_id}`);
    expect(removed.statusCode, removed.body).toBe(422);
    expect(errorsOf(removed).shares?.[0]).toMatch(/would come to £10,000.00 but it has £3,000.00 left/);
    expect(data<CapTable>(await admin.get(base(existing))).holders).toHaveLength(2);
    // a change that holds less is fine
    expect(
      (await admin.patch(`${base(existing)}/holders/${founder?.holder_id}`, { shares: '9000' })).statusCode,
    ).toBe(200);
  });
});

describe.runIf(usePostgres())('parallel writers (PostgreSQL)', () => {
  it('records one holder of a name in a class however many staff add them at once', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const ordinary = await addClass(existing, { name: 'Ordinary' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        admin.post(`${base(existing)}/holders`, {
          class_id: ordinary,
          name: index % 2 ? 'Fay Founder' : 'FAY FOUNDER',
          kind: 'founder',
          shares: '100',
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201, 422, 422, 422, 422, 422, 422, 422,
    ]);
    const rows = await t.ctx.db.select().from(capTableHolders).where(eq(capTableHolders.class_id, ordinary));
    expect(rows).toHaveLength(1);
  });

  it('never leaves an open round promising more than it has left while the cap table and reservations race', async () => {
    const existing = await createOpportunity(t.ctx.db, {
      status: 5,
      share_price: '1.000000',
      published_at: new Date(),
    });
    const holder = await readyInvestor(t.ctx.db, t.ctx.clock, { name: 'Rae Racer' });
    await allot(existing.id, holder, '1000');
    const ordinary = await addClass(existing, { name: 'Ordinary' });
    const table = await addHolder(existing, {
      class_id: ordinary,
      name: 'Fran Founder',
      kind: 'founder',
      shares: '3000',
    });
    const founder = table.holders.find((row) => row.name === 'Fran Founder');
    const next = await createOpportunity(t.ctx.db, {
      status: 2,
      published_at: new Date(),
      minimum_investment: '100.00',
      maximum_amount: '10000.00',
      target_amount: '10000.00',
      share_price: '1.000000',
    });
    expect(
      (await admin.post(`/api/opportunities/${next.id}/pre-emption`, { existing_investment_id: existing.id }))
        .statusCode,
    ).toBe(200);
    const newcomers = [];
    for (let index = 0; index < 6; index += 1)
      newcomers.push(await t.as(await readyInvestor(t.ctx.db, t.ctx.clock)));
    await Promise.all([
      admin.delete(`${base(existing)}/holders/${founder?.holder_id}`),
      ...newcomers.map((agent) =>
        agent.post('/api/investments', { opportunity_id: next.id, amount: '1500.00' }),
      ),
    ]);
    const view = data<PreEmptionRound>(await admin.get(`/api/opportunities/${next.id}/pre-emption`));
    const committed = data<{ committed_amount: string }>(
      await admin.get(`/api/opportunities/${next.id}`),
    ).committed_amount;
    // committed + what is still held for the holder never passes the maximum
    expect(Number(committed) + Number(view.totals.outstanding)).toBeLessThanOrEqual(10000);
  });
});
