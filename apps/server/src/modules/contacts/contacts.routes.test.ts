import ExcelJS from 'exceljs';
import { ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contacts,
  leadStatuses,
  questionnaireResponses,
  users,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let owner: UserRow;
let warm: { id: number };

type Page = { data: Array<Record<string, unknown>>; meta: { total: number; last_page: number } };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Record<string, unknown> }>(response).data;

const audits = (subjectId: number, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subject_type, 'contact'),
        eq(auditLog.subject_id, subjectId),
        eq(auditLog.action, action),
      ),
    );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  owner = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER, { name: 'Oscar Owner' });
  const [status] = await t.ctx.db.insert(leadStatuses).values({ name: 'Warm' }).returning();
  if (!status) throw new Error('no lead status');
  warm = status;
  for (let index = 0; index < 10; index += 1)
    await t.ctx.db.insert(contacts).values({
      first_name: 'Lead',
      last_name: `Person ${String(index).padStart(2, '0')}`,
      name: `Lead Person ${String(index).padStart(2, '0')}`,
      email: `lead${index}@prospects.test`,
      company: index < 5 ? `Zeta Capital` : `Alpha Partners`,
      state: index < 6 ? 1 : index < 9 ? 2 : 3,
      lead_status_id: index < 3 ? warm.id : null,
      client_type: index % 2 ? 'business' : 'soletrader',
      owner_id: index === 0 ? owner.id : null,
      category: index < 2 ? 'high_net_worth' : null,
      created_at: new Date(Date.UTC(2026, 1, 1 + index)),
    });
});
afterAll(() => t.close());

describe('the contacts list', () => {
  const count = async (query: string) =>
    json<Page>(await admin.get(`/api/contacts?filter[search]=lead person&${query}`)).meta.total;

  it('searches by name and email', async () => {
    expect(await count('')).toBe(10);
    const byEmail = json<Page>(await admin.get('/api/contacts?filter[search]=lead7@'));
    expect(byEmail.data.map((row) => row.name)).toEqual(['Lead Person 07']);
  });

  it('filters by state, lead status, client type, owner, category and dates', async () => {
    expect(await count('filter[state]=1')).toBe(6);
    expect(await count('filter[state]=2,3')).toBe(4);
    expect(await count(`filter[lead_status_id]=${warm.id}`)).toBe(3);
    expect(await count('filter[client_type]=business')).toBe(5);
    expect(await count(`filter[owner_id]=${owner.id}`)).toBe(1);
    expect(await count('filter[category]=high_net_worth')).toBe(2);
    expect(await count('filter[created_between]=2026-02-01,2026-02-04')).toBe(4);
    expect(await count('filter[state]=abc')).toBe(0);
    expect(await count('filter[state]=999999999999999')).toBe(0);
  });

  it('sorts, pages and shows lead status and owner on each row; newest first by default', async () => {
    const page = json<Page>(
      await admin.get('/api/contacts?filter[search]=lead person&sort=company,-name&per_page=3&page=2'),
    );
    expect(page.meta.last_page).toBe(4);
    expect(page.data.map((row) => row.name)).toEqual(['Lead Person 06', 'Lead Person 05', 'Lead Person 04']);
    const newest = json<Page>(await admin.get('/api/contacts?filter[search]=lead person'));
    expect(newest.data[0]).toMatchObject({ name: 'Lead Person 09', state: 3 });
    expect(newest.data.at(-1)).toMatchObject({
      name: 'Lead Person 00',
      lead_status: { name: 'Warm' },
      owner: { name: 'Oscar Owner' },
    });
    const sparse = json<Page>(
      await admin.get('/api/contacts?filter[search]=lead person&fields[contacts]=id,name'),
    );
    expect(Object.keys(sparse.data[0] ?? {}).sort()).toEqual(['id', 'name']);
  });

  it('refuses filters and sorts it does not know with the exact message', async () => {
    const filter = await admin.get('/api/contacts?filter[password]=x');
    expect(filter.statusCode).toBe(400);
    expect(json(filter).message).toMatch(/^Requested filter\(s\) `password` are not allowed\./);
    const sort = await admin.get('/api/contacts?sort=-secret');
    expect(sort.statusCode).toBe(400);
    expect(json(sort).message).toBe(
      'Requested sort(s) `secret` is not allowed. Allowed sort(s) are `name, email, created_at, company`.',
    );
  });

  it('exports the filtered list as CSV and as Excel', async () => {
    const csv = await admin.get(
      '/api/contacts/export?format=csv&filter[search]=lead person&filter[state]=3,2&sort=name&columns=name,email,state,company',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'Name,Email,Company,State',
      'Lead Person 06,lead6@prospects.test,Alpha Partners,Inactive',
      'Lead Person 07,lead7@prospects.test,Alpha Partners,Inactive',
      'Lead Person 08,lead8@prospects.test,Alpha Partners,Inactive',
      'Lead Person 09,lead9@prospects.test,Alpha Partners,Investment',
    ]);
    const xlsx = await admin.get('/api/contacts/export?format=xlsx&filter[search]=lead person&sort=name');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(11);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet?.getRow(2).getCell(1).value).toBe('Lead Person 00');
  });
});

describe('adding, changing and deleting contacts', () => {
  it('adds a contact and audits it', async () => {
    const response = await admin.post('/api/contacts', {
      first_name: 'Priya',
      last_name: 'Prospect',
      email: 'Priya@Prospects.test',
      phone: '+44 7700 900123',
      company: 'Prospect Holdings',
      job_title: 'Founder',
      lead_status_id: warm.id,
      owner_id: owner.id,
      client_type: 'business',
      country: 'gb',
      category: 'sophisticated',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = data(response);
    expect(created).toMatchObject({
      name: 'Priya Prospect',
      email: 'priya@prospects.test',
      state: 1,
      country: 'GB',
      lead_status: { name: 'Warm' },
      owner: { name: 'Oscar Owner' },
      investor: null,
    });
    const [audit] = await audits(Number(created.id), 'contact.created');
    expect(audit?.after).toMatchObject({ name: 'Priya Prospect', company: 'Prospect Holdings' });
    expect((await admin.get(`/api/contacts/${String(created.id)}`)).statusCode).toBe(200);
  });

  it('adds a contact without an email, and any number of them', async () => {
    for (const last of ['One', 'Two']) {
      const response = await admin.post('/api/contacts', { first_name: 'No', last_name: last, email: '' });
      expect(response.statusCode, response.body).toBe(201);
      expect(data(response).email).toBeNull();
    }
  });

  it('answers field errors a person can act on, and writes nothing', async () => {
    const before = await t.ctx.db.select().from(contacts);
    const response = await admin.post('/api/contacts', {
      first_name: '',
      last_name: 'X',
      email: 'not-an-email',
      phone: 'call me',
      country: 'Britain',
      state: 7,
    });
    expect(response.statusCode).toBe(422);
    const body = json<Errors>(response);
    expect(Object.keys(body.errors).sort()).toEqual(['country', 'email', 'first_name', 'phone', 'state']);
    expect(body.errors.first_name).toEqual(['The first name field is required.']);
    expect(body.errors.email).toEqual(['The email field must be a valid email address.']);
    expect(body.errors.state).toEqual(['The selected state is invalid.']);
    const references = await admin.post('/api/contacts', {
      first_name: 'A',
      last_name: 'B',
      lead_status_id: 999_999,
      owner_id: 999_999,
      email: 'LEAD1@prospects.test',
    });
    expect(json<Errors>(references).errors).toEqual({
      lead_status_id: ['The selected lead status is invalid.'],
      owner_id: ['The selected owner must be an active staff member.'],
      email: ['The email has already been taken.'],
    });
    const missing = await admin.post('/api/contacts', {});
    expect(Object.keys(json<Errors>(missing).errors).sort()).toEqual(['first_name', 'last_name']);
    expect(await t.ctx.db.select().from(contacts)).toHaveLength(before.length);
  });

  it('changes a contact, keeping an audit of what changed', async () => {
    const created = data(await admin.post('/api/contacts', { first_name: 'Carl', last_name: 'Change' }));
    const id = Number(created.id);
    const response = await admin.patch(`/api/contacts/${id}`, {
      last_name: 'Changed',
      state: 2,
      city: 'York',
      company: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(data(response)).toMatchObject({ name: 'Carl Changed', state: 2, city: 'York', company: null });
    const [audit] = await audits(id, 'contact.updated');
    expect(audit?.before).toEqual({ last_name: 'Change', name: 'Carl Change', state: 1, city: null });
    expect(audit?.after).toEqual({ last_name: 'Changed', name: 'Carl Changed', state: 2, city: 'York' });
    const taken = await admin.patch(`/api/contacts/${id}`, { email: 'lead2@prospects.test' });
    expect(json<Errors>(taken).errors).toEqual({ email: ['The email has already been taken.'] });
    expect((await admin.patch('/api/contacts/999999', { city: 'Hull' })).statusCode).toBe(404);
    expect((await admin.patch('/api/contacts/abc', { city: 'Hull' })).statusCode).toBe(404);
  });

  it('keeps only real ISO 3166-1 countries: UN and XX are 422 on the country field, GB is saved', async () => {
    const created = data(await admin.post('/api/contacts', { first_name: 'Cora', last_name: 'Country' }));
    const id = Number(created.id);
    for (const country of ['UN', 'XX']) {
      const refused = await admin.patch(`/api/contacts/${id}`, { country });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(json<Errors>(refused).errors).toEqual({
        country: ['The country field must be a country from the list (ISO code, e.g. GB).'],
      });
    }
    const saved = await admin.patch(`/api/contacts/${id}`, { country: 'gb' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data(saved).country).toBe('GB');
  });
  it('deletes a contact with investors.delete, audited; the Investment Committee may not', async () => {
    const created = data(await admin.post('/api/contacts', { first_name: 'Del', last_name: 'Ete' }));
    const id = Number(created.id);
    await t.ctx.db
      .insert(questionnaireResponses)
      .values({ subject_type: 'contact', subject_id: id, form: 'fact_find', answers: { dependants: 1 } });
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    expect((await committee.delete(`/api/contacts/${id}`)).statusCode).toBe(403);
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.delete(`/api/contacts/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/contacts/${id}`)).statusCode).toBe(404);
    const [audit] = await audits(id, 'contact.deleted');
    expect(audit?.before).toMatchObject({ id, name: 'Del Ete', email: null });
    // Their answers go with them.
    const answers = await t.ctx.db
      .select()
      .from(questionnaireResponses)
      .where(
        and(eq(questionnaireResponses.subject_type, 'contact'), eq(questionnaireResponses.subject_id, id)),
      );
    expect(answers).toHaveLength(0);
    expect((await admin.delete(`/api/contacts/${id}`)).statusCode).toBe(404);
  });
});

describe('a contact who registers', () => {
  it('becomes an investor: state 3, linked to the new user, with an audit row', async () => {
    const created = data(
      await admin.post('/api/contacts', {
        first_name: 'Rita',
        last_name: 'Registers',
        email: 'rita@prospects.test',
      }),
    );
    const visitor = t.agent();
    await visitor.csrfCookie();
    const registered = await visitor.post('/register', {
      name: 'Rita Registers',
      email: 'Rita@Prospects.test',
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      accept_terms: true,
    });
    expect(registered.statusCode, registered.body).toBe(204);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'rita@prospects.test'));
    const contact = data(await admin.get(`/api/contacts/${String(created.id)}`));
    expect(contact).toMatchObject({ state: 3, user_id: user?.id, investor: { name: 'Rita Registers' } });
    const [audit] = await audits(Number(created.id), 'contact.converted');
    expect(audit?.actor_id).toBe(user?.id);
    expect(audit?.after).toMatchObject({ state: 3, user_id: user?.id });
    const activity = json<{ data: Array<{ action: string }> }>(
      await admin.get(`/api/contacts/${String(created.id)}/activity`),
    );
    expect(activity.data.map((line) => line.action)).toContain('contact.converted');
  });

  it('leaves contacts with other emails alone', async () => {
    const created = data(
      await admin.post('/api/contacts', {
        first_name: 'Other',
        last_name: 'Lead',
        email: 'other@prospects.test',
      }),
    );
    const visitor = t.agent();
    await visitor.csrfCookie();
    await visitor.post('/register', {
      name: 'Someone Else',
      email: 'someone@prospects.test',
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      accept_terms: true,
    });
    expect(data(await admin.get(`/api/contacts/${String(created.id)}`))).toMatchObject({
      state: 1,
      user_id: null,
    });
  });
});

describe('a contact’s records', () => {
  it('has notes, documents and an activity timeline through the shared record routes', async () => {
    const created = data(await admin.post('/api/contacts', { first_name: 'Nora', last_name: 'Notes' }));
    const id = Number(created.id);
    const note = await admin.post(`/api/contacts/${id}/notes`, { body: 'Met at the angel dinner' });
    expect(note.statusCode, note.body).toBe(201);
    expect(data(note)).toMatchObject({ subject_type: 'contact', subject_id: id });
    const notes = json<{ data: Array<{ body: string }> }>(await admin.get(`/api/contacts/${id}/notes`));
    expect(notes.data.map((item) => item.body)).toEqual(['Met at the angel dinner']);
    const { payload, headers } = multipartBody(
      {},
      { files: { name: 'intro.pdf', type: 'application/pdf', body: Buffer.from('%PDF-1.4\n%%EOF\n') } },
    );
    const upload = await admin.post(`/api/contacts/${id}/documents`, payload, { headers });
    expect(upload.statusCode, upload.body).toBe(201);
    const activity = json<{ data: Array<{ action: string }> }>(
      await admin.get(`/api/contacts/${id}/activity`),
    );
    expect(activity.data.map((line) => line.action)).toEqual([
      'document.uploaded',
      'note.added',
      'contact.created',
    ]);
    expect((await admin.get('/api/contacts/999999/notes')).statusCode).toBe(404);
  });

  it('is found by the global search, linking to its page', async () => {
    const results = json<{ data: Array<{ type: string; name: string; url: string }> }>(
      await admin.get('/api/search?q=lead person 03'),
    );
    const found = results.data.find((result) => result.type === 'contact');
    expect(found?.name).toBe('Lead Person 03');
    expect(found?.url).toMatch(/^\/admin\/investors\/contacts\/\d+\/details$/);
  });
});

describe('who may see contacts', () => {
  it('lets an Adviser manage contacts and refuses a Custodian and investors', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/contacts')).statusCode).toBe(200);
    const added = await adviser.post('/api/contacts', { first_name: 'By', last_name: 'Adviser' });
    expect(added.statusCode).toBe(201);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get('/api/contacts')).statusCode).toBe(403);
    expect((await custodian.get(`/api/contacts/${String(data(added).id)}/notes`)).statusCode).toBe(403);
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.get('/api/contacts')).statusCode).toBe(403);
  });
});
