import { NOMINEE_COLUMNS, ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { csvLines, xlsxSheet } from '../../test/exports';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Page = { data: Array<Record<string, unknown>>; meta: { total: number } };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Record<string, unknown> }>(response).data;

const actionsOf = async (nomineeId: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'nominee'), eq(auditLog.subject_id, nomineeId)))
  ).map((row) => row.action);

async function newNominee(name: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post('/api/nominees', { name, ...extra });
  if (response.statusCode !== 201) throw new Error(response.body);
  return Number(data(response).id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('with nominee accounts off', () => {
  it('answers 404 on every nominee route, including its notes', async () => {
    expect((await admin.get('/api/nominees')).statusCode).toBe(404);
    expect((await admin.get('/api/nominees/export?format=csv')).statusCode).toBe(404);
    expect((await admin.post('/api/nominees', { name: 'Early Nominees Ltd' })).statusCode).toBe(404);
    expect((await admin.get('/api/nominees/1/clients')).statusCode).toBe(404);
    expect((await admin.get('/api/nominees/1/notes')).statusCode).toBe(404);
    expect((await admin.post('/api/nominees/1/notes', { body: 'x' })).statusCode).toBe(404);
  });
});

describe('with nominee accounts on', () => {
  beforeAll(async () => {
    const response = await admin.patch('/api/features', { enableNominee: true });
    if (response.statusCode !== 200) throw new Error(response.body);
  });

  it('adds, lists, changes and deletes nominees, each audited', async () => {
    const created = await admin.post('/api/nominees', {
      name: 'Platform Nominees Ltd',
      company_number: 'sc 123456',
      fca_number: '123456',
      email: 'nominees@platform.test',
      city: 'Edinburgh',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(data(created).id);
    expect(data(created)).toMatchObject({ company_number: 'SC123456', clients_count: 0 });
    await newNominee('Another Nominee Ltd');
    const list = json<Page>(await admin.get('/api/nominees?filter[search]=nominee'));
    expect(list.data.map((row) => row.name)).toEqual(['Another Nominee Ltd', 'Platform Nominees Ltd']);
    expect(json<Page>(await admin.get('/api/nominees?filter[search]=nominees@platform')).meta.total).toBe(1);
    const newest = json<Page>(await admin.get('/api/nominees?sort=-created_at&per_page=1'));
    expect(newest.data[0]?.name).toBe('Another Nominee Ltd');
    expect((await admin.get('/api/nominees?filter[city]=x')).statusCode).toBe(400);

    const changed = await admin.patch(`/api/nominees/${id}`, { city: 'Glasgow', fca_number: '' });
    expect(data(changed)).toMatchObject({ city: 'Glasgow', fca_number: null });
    expect(data(await admin.get(`/api/nominees/${id}`)).name).toBe('Platform Nominees Ltd');
    expect((await admin.delete(`/api/nominees/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/nominees/${id}`)).statusCode).toBe(404);
    expect(await actionsOf(id)).toEqual(['nominee.created', 'nominee.updated', 'nominee.deleted']);
  });

  it('answers field errors a person can act on', async () => {
    const response = await admin.post('/api/nominees', {
      name: '',
      company_number: '123',
      fca_number: 'FCA1',
      email: 'x@',
      country: 'GBR',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = json<Errors>(response);
    expect(Object.keys(errors).sort()).toEqual(['company_number', 'country', 'email', 'fca_number', 'name']);
    expect(errors.company_number).toEqual([
      'The company number field must be a Companies House number, e.g. 01234567 or SC123456.',
    ]);
    expect(errors.fca_number).toEqual(['The FCA number field must be a 6 or 7 digit FCA reference number.']);
    expect((await admin.patch('/api/nominees/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('adds investors as clients with a designation, lists and removes them, audited', async () => {
    const id = await newNominee('Client Nominees Ltd');
    const ivy = await createUser(t.ctx.db, { name: 'Ivy Client' });
    const abe = await createUser(t.ctx.db, { name: 'Abe Client' });
    const added = await admin.post(`/api/nominees/${id}/clients`, { user_id: ivy.id, designation: 'IVY001' });
    expect(added.statusCode, added.body).toBe(201);
    expect(data(added)).toMatchObject({
      nominee_id: id,
      designation: 'IVY001',
      investor: { name: 'Ivy Client' },
    });
    await admin.post(`/api/nominees/${id}/clients`, { user_id: abe.id });
    const clients = json<Page>(await admin.get(`/api/nominees/${id}/clients`));
    expect(clients.data.map((row) => (row.investor as { name: string }).name)).toEqual([
      'Abe Client',
      'Ivy Client',
    ]);
    expect(json<Page>(await admin.get(`/api/nominees/${id}/clients?filter[search]=ivy001`)).meta.total).toBe(
      1,
    );
    expect(data(await admin.get(`/api/nominees/${id}`)).clients_count).toBe(2);

    const again = await admin.post(`/api/nominees/${id}/clients`, { user_id: ivy.id });
    expect(json<Errors>(again).errors).toEqual({
      user_id: ['This investor is already a client of this nominee.'],
    });
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER);
    expect(
      json<Errors>(await admin.post(`/api/nominees/${id}/clients`, { user_id: staff.id })).errors,
    ).toEqual({
      user_id: ['The selected investor is invalid.'],
    });
    expect((await admin.post('/api/nominees/999999/clients', { user_id: ivy.id })).statusCode).toBe(404);

    const clientId = Number(data(added).id);
    const other = await newNominee('Other Nominees Ltd');
    expect((await admin.delete(`/api/nominees/${other}/clients/${clientId}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/nominees/${id}/clients/${clientId}`)).statusCode).toBe(204);
    expect(await actionsOf(id)).toEqual([
      'nominee.created',
      'nominee.client_added',
      'nominee.client_added',
      'nominee.client_removed',
    ]);
  });

  it('has notes and tasks through the shared record routes', async () => {
    const id = await newNominee('Noted Nominees Ltd');
    expect(
      (await admin.post(`/api/nominees/${id}/notes`, { body: 'Bare trust deed on file' })).statusCode,
    ).toBe(201);
    const task = await admin.post(`/api/nominees/${id}/tasks`, { title: 'Check the deed' });
    expect(task.statusCode, task.body).toBe(201);
    expect(data(task).subject).toEqual({ type: 'nominee', id, name: 'Noted Nominees Ltd' });
    const activity = json<{ data: Array<{ action: string }> }>(
      await admin.get(`/api/nominees/${id}/activity`),
    );
    expect(activity.data.map((line) => line.action)).toEqual([
      'task.created',
      'note.added',
      'nominee.created',
    ]);
  });

  it('lets an Adviser manage nominees and refuses a Custodian', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/nominees')).statusCode).toBe(200);
    expect((await adviser.post('/api/nominees', { name: 'Adviser Nominees Ltd' })).statusCode).toBe(201);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get('/api/nominees')).statusCode).toBe(403);
    expect((await custodian.get('/api/nominees/export')).statusCode).toBe(403);
  });

  it('exports the filtered, sorted list with the chosen columns as CSV, or all of them as Excel', async () => {
    await newNominee('Exported Trustees Ltd', { company_number: '07654321', city: 'York' });
    await newNominee('Exported Custody Ltd', { fca_number: '654321', city: 'Bath' });
    const csv = await admin.get(
      '/api/nominees/export?format=csv&filter[search]=exported&sort=-name&columns=city,name,fca_number',
    );
    expect(csvLines(csv, 'nominees')).toEqual([
      'Name,FCA number,Town or city',
      'Exported Trustees Ltd,,York',
      'Exported Custody Ltd,654321,Bath',
    ]);

    const sheet = await xlsxSheet(
      await admin.get('/api/nominees/export?format=xlsx&filter[search]=exported'),
      'nominees',
    );
    expect(sheet.name).toBe('Nominees');
    expect(sheet.rows[0]).toEqual(NOMINEE_COLUMNS.map((column) => column.label));
    expect(sheet.rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['Exported Custody Ltd', undefined],
      ['Exported Trustees Ltd', '07654321'],
    ]);
  });
});
