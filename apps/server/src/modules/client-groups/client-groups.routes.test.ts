import { can, ROLE_IDS, ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientGroups, opportunities, opportunityInvitations, users } from '../../db/schema';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';
import { seedClientGroupsDemo } from '../../seed/client-groups-demo';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Page = { data: Array<Record<string, unknown>>; meta: { total: number } };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Record<string, unknown> }>(response).data;

const actionsOf = async (groupId: number) =>
  (
    await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'client_group'), eq(auditLog.subject_id, groupId)))
      .orderBy(auditLog.id)
  ).map((row) => row.action);

async function newGroup(name: string) {
  const response = await admin.post('/api/client-groups', { name });
  if (response.statusCode !== 201) throw new Error(response.body);
  return Number(data(response).id);
}

const memberNames = async (id: number) =>
  json<Page>(await admin.get(`/api/client-groups/${id}/members`)).data.map(
    (row) => (row.investor as { name: string }).name,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('client groups', () => {
  it('adds, lists, renames and deletes groups, each audited and in the group’s activity', async () => {
    const created = await admin.post('/api/client-groups', {
      name: '  Angel syndicate ',
      description: 'Angels who see rounds first',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(data(created).id);
    expect(data(created)).toMatchObject({ name: 'Angel syndicate', members_count: 0, invitations_count: 0 });
    await newGroup('Zebra partners');
    const list = json<Page>(await admin.get('/api/client-groups?filter[search]=angel'));
    expect(list.data.map((row) => row.name)).toEqual(['Angel syndicate']);
    expect(json<Page>(await admin.get('/api/client-groups?filter[search]=rounds first')).meta.total).toBe(1);
    expect((await admin.get('/api/client-groups?filter[city]=x')).statusCode).toBe(400);

    const changed = await admin.patch(`/api/client-groups/${id}`, {
      name: 'Angel syndicate 2026',
      description: '',
    });
    expect(data(changed)).toMatchObject({ name: 'Angel syndicate 2026', description: null });
    const activity = json<{ data: Array<{ description: string }> }>(
      await admin.get(`/api/client-groups/${id}/activity`),
    ).data.map((row) => row.description);
    expect(activity).toEqual(['Details changed: Name, Description', 'Added']);
    expect((await admin.delete(`/api/client-groups/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/client-groups/${id}`)).statusCode).toBe(404);
    expect(await actionsOf(id)).toEqual([
      'client_group.created',
      'client_group.updated',
      'client_group.deleted',
    ]);
  });

  it('answers field errors a person can act on; names are unique whatever their case', async () => {
    await newGroup('Family office partners test');
    expect(
      json<Errors>(await admin.post('/api/client-groups', { name: 'FAMILY office partners TEST' })).errors,
    ).toEqual({
      name: ['A client group with this name already exists.'],
    });
    const response = await admin.post('/api/client-groups', { name: '', description: 'x'.repeat(1001) });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(response).errors).sort()).toEqual(['description', 'name']);
    expect((await admin.patch('/api/client-groups/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('adds investors only, idempotently, sorts them by name and removes them, in the activity', async () => {
    const id = await newGroup('Members test');
    const ivy = await createUser(t.ctx.db, { name: 'Ivy Member' });
    const abe = await createUser(t.ctx.db, { name: 'Abe Member' });
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER, { name: 'Sid Staff' });

    const added = await admin.post(`/api/client-groups/${id}/members`, {
      user_ids: [ivy.id, abe.id, ivy.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(json<{ data: unknown[] }>(added).data).toHaveLength(2);
    const again = await admin.post(`/api/client-groups/${id}/members`, { user_ids: [ivy.id] });
    expect(again.statusCode).toBe(200);
    expect(await memberNames(id)).toEqual(['Abe Member', 'Ivy Member']);
    expect(
      json<Page>(await admin.get(`/api/client-groups/${id}/members?filter[search]=ivy`)).meta.total,
    ).toBe(1);
    expect(data(await admin.get(`/api/client-groups/${id}`)).members_count).toBe(2);

    const refused = await admin.post(`/api/client-groups/${id}/members`, {
      user_ids: [abe.id, staff.id, 999_999],
    });
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors).toEqual({
      'user_ids.1': ['Sid Staff is not an investor: only investors join client groups.'],
      'user_ids.2': ['The selected investor does not exist.'],
    });
    expect((await admin.post(`/api/client-groups/${id}/members`, { user_ids: [] })).statusCode).toBe(422);
    expect((await admin.post('/api/client-groups/999999/members', { user_ids: [abe.id] })).statusCode).toBe(
      404,
    );

    expect((await admin.delete(`/api/client-groups/${id}/members/${ivy.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/client-groups/${id}/members/${ivy.id}`)).statusCode).toBe(404);
    expect(await memberNames(id)).toEqual(['Abe Member']);
    const activity = json<{ data: Array<{ description: string }> }>(
      await admin.get(`/api/client-groups/${id}/activity`),
    ).data.map((row) => row.description);
    expect(activity.slice(0, 2)).toEqual([
      'Ivy Member removed from the group',
      'Ivy Member, Abe Member added to the group',
    ]);
    expect(await actionsOf(id)).toEqual([
      'client_group.created',
      'client_group.members_added',
      'client_group.member_removed',
    ]);
  });

  it('gives each role what spec §6 gives it on investors', async () => {
    const id = await newGroup('Permissions test');
    const member = await createUser(t.ctx.db);
    for (const roleId of ROLE_IDS) {
      const agent = await t.as(await createUser(t.ctx.db, { role_id: roleId }));
      const may = (action: 'index' | 'show' | 'create' | 'update' | 'delete') =>
        roleId !== ROLES.USER && can(roleId, 'investors', action);
      const listed = await agent.get('/api/client-groups');
      expect(listed.statusCode, `role ${roleId} lists`).toBe(may('index') ? 200 : 403);
      expect((await agent.get(`/api/client-groups/${id}`)).statusCode, `role ${roleId} shows`).toBe(
        may('show') ? 200 : 403,
      );
      expect((await agent.get(`/api/client-groups/${id}/members`)).statusCode, `role ${roleId} members`).toBe(
        may('show') ? 200 : 403,
      );
      const created = await agent.post('/api/client-groups', { name: `Role ${roleId} group` });
      expect(created.statusCode, `role ${roleId} creates`).toBe(may('create') ? 201 : 403);
      expect(
        (await agent.patch(`/api/client-groups/${id}`, { description: `by ${roleId}` })).statusCode,
      ).toBe(may('update') ? 200 : 403);
      const add = await agent.post(`/api/client-groups/${id}/members`, { user_ids: [member.id] });
      expect(add.statusCode, `role ${roleId} adds`).toBe(may('update') ? 200 : 403);
      await admin.post(`/api/client-groups/${id}/members`, { user_ids: [member.id] });
      const remove = await agent.delete(`/api/client-groups/${id}/members/${member.id}`);
      expect(remove.statusCode, `role ${roleId} removes`).toBe(may('update') ? 204 : 403);
      const doomed = await newGroup(`Doomed ${roleId}`);
      expect((await agent.delete(`/api/client-groups/${doomed}`)).statusCode, `role ${roleId} deletes`).toBe(
        may('delete') ? 204 : 403,
      );
    }
  });
});

describe('a group invited to an opportunity', () => {
  it('changes its members only for roles that may invite, since that changes who is offered it', async () => {
    const id = await newGroup('Invited guests');
    const [first, second] = [await createUser(t.ctx.db), await createUser(t.ctx.db)];
    const opportunity = await createOpportunity(t.ctx.db, { status: 3, name: 'Guest List Ltd' });
    await t.ctx.db
      .insert(opportunityInvitations)
      .values({ opportunity_id: opportunity.id, client_group_id: id });
    await admin.post(`/api/client-groups/${id}/members`, { user_ids: [first.id] });
    for (const roleId of [ROLES.ADVISER, ROLES.INVESTMENT_MANAGER] as const) {
      // investors update, but not investment_opportunity_live update (spec §6)
      const agent = await t.as(await createStaff(t.ctx.db, roleId));
      const add = await agent.post(`/api/client-groups/${id}/members`, { user_ids: [second.id] });
      expect(add.statusCode, `role ${roleId} adds`).toBe(403);
      expect(json<Errors>(add).message).toContain('This group is invited to Guest List Ltd');
      expect((await agent.delete(`/api/client-groups/${id}/members/${first.id}`)).statusCode).toBe(403);
    }
    expect(await memberNames(id)).toEqual([first.name]);
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    expect(
      (await committee.post(`/api/client-groups/${id}/members`, { user_ids: [second.id] })).statusCode,
    ).toBe(200);
    // once the opportunity is completed, the group is a plain list again
    await t.ctx.db.update(opportunities).set({ status: 5 }).where(eq(opportunities.id, opportunity.id));
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.delete(`/api/client-groups/${id}/members/${first.id}`)).statusCode).toBe(204);
  });
});

describe('the demo groups', () => {
  it('keeps a group the opportunities demo added first, and adds the second', async () => {
    await t.ctx.db.insert(clientGroups).values({ name: 'syndicate members' });
    const demo = await createUser(t.ctx.db, { email: 'investor@portico.test', name: 'Olivia Carter' });
    for (let index = 0; index < 10; index++) await createUser(t.ctx.db);
    await seedClientGroupsDemo(t.ctx);
    await seedClientGroupsDemo(t.ctx);
    const groups = json<Page>(
      await admin.get(
        '/api/client-groups?filter[search]=syndicate members,family office partners&per_page=100',
      ),
    );
    const byName = Object.fromEntries(groups.data.map((row) => [String(row.name).toLowerCase(), row]));
    expect(byName['syndicate members']).toMatchObject({ members_count: 7 });
    expect(byName['family office partners']).toMatchObject({ members_count: 3 });
    const syndicate = Number(byName['syndicate members']?.id);
    expect(await memberNames(syndicate)).toContain('Olivia Carter');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, demo.id));
    expect(row?.role_id).toBe(ROLES.USER);
  });
});
