import { ORGANISATION_COLUMNS, ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisationLinks, organisations } from '../../db/schema';
import { csvLines, xlsxSheet } from '../../test/exports';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Page = { data: Array<Record<string, unknown>>; meta: { total: number } };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Record<string, unknown> }>(response).data;

const audits = (subjectId: number, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subject_type, 'organisation'),
        eq(auditLog.subject_id, subjectId),
        eq(auditLog.action, action),
      ),
    );

const newOrganisation = async (name: string, extra: Record<string, unknown> = {}) => {
  const response = await admin.post('/api/organisations', { name, ...extra });
  if (response.statusCode !== 201) throw new Error(response.body);
  return Number(data(response).id);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  const types = ['company', 'trust', 'angel_network'] as const;
  for (let index = 0; index < 6; index += 1) {
    const [org] = await t.ctx.db
      .insert(organisations)
      .values({
        name: `Listed Org ${index}`,
        email: `office${index}@listed.test`,
        type: types[index % 3],
        created_at: new Date(Date.UTC(2026, 2, 1 + index)),
      })
      .returning();
    if (!org) throw new Error('no organisation');
    for (let member = 0; member < index; member += 1) {
      const user = await createUser(t.ctx.db);
      await t.ctx.db.insert(organisationLinks).values({ organisation_id: org.id, user_id: user.id });
    }
  }
});
afterAll(() => t.close());

describe('the organisations list', () => {
  it('searches, filters by type, sorts and counts members', async () => {
    const all = json<Page>(await admin.get('/api/organisations?filter[search]=listed org'));
    expect(all.meta.total).toBe(6);
    expect(all.data.map((row) => row.name)).toEqual([
      'Listed Org 0',
      'Listed Org 1',
      'Listed Org 2',
      'Listed Org 3',
      'Listed Org 4',
      'Listed Org 5',
    ]);
    expect(all.data.map((row) => row.members_count)).toEqual([0, 1, 2, 3, 4, 5]);
    const trusts = json<Page>(await admin.get('/api/organisations?filter[search]=listed&filter[type]=trust'));
    expect(trusts.data.map((row) => row.name)).toEqual(['Listed Org 1', 'Listed Org 4']);
    const byEmail = json<Page>(await admin.get('/api/organisations?filter[search]=office3@'));
    expect(byEmail.data.map((row) => row.name)).toEqual(['Listed Org 3']);
    const newest = json<Page>(
      await admin.get('/api/organisations?filter[search]=listed&sort=-created_at&per_page=2&page=2'),
    );
    expect(newest.data.map((row) => row.name)).toEqual(['Listed Org 3', 'Listed Org 2']);
  });

  it('refuses names it does not know', async () => {
    const response = await admin.get('/api/organisations?filter[members]=1');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(
      'Requested filter(s) `members` are not allowed. Allowed filter(s) are `search, type`.',
    );
    expect((await admin.get('/api/organisations?sort=members_count')).statusCode).toBe(400);
  });

  it('exports the filtered, sorted list with the chosen columns as CSV, or all of them as Excel', async () => {
    const csv = await admin.get(
      '/api/organisations/export?format=csv&filter[search]=listed org&filter[type]=trust&sort=-created_at&columns=created_at,name,members_count,type',
    );
    // The columns stand in the list's order, whatever the order asked for.
    expect(csvLines(csv, 'organisations')).toEqual([
      'Name,Type,Members,Added',
      'Listed Org 4,Trust,4,2026-03-05T00:00:00.000Z',
      'Listed Org 1,Trust,1,2026-03-02T00:00:00.000Z',
    ]);

    const xlsx = await admin.get('/api/organisations/export?format=xlsx&filter[search]=listed org');
    const sheet = await xlsxSheet(xlsx, 'organisations');
    expect(sheet.name).toBe('Organisations');
    expect(sheet.rows).toHaveLength(7);
    expect(sheet.rows[0]).toEqual(ORGANISATION_COLUMNS.map((column) => column.label));
    expect(sheet.rows[1]).toEqual([
      'Listed Org 0',
      'Company',
      undefined,
      'office0@listed.test',
      undefined,
      undefined,
      undefined,
      undefined,
      0,
      new Date(Date.UTC(2026, 2, 1)),
    ]);
  });

  it('refuses the export to a role that may not see the list, and filters it does not know', async () => {
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get('/api/organisations/export')).statusCode).toBe(403);
    expect((await admin.get('/api/organisations/export?filter[members]=1')).statusCode).toBe(400);
  });
});

describe('adding, changing and deleting organisations', () => {
  it('adds one, audited, and shows it', async () => {
    const response = await admin.post('/api/organisations', {
      name: 'Northern Angels',
      type: 'angel_network',
      email: 'Hello@Northern.test',
      website: 'https://northern.test',
      country: 'gb',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = data(response);
    expect(created).toMatchObject({
      name: 'Northern Angels',
      type: 'angel_network',
      email: 'hello@northern.test',
      country: 'GB',
      members_count: 0,
    });
    const [audit] = await audits(Number(created.id), 'organisation.created');
    expect(audit?.after).toMatchObject({ name: 'Northern Angels' });
    expect(data(await admin.get(`/api/organisations/${String(created.id)}`)).name).toBe('Northern Angels');
  });

  it('answers field errors a person can act on', async () => {
    const response = await admin.post('/api/organisations', {
      name: ' ',
      type: 'club',
      website: 'javascript:alert(1)',
      email: 'nope',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = json<Errors>(response);
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'type', 'website']);
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.type).toEqual(['The selected type is invalid.']);
    expect(errors.website).toEqual(['The website field must be a valid URL (https://…).']);
  });

  it('changes one, auditing only what changed', async () => {
    const id = await newOrganisation('Change Ltd');
    const response = await admin.patch(`/api/organisations/${id}`, {
      name: 'Changed Ltd',
      registration_number: '01234567',
      city: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(data(response)).toMatchObject({
      name: 'Changed Ltd',
      registration_number: '01234567',
      city: null,
    });
    const [audit] = await audits(id, 'organisation.updated');
    expect(audit?.before).toEqual({ name: 'Change Ltd', registration_number: null });
    expect(audit?.after).toEqual({ name: 'Changed Ltd', registration_number: '01234567' });
    expect((await admin.patch('/api/organisations/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('deletes one with investors.delete, unlinking its members', async () => {
    const id = await newOrganisation('Gone Ltd');
    const investor = await createUser(t.ctx.db);
    await admin.post(`/api/organisations/${id}/members`, { user_id: investor.id });
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    expect((await committee.delete(`/api/organisations/${id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/organisations/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/organisations/${id}`)).statusCode).toBe(404);
    const links = await t.ctx.db
      .select()
      .from(organisationLinks)
      .where(eq(organisationLinks.user_id, investor.id));
    expect(links).toHaveLength(0);
    const [audit] = await audits(id, 'organisation.deleted');
    expect(audit?.before).toMatchObject({ id, name: 'Gone Ltd', members_count: 1 });
  });
});

describe('members (organisation links)', () => {
  it('links investors with a role, lists them, changes the role and unlinks, each audited', async () => {
    const id = await newOrganisation('Members Ltd');
    const ann = await createUser(t.ctx.db, { name: 'Ann Member' });
    const bob = await createUser(t.ctx.db, { name: 'Bob Member' });
    const added = await admin.post(`/api/organisations/${id}/members`, { user_id: bob.id, role: 'director' });
    expect(added.statusCode, added.body).toBe(201);
    expect(data(added)).toMatchObject({
      organisation_id: id,
      role: 'director',
      investor: { name: 'Bob Member' },
    });
    await admin.post(`/api/organisations/${id}/members`, { user_id: ann.id });
    const list = json<Page>(await admin.get(`/api/organisations/${id}/members`));
    expect(list.data.map((row) => [(row.investor as { name: string }).name, row.role])).toEqual([
      ['Ann Member', 'member'],
      ['Bob Member', 'director'],
    ]);
    const directors = json<Page>(await admin.get(`/api/organisations/${id}/members?filter[role]=director`));
    expect(directors.meta.total).toBe(1);
    expect(data(await admin.get(`/api/organisations/${id}`)).members_count).toBe(2);

    const memberId = Number(data(added).id);
    const changed = await admin.patch(`/api/organisations/${id}/members/${memberId}`, {
      role: 'beneficial_owner',
    });
    expect(data(changed).role).toBe('beneficial_owner');
    expect((await admin.delete(`/api/organisations/${id}/members/${memberId}`)).statusCode).toBe(204);
    expect(json<Page>(await admin.get(`/api/organisations/${id}/members`)).meta.total).toBe(1);

    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, id)))
      .filter((row) => row.subject_type === 'organisation')
      .map((row) => row.action);
    expect(actions).toEqual([
      'organisation.created',
      'organisation.member_added',
      'organisation.member_added',
      'organisation.member_updated',
      'organisation.member_removed',
    ]);
    // The investor's own record lists the organisation.
    expect(data(await admin.get(`/api/investors/${ann.id}`)).organisations).toEqual([
      { id, name: 'Members Ltd', role: 'member' },
    ]);
  });

  it('accepts only investors, once each, and answers 404 for ids that are not there', async () => {
    const id = await newOrganisation('Strict Ltd');
    const other = await newOrganisation('Other Ltd');
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER);
    const investor = await createUser(t.ctx.db);
    expect(
      json<Errors>(await admin.post(`/api/organisations/${id}/members`, { user_id: staff.id })).errors,
    ).toEqual({ user_id: ['The selected investor is invalid.'] });
    const first = await admin.post(`/api/organisations/${id}/members`, { user_id: investor.id });
    const again = await admin.post(`/api/organisations/${id}/members`, { user_id: investor.id });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors).toEqual({
      user_id: ['This investor is already a member of this organisation.'],
    });
    const bad = await admin.post(`/api/organisations/${id}/members`, { user_id: 'x', role: 'king' });
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['role', 'user_id']);
    expect((await admin.post('/api/organisations/999999/members', { user_id: investor.id })).statusCode).toBe(
      404,
    );
    const memberId = Number(data(first).id);
    // A member of one organisation is not reachable through another.
    expect(
      (await admin.patch(`/api/organisations/${other}/members/${memberId}`, { role: 'director' })).statusCode,
    ).toBe(404);
    expect((await admin.delete(`/api/organisations/${other}/members/${memberId}`)).statusCode).toBe(404);
    expect((await admin.get('/api/organisations/999999/members')).statusCode).toBe(404);
  });
});

describe('an organisation’s records and who may see them', () => {
  it('has notes through the shared record routes', async () => {
    const id = await newOrganisation('Noted Ltd');
    expect(
      (await admin.post(`/api/organisations/${id}/notes`, { body: 'Family office of the Smiths' }))
        .statusCode,
    ).toBe(201);
    const activity = json<{ data: Array<{ action: string }> }>(
      await admin.get(`/api/organisations/${id}/activity`),
    );
    expect(activity.data.map((line) => line.action)).toEqual(['note.added', 'organisation.created']);
  });

  it('lets an Adviser manage organisations and refuses a Custodian', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/organisations')).statusCode).toBe(200);
    expect((await adviser.post('/api/organisations', { name: 'Adviser Org' })).statusCode).toBe(201);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get('/api/organisations')).statusCode).toBe(403);
    expect((await custodian.post('/api/organisations', { name: 'No' })).statusCode).toBe(403);
  });
});
