import ExcelJS from 'exceljs';
import { ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  investorProfiles,
  leadStatuses,
  mailOutbox,
  notes,
  organisationLinks,
  organisations,
  users,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let owner: { id: number };
let hot: { id: number };

type Page = { data: Array<Record<string, unknown>>; meta: { total: number } };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Record<string, unknown> }>(response).data;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  owner = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER, { name: 'Olive Owner' });
  const [status] = await t.ctx.db.insert(leadStatuses).values({ name: 'Hot', colour: '#ff0000' }).returning();
  if (!status) throw new Error('no lead status');
  hot = status;
  const [org] = await t.ctx.db
    .insert(organisations)
    .values({ name: 'Acme Angels', type: 'angel_network' })
    .returning();
  for (let index = 0; index < 12; index += 1) {
    const user = await createUser(t.ctx.db, {
      name: `Filter Person ${String(index).padStart(2, '0')}`,
      email: `filter${index}@example.test`,
      created_at: new Date(Date.UTC(2026, 0, 1 + index)),
    });
    await t.ctx.db.insert(investorProfiles).values({
      user_id: user.id,
      client_type: index % 2 ? 'business' : 'soletrader',
      lead_status_id: index < 4 ? hot?.id : null,
      category: index < 3 ? 'sophisticated' : null,
      owner_id: index === 0 ? owner.id : null,
      onboarding_state: index < 3 ? 'categorised' : 'verified',
    });
    if (index < 2 && org)
      await t.ctx.db
        .insert(organisationLinks)
        .values({ organisation_id: org.id, user_id: user.id, role: 'member' });
  }
});
afterAll(() => t.close());

describe('the investors list', () => {
  it('searches by name and email, staff excluded', async () => {
    const page = json<Page>(await admin.get('/api/investors?filter[search]=filter person&per_page=50'));
    expect(page.meta.total).toBe(12);
    const byEmail = json<Page>(await admin.get('/api/investors?filter[search]=filter3@'));
    expect(byEmail.data.map((row) => row.email)).toEqual(['filter3@example.test']);
    const staff = json<Page>(await admin.get('/api/investors?filter[search]=Olive'));
    expect(staff.meta.total).toBe(0);
  });

  it('filters by lead status, client type, category, onboarding state, organisation, owner and dates', async () => {
    const count = async (query: string) =>
      json<Page>(await admin.get(`/api/investors?filter[search]=filter person&${query}`)).meta.total;
    expect(await count(`filter[lead_status_id]=${hot?.id}`)).toBe(4);
    expect(await count('filter[client_type]=business')).toBe(6);
    expect(await count('filter[category]=sophisticated')).toBe(3);
    expect(await count('filter[onboarding_state]=categorised')).toBe(3);
    const [org] = await t.ctx.db.select().from(organisations);
    expect(await count(`filter[organisation_id]=${org?.id}`)).toBe(2);
    expect(await count(`filter[owner_id]=${owner.id}`)).toBe(1);
    expect(await count('filter[created_between]=2026-01-01,2026-01-05')).toBe(5);
    expect(await count('filter[compliance_passed]=false')).toBe(12);
    expect(await count('filter[status]=active')).toBe(12);
  });

  it('sorts and pages, with lead status, owner and organisations on each row', async () => {
    const page = json<Page>(
      await admin.get('/api/investors?filter[search]=filter person&sort=name&per_page=5&page=1'),
    );
    expect(page.data.map((row) => row.name)).toEqual([
      'Filter Person 00',
      'Filter Person 01',
      'Filter Person 02',
      'Filter Person 03',
      'Filter Person 04',
    ]);
    expect(page.data[0]).toMatchObject({
      lead_status: { name: 'Hot' },
      owner: { name: 'Olive Owner' },
      organisations: [{ name: 'Acme Angels', role: 'member' }],
    });
    const newest = json<Page>(await admin.get('/api/investors?filter[search]=filter person'));
    expect(newest.data[0]?.name).toBe('Filter Person 11');
  });

  it('answers the exact total on every page, and on a page past the end with no rows', async () => {
    const path = '/api/investors?filter[search]=filter person&sort=name&per_page=5';
    const last = json<Page & { meta: { last_page: number; from: number | null } }>(
      await admin.get(`${path}&page=3`),
    );
    expect(last.data.map((row) => row.name)).toEqual(['Filter Person 10', 'Filter Person 11']);
    expect(last.meta).toMatchObject({ total: 12, last_page: 3, from: 11 });
    const past = json<Page & { meta: { last_page: number; from: number | null } }>(
      await admin.get(`${path}&page=4`),
    );
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 12, last_page: 3, from: null });
    const none = json<Page>(await admin.get('/api/investors?filter[search]=nobody by this name'));
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("lists each row's organisations by name, and none as an empty list", async () => {
    const [second] = await t.ctx.db
      .insert(organisations)
      .values({ name: 'Aardvark Syndicate', type: 'angel_network' })
      .returning();
    const [person] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'filter0@example.test'));
    if (!second || !person) throw new Error('no organisation or investor');
    await t.ctx.db
      .insert(organisationLinks)
      .values({ organisation_id: second.id, user_id: person.id, role: 'director' });
    try {
      const page = json<Page>(
        await admin.get('/api/investors?filter[search]=filter person&sort=name&per_page=3'),
      );
      expect(page.data.map((row) => row.organisations)).toEqual([
        [
          { id: second.id, name: 'Aardvark Syndicate', role: 'director' },
          { id: expect.any(Number) as unknown, name: 'Acme Angels', role: 'member' },
        ],
        [{ id: expect.any(Number) as unknown, name: 'Acme Angels', role: 'member' }],
        [],
      ]);
    } finally {
      await t.ctx.db.delete(organisations).where(eq(organisations.id, second.id));
    }
  });

  it('ignores a day that does not exist rather than failing', async () => {
    const response = await admin.get(
      '/api/investors?filter[search]=filter person&filter[created_between]=2026-13-45,2026-01-02',
    );
    expect(response.statusCode).toBe(200);
    expect(json<Page>(response).meta.total).toBe(2);
  });

  it('refuses filters it does not know with the exact message', async () => {
    const response = await admin.get('/api/investors?filter[password]=x');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/^Requested filter\(s\) `password` are not allowed\./);
  });

  it('exports the filtered list as CSV and as Excel', async () => {
    const csv = await admin.get(
      '/api/investors/export?format=csv&filter[search]=filter person&filter[category]=sophisticated&sort=name&columns=name,email,category',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="investors-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Name,Email,Category',
      'Filter Person 00,filter0@example.test,Certified sophisticated investor',
      'Filter Person 01,filter1@example.test,Certified sophisticated investor',
      'Filter Person 02,filter2@example.test,Certified sophisticated investor',
    ]);
    const xlsx = await admin.get('/api/investors/export?format=xlsx&filter[search]=filter person&sort=name');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(13);
    expect(sheet?.getRow(2).getCell(1).value).toBe('Filter Person 00');
  });

  it('defuses spreadsheet formulas in exported cells', async () => {
    const user = await createUser(t.ctx.db, {
      name: '=HYPERLINK("http://evil")',
      email: 'formula@example.test',
    });
    const csv = await admin.get(`/api/investors/export?format=csv&filter[search]=formula@&columns=name`);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    await t.ctx.db.delete(users).where(eq(users.id, user.id));
  });
});

describe('creating and changing investors', () => {
  it('creates an investor who is emailed an invitation, and audits it', async () => {
    const response = await admin.post('/api/investors', {
      first_name: 'Ingrid',
      last_name: 'Invited',
      email: 'Ingrid@Example.test',
      phone: '+44 20 7946 0000',
      client_type: 'soletrader',
      lead_status_id: hot?.id,
      owner_id: owner.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = data(response);
    expect(created).toMatchObject({
      name: 'Ingrid Invited',
      email: 'ingrid@example.test',
      status: 'invited',
      onboarding_state: 'registered',
      lead_status: { name: 'Hot' },
      owner: { name: 'Olive Owner' },
    });
    const [mail] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'ingrid@example.test'));
    expect(mail?.text_body).toMatch(/\/set-password\?token=/);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject_id, Number(created.id)));
    expect(audits.map((row) => row.action)).toContain('investor.created');
  });

  it('links the contact with the same email when staff add the investor', async () => {
    const contact = data(
      await admin.post('/api/contacts', {
        first_name: 'Cora',
        last_name: 'Contact',
        email: 'cora@example.test',
      }),
    );
    const created = data(
      await admin.post('/api/investors', {
        first_name: 'Cora',
        last_name: 'Contact',
        email: 'cora@example.test',
      }),
    );
    expect(data(await admin.get(`/api/contacts/${String(contact.id)}`))).toMatchObject({
      state: 3,
      user_id: created.id,
    });
  });

  it('answers field errors a person can act on, and writes nothing', async () => {
    const before = await t.ctx.db.select().from(users);
    const response = await admin.post('/api/investors', {
      first_name: '',
      last_name: 'X',
      email: 'filter0@example.test',
      ni_number: '12345',
      bank_sort_code: '12-34',
      owner_id: 999999,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(response).errors).sort()).toEqual([
      'bank_sort_code',
      'first_name',
      'ni_number',
    ]);
    const taken = await admin.post('/api/investors', {
      first_name: 'A',
      last_name: 'B',
      email: 'filter0@example.test',
    });
    expect(json<{ errors: Record<string, string[]> }>(taken).errors).toEqual({
      email: ['The email has already been taken.'],
    });
    const owned = await admin.post('/api/investors', {
      first_name: 'A',
      last_name: 'B',
      email: 'new@example.test',
      owner_id: 999999,
    });
    expect(json<{ errors: Record<string, string[]> }>(owned).errors).toEqual({
      owner_id: ['The selected owner must be an active staff member.'],
    });
    expect(await t.ctx.db.select().from(users)).toHaveLength(before.length);
  });

  it('changes details, keeps an audit of what changed, and re-verifies a new email', async () => {
    const user = await createUser(t.ctx.db, { name: 'Change Me', email: 'changeme@example.test' });
    const response = await admin.patch(`/api/investors/${user.id}`, {
      first_name: 'Changed',
      last_name: 'Person',
      city: 'Leeds',
      email: 'changed@example.test',
      ni_number: 'ab 12 34 56 c',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(data(response)).toMatchObject({
      name: 'Changed Person',
      city: 'Leeds',
      email: 'changed@example.test',
      email_verified_at: null,
    });
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'investor.updated'));
    expect(audit?.after).toMatchObject({ city: 'Leeds', name: 'Changed Person' });
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'changed@example.test'));
    expect(mails[0]?.subject).toMatch(/Verify/);
  });

  it('shows tax details only with the tax feature and hides bank details when asked', async () => {
    const user = await createUser(t.ctx.db);
    await admin.patch(`/api/investors/${user.id}`, { ni_number: 'AB123456C', bank_sort_code: '112233' });
    expect(data(await admin.get(`/api/investors/${user.id}`))).toMatchObject({
      ni_number: null,
      bank_sort_code: '112233',
    });
    await admin.patch('/api/features', { enableTax: true, enableHideBankAdmin: true });
    expect(data(await admin.get(`/api/investors/${user.id}`))).toMatchObject({
      ni_number: 'AB123456C',
      bank_sort_code: null,
    });
    await admin.patch('/api/features', { enableTax: false, enableHideBankAdmin: false });
  });

  it('deactivates and restores; Support alone erases for good', async () => {
    const user = await createUser(t.ctx.db);
    const theirs = await t.as(user);
    expect(data(await admin.post(`/api/investors/${user.id}/deactivate`)).status).toBe('deactivated');
    expect((await theirs.get('/api/user')).statusCode).toBe(401);
    expect(data(await admin.post(`/api/investors/${user.id}/restore`)).status).toBe('active');
    expect((await admin.delete(`/api/investors/${user.id}`)).statusCode).toBe(403);
    await admin.post(`/api/investors/${user.id}/notes`, { body: 'A note that goes with them' });
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    expect((await support.delete(`/api/investors/${user.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/investors/${user.id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(notes).where(eq(notes.subject_id, user.id))).toHaveLength(0);
  });

  it('answers 404 for a staff member’s id', async () => {
    expect((await admin.get(`/api/investors/${owner.id}`)).statusCode).toBe(404);
  });
});

describe('who may see investors', () => {
  it('lets an Adviser manage investors and refuses a Custodian and investors', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/investors')).statusCode).toBe(200);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get('/api/investors')).statusCode).toBe(403);
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.get('/api/investors')).statusCode).toBe(403);
  });
});
