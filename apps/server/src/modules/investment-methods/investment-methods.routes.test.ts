import { INVESTMENT_METHOD_COLUMNS, ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, investmentMethods, type UserRow } from '../../db/schema';
import { csvLines, xlsxSheet } from '../../test/exports';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let investor: UserRow;
let lead: { id: number };

type Page = { data: Array<Record<string, unknown>>; meta: { total: number } };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Record<string, unknown> }>(response).data;

const actionsOf = async (methodId: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'investment_method'), eq(auditLog.subject_id, methodId)))
  ).map((row) => row.action);

async function newMethod(name: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post('/api/investment-methods', { name, ...extra });
  if (response.statusCode !== 201) throw new Error(response.body);
  return Number(data(response).id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  investor = await createUser(t.ctx.db, { name: 'Sally Sipp', email: 'sally@example.test' });
  const [contact] = await t.ctx.db
    .insert(contacts)
    .values({ first_name: 'Leo', last_name: 'Lead', name: 'Leo Lead', email: 'leo@prospects.test' })
    .returning();
  if (!contact) throw new Error('no contact');
  lead = contact;
  await t.ctx.db.insert(investmentMethods).values([
    { name: 'Listed SIPP', type: 'sipp', provider: 'Curtis Banks' },
    { name: 'Listed ISA', type: 'isa', provider: 'Hargreaves' },
    { name: 'Listed Pension', type: 'pension', provider: 'Curtis Banks' },
  ]);
});
afterAll(() => t.close());

describe('investment methods', () => {
  it('lists with search by name or provider, type filter and sorts', async () => {
    const all = json<Page>(await admin.get('/api/investment-methods?filter[search]=listed'));
    expect(all.data.map((row) => row.name)).toEqual(['Listed ISA', 'Listed Pension', 'Listed SIPP']);
    expect(json<Page>(await admin.get('/api/investment-methods?filter[search]=curtis')).meta.total).toBe(2);
    expect(json<Page>(await admin.get('/api/investment-methods?filter[type]=isa,sipp')).meta.total).toBe(2);
    const byType = json<Page>(await admin.get('/api/investment-methods?filter[search]=listed&sort=-type'));
    expect(byType.data.map((row) => row.type)).toEqual(['sipp', 'pension', 'isa']);
    expect((await admin.get('/api/investment-methods?filter[provider]=x')).statusCode).toBe(400);
  });

  it('exports the filtered, sorted list with the chosen columns as CSV, or all of them as Excel', async () => {
    const csv = await admin.get(
      '/api/investment-methods/export?format=csv&filter[search]=curtis&sort=-type&columns=provider,type,name',
    );
    expect(csvLines(csv, 'investment-methods')).toEqual([
      'Name,Type,Provider',
      'Listed SIPP,SIPP,Curtis Banks',
      'Listed Pension,Pension,Curtis Banks',
    ]);

    const xlsx = await admin.get('/api/investment-methods/export?format=xlsx&filter[search]=listed');
    const sheet = await xlsxSheet(xlsx, 'investment-methods');
    expect(sheet.name).toBe('Investment methods');
    expect(sheet.rows[0]).toEqual(INVESTMENT_METHOD_COLUMNS.map((column) => column.label));
    expect(sheet.rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
      ['Listed ISA', 'ISA', 'Hargreaves'],
      ['Listed Pension', 'Pension', 'Curtis Banks'],
      ['Listed SIPP', 'SIPP', 'Curtis Banks'],
    ]);
    expect((await admin.get('/api/investment-methods/export?filter[provider]=x')).statusCode).toBe(400);
  });

  it('adds, changes and deletes a method, each audited', async () => {
    const created = await admin.post('/api/investment-methods', {
      name: 'Acme SSAS',
      type: 'ssas',
      provider: 'Acme Pensions',
      website: 'https://acme.test/ssas',
      email: 'ssas@acme.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(data(created).id);
    expect(data(created)).toMatchObject({ type: 'ssas', provider: 'Acme Pensions', entities_count: 0 });
    const changed = await admin.patch(`/api/investment-methods/${id}`, {
      provider: '',
      description: 'Small scheme',
    });
    expect(data(changed)).toMatchObject({ provider: null, description: 'Small scheme' });
    const [updated] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investment_method.updated'), eq(auditLog.subject_id, id)));
    expect(updated?.after).toEqual({ provider: null, description: 'Small scheme' });
    expect((await admin.delete(`/api/investment-methods/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/investment-methods/${id}`)).statusCode).toBe(404);
    expect(await actionsOf(id)).toEqual([
      'investment_method.created',
      'investment_method.updated',
      'investment_method.deleted',
    ]);
  });

  it('answers field errors a person can act on', async () => {
    const response = await admin.post('/api/investment-methods', { type: 'bitcoin', phone: 'ring ring' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(response).errors).sort()).toEqual(['name', 'phone', 'type']);
    expect(json<Errors>(response).errors.phone).toEqual([
      'The phone field may only hold digits, spaces, +, - and brackets.',
    ]);
    expect((await admin.patch('/api/investment-methods/999999', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('investment-method entities', () => {
  it('adds an investor’s and a contact’s account, lists, changes and deletes them, audited on the method', async () => {
    const id = await newMethod('Entity SIPP', { type: 'sipp' });
    const mine = await admin.post(`/api/investment-methods/${id}/entities`, {
      user_id: investor.id,
      name: 'S. Sipp SIPP',
      account_reference: 'CB-0001',
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(data(mine)).toMatchObject({
      holder: { type: 'investor', id: investor.id, name: 'Sally Sipp' },
      user_id: investor.id,
      contact_id: null,
      status: 'pending',
      investment_method: { id, name: 'Entity SIPP', type: 'sipp' },
    });
    const theirs = await admin.post(`/api/investment-methods/${id}/entities`, {
      contact_id: lead.id,
      name: 'L. Lead SIPP',
      status: 'active',
    });
    expect(data(theirs)).toMatchObject({ holder: { type: 'contact', name: 'Leo Lead' } });

    const list = json<Page>(await admin.get(`/api/investment-methods/${id}/entities`));
    expect(list.data.map((row) => row.name)).toEqual(['L. Lead SIPP', 'S. Sipp SIPP']);
    const byHolder = json<Page>(
      await admin.get(`/api/investment-methods/${id}/entities?filter[holder]=investor`),
    );
    expect(byHolder.data.map((row) => row.name)).toEqual(['S. Sipp SIPP']);
    const bySearch = json<Page>(
      await admin.get(`/api/investment-methods/${id}/entities?filter[search]=cb-0001`),
    );
    expect(bySearch.meta.total).toBe(1);
    expect(
      json<Page>(await admin.get(`/api/investment-methods/${id}/entities?filter[status]=active`)).meta.total,
    ).toBe(1);
    expect(data(await admin.get(`/api/investment-methods/${id}`)).entities_count).toBe(2);

    const entityId = Number(data(mine).id);
    const changed = await admin.patch(`/api/investment-method-entities/${entityId}`, { status: 'active' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data(changed).status).toBe('active');
    const ofInvestor = json<{ data: Array<{ id: number }> }>(
      await admin.get(`/api/investors/${investor.id}/investment-method-entities`),
    );
    expect(ofInvestor.data.map((row) => row.id)).toEqual([entityId]);
    const ofContact = json<{ data: Array<{ name: string }> }>(
      await admin.get(`/api/contacts/${lead.id}/investment-method-entities`),
    );
    expect(ofContact.data.map((row) => row.name)).toEqual(['L. Lead SIPP']);
    expect((await admin.delete(`/api/investment-method-entities/${entityId}`)).statusCode).toBe(204);
    expect(
      (await admin.patch(`/api/investment-method-entities/${entityId}`, { status: 'closed' })).statusCode,
    ).toBe(404);
    expect(await actionsOf(id)).toEqual([
      'investment_method.created',
      'investment_method.entity_added',
      'investment_method.entity_added',
      'investment_method.entity_updated',
      'investment_method.entity_removed',
    ]);
  });

  it('needs exactly one holder, of the right kind, and answers 404 for ids that are not there', async () => {
    const id = await newMethod('Strict ISA', { type: 'isa' });
    const errorsOf = async (body: Record<string, unknown>) =>
      json<Errors>(await admin.post(`/api/investment-methods/${id}/entities`, body)).errors;
    expect(await errorsOf({ name: 'X' })).toEqual({
      user_id: ['Choose the investor or the contact whose account this is.'],
    });
    expect(await errorsOf({ name: 'X', user_id: investor.id, contact_id: lead.id })).toEqual({
      contact_id: ['An account belongs to an investor or to a contact, not both.'],
    });
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER);
    expect(await errorsOf({ name: 'X', user_id: staff.id })).toEqual({
      user_id: ['The selected investor is invalid.'],
    });
    expect(await errorsOf({ name: 'X', contact_id: 999_999 })).toEqual({
      contact_id: ['The selected contact is invalid.'],
    });
    expect(Object.keys(await errorsOf({ name: '', user_id: investor.id, status: 'open' })).sort()).toEqual([
      'name',
      'status',
    ]);
    expect(
      (await admin.post('/api/investment-methods/999999/entities', { name: 'X', user_id: investor.id }))
        .statusCode,
    ).toBe(404);
    expect((await admin.get(`/api/investors/${staff.id}/investment-method-entities`)).statusCode).toBe(404);
    expect((await admin.get('/api/contacts/999999/investment-method-entities')).statusCode).toBe(404);
  });
});

describe('an investment method’s records and who may see them', () => {
  it('has notes through the shared record routes', async () => {
    const id = await newMethod('Noted Trust', { type: 'trust' });
    expect(
      (await admin.post(`/api/investment-methods/${id}/notes`, { body: 'Needs trustee sign-off' }))
        .statusCode,
    ).toBe(201);
    const notes = json<{ data: Array<{ body: string }> }>(
      await admin.get(`/api/investment-methods/${id}/notes`),
    );
    expect(notes.data.map((note) => note.body)).toEqual(['Needs trustee sign-off']);
  });

  it('lets an Adviser manage methods and refuses a Custodian', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/investment-methods')).statusCode).toBe(200);
    expect((await adviser.post('/api/investment-methods', { name: 'Adviser ISA' })).statusCode).toBe(201);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get('/api/investment-methods')).statusCode).toBe(403);
    expect((await custodian.get('/api/investment-methods/export')).statusCode).toBe(403);
    expect((await custodian.get(`/api/investors/${investor.id}/investment-method-entities`)).statusCode).toBe(
      403,
    );
  });
});
