import {
  can,
  canTransition,
  GO_LIVE_FIELDS,
  OPPORTUNITY_STATUSES,
  opportunityResource,
  ROLE_IDS,
  ROLES,
} from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, opportunities, type UserRow } from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createClientGroup, createOpportunity, dayFromToday } from './lifecycle-fixtures';

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
type Invitation = {
  id: number;
  kind: string;
  investor: { id: number; name: string } | null;
  client_group: { id: number; name: string; members_count: number } | null;
  invited_by: { id: number; name: string } | null;
  notified_at: string | null;
};
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

const transition = (agent: Agent, id: number, status: number) =>
  agent.post(`/api/opportunities/${id}/transition`, { status });

const statusOf = async (id: number) =>
  (
    await t.ctx.db
      .select({ status: opportunities.status })
      .from(opportunities)
      .where(eq(opportunities.id, id))
  )[0]?.status;

const actionsOf = async (id: number) =>
  (
    await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, id)))
      .orderBy(auditLog.id)
  ).map((row) => row.action);

/** Each investor's invitation notifications for the opportunity, by user id. */
async function invitedNotices(slug: string) {
  const rows = await t.ctx.db
    .select({ user: notifications.notifiable_id, data: notifications.data })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'App\\Notifications\\OpportunityInvitation'),
        sql`${notifications.data}->>'cta' = ${`/investor/investments/${slug}`}`,
      ),
    );
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.user, (counts.get(row.user) ?? 0) + 1);
  return { counts, rows };
}

const investors = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) => createUser(t.ctx.db, { name: `Investor ${index}` })),
  );

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
});
afterAll(() => t.close());

describe('POST /api/opportunities/{id}/transition', () => {
  it('allows exactly the moves of issue 10 and refuses every other pair with a 422 on status', async () => {
    for (const from of OPPORTUNITY_STATUSES) {
      for (const to of OPPORTUNITY_STATUSES) {
        const opportunity = await createOpportunity(t.ctx.db, { status: from });
        const response = await transition(admin, opportunity.id, to);
        if (canTransition(from, to)) {
          expect(response.statusCode, `${from}→${to}: ${response.body}`).toBe(200);
          expect(data(response)).toMatchObject({ id: opportunity.id, status: to, stage: to });
          expect(await statusOf(opportunity.id)).toBe(to);
          expect(await actionsOf(opportunity.id)).toEqual(['opportunity.status_changed']);
        } else {
          expect(response.statusCode, `${from}→${to}`).toBe(422);
          expect(Object.keys(json<Errors>(response).errors)).toEqual(['status']);
          expect(await statusOf(opportunity.id)).toBe(from);
          expect(await actionsOf(opportunity.id)).toEqual([]);
        }
      }
    }
  });

  it('says which moves are open, in the terminology’s words', async () => {
    const draft = await createOpportunity(t.ctx.db);
    expect(json<Errors>(await transition(admin, draft.id, 5)).errors.status).toEqual([
      'A Draft opportunity can go Live - External or Live - Internal, not Completed.',
    ]);
    expect(json<Errors>(await transition(admin, draft.id, 1)).message).toBe(
      'The opportunity is already Draft.',
    );
    const matured = await createOpportunity(t.ctx.db, { status: 6 });
    expect(json<Errors>(await transition(admin, matured.id, 4)).message).toBe(
      'A Matured opportunity cannot change status.',
    );
    const renamed = await admin.post('/api/branding', { navigation: { status_4: 'Raise ended' } });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    const closed = await createOpportunity(t.ctx.db, { status: 4 });
    expect(json<Errors>(await transition(admin, closed.id, 6)).message).toBe(
      'A Raise ended opportunity can go Live - External, Live - Internal or Completed, not Matured.',
    );
    await admin.post('/api/branding', { navigation: { status_4: 'Closed' } });
  });

  it('records the move in the activity, in words, and stamps when each phase began', async () => {
    const opportunity = await createOpportunity(t.ctx.db);
    const live = data<Record<string, string | null>>(await transition(admin, opportunity.id, 3));
    expect(live.published_at).toEqual(expect.any(String));
    expect(live.closed_at).toBeNull();
    const closed = data<Record<string, string | null>>(await transition(admin, opportunity.id, 4));
    expect(closed.closed_at).toEqual(expect.any(String));
    expect(closed.published_at).toBe(live.published_at);
    const reopened = data<Record<string, string | null>>(await transition(admin, opportunity.id, 2));
    expect(reopened.closed_at).toBeNull();
    await transition(admin, opportunity.id, 4);
    expect(
      data<Record<string, string | null>>(await transition(admin, opportunity.id, 5)).completed_at,
    ).toEqual(expect.any(String));
    expect(
      data<Record<string, string | null>>(await transition(admin, opportunity.id, 6)).matured_at,
    ).toEqual(expect.any(String));
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, opportunity.id)))
      .orderBy(auditLog.id)
      .limit(1);
    expect(row).toMatchObject({
      action: 'opportunity.status_changed',
      before: { status: 1, status_label: 'Draft' },
      after: { status: 3, status_label: 'Live - Internal' },
    });
    const { describeActivity } = await import('../activity/activity.describe');
    type Values = Record<string, unknown> | null;
    expect(
      describeActivity(row?.action ?? '', (row?.before ?? null) as Values, (row?.after ?? null) as Values),
    ).toBe('Status changed from Draft to Live - Internal');
  });

  it('refuses to go live while incomplete, listing every missing field', async () => {
    const empty = await createOpportunity(t.ctx.db, {
      name: ' ',
      company_name: '',
      target_amount: null,
      maximum_amount: null,
      minimum_investment: null,
      share_price: null,
      tax_relief: null,
      closing_date: null,
    });
    for (const to of [2, 3]) {
      const response = await transition(admin, empty.id, to);
      expect(response.statusCode).toBe(422);
      const { errors, message } = json<Errors>(response);
      expect(Object.keys(errors).sort()).toEqual([...GO_LIVE_FIELDS].sort());
      expect(errors.target_amount).toEqual(['The opportunity needs a target raise before it can go live.']);
      expect(message).toMatch(/\(and 7 more errors\)$/);
    }
    expect(await statusOf(empty.id)).toBe(1);

    for (const field of GO_LIVE_FIELDS) {
      const blank = field === 'name' || field === 'company_name' ? '' : null;
      const missingOne = await createOpportunity(t.ctx.db, { [field]: blank });
      const response = await transition(admin, missingOne.id, 2);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(json<Errors>(response).errors)).toEqual([field]);
    }
  });

  it('refuses a closing date that is not in the future by the server’s clock, reopening included', async () => {
    const today = await createOpportunity(t.ctx.db, { closing_date: dayFromToday(0, t.ctx.clock.now()) });
    expect(json<Errors>(await transition(admin, today.id, 2)).errors).toEqual({
      closing_date: ['The closing date must be in the future for the opportunity to go live.'],
    });
    const closed = await createOpportunity(t.ctx.db, {
      status: 4,
      closing_date: dayFromToday(-3, t.ctx.clock.now()),
    });
    expect(json<Errors>(await transition(admin, closed.id, 3)).errors).toHaveProperty('closing_date');
    // Closing a live one whose date passed is fine: only going live checks the date.
    const passed = await createOpportunity(t.ctx.db, { status: 2, closing_date: dayFromToday(-1) });
    expect((await transition(admin, passed.id, 4)).statusCode).toBe(200);

    // Switching External ⇄ Internal after the date passed: it is live already, so the words say the date
    // has passed and how to fix it.
    for (const [from, to, label] of [
      [2, 3, 'Live - Internal'],
      [3, 2, 'Live - External'],
    ] as const) {
      const live = await createOpportunity(t.ctx.db, {
        status: from,
        closing_date: dayFromToday(-1, t.ctx.clock.now()),
      });
      const refused = await transition(admin, live.id, to);
      expect(refused.statusCode).toBe(422);
      expect(json<Errors>(refused).errors).toEqual({
        closing_date: [
          `The closing date has passed: move it to a date in the future, then switch the opportunity to ${label}.`,
        ],
      });
      expect(json<Errors>(refused).message).not.toMatch(/go live/);
      expect(await statusOf(live.id)).toBe(from);
    }

    const tomorrow = await createOpportunity(t.ctx.db, { closing_date: dayFromToday(1, t.ctx.clock.now()) });
    t.ctx.clock.advance(2 * 86_400);
    expect((await transition(admin, tomorrow.id, 2)).statusCode).toBe(422);
  });

  it('answers the opportunity record as GET /api/opportunities/{id} does', async () => {
    const opportunity = await createOpportunity(t.ctx.db);
    const moved = await transition(admin, opportunity.id, 2);
    expect(moved.statusCode, moved.body).toBe(200);
    const shown = await admin.get(`/api/opportunities/${opportunity.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(data(moved)).toEqual(data(shown));
    expect(data(moved)).toMatchObject({ id: opportunity.id, status: 2, stage: 2 });
    expect(data(moved)).toHaveProperty('company_name');
  });

  it('answers 404 for a missing opportunity and 422 for a status that is not one', async () => {
    expect((await transition(admin, 999_999, 2)).statusCode).toBe(404);
    expect((await admin.post('/api/opportunities/abc/transition', { status: 2 })).statusCode).toBe(404);
    const opportunity = await createOpportunity(t.ctx.db);
    for (const body of [{ status: 9 }, { status: '2' }, {}, { status: 2.5 }]) {
      const response = await admin.post(`/api/opportunities/${opportunity.id}/transition`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(json<Errors>(response).errors).toHaveProperty('status');
    }
  });

  it('lets each role move only what spec §6 lets it update, live and existing', async () => {
    for (const roleId of ROLE_IDS) {
      const agent = await t.as(await createUser(t.ctx.db, { role_id: roleId }));
      for (const [from, to] of [
        [2, 4],
        [5, 6],
      ] as const) {
        const opportunity = await createOpportunity(t.ctx.db, { status: from });
        const response = await transition(agent, opportunity.id, to);
        const allowed = roleId !== ROLES.USER && can(roleId, opportunityResource(from), 'update');
        expect(response.statusCode, `role ${roleId}, ${from}→${to}`).toBe(allowed ? 200 : 403);
      }
    }
    expect((await transition(t.agent(), 1, 2)).statusCode).toBe(401);
  });

  it('lets one of many parallel moves from the same state win', async () => {
    const opportunity = await createOpportunity(t.ctx.db, { status: 4 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => transition(admin, opportunity.id, index % 2 === 0 ? 5 : 2)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 422)).toHaveLength(9);
    expect(await actionsOf(opportunity.id)).toEqual(['opportunity.status_changed']);
  });

  it.runIf(usePostgres())('holds on PostgreSQL, where the requests really run at once', async () => {
    for (let round = 0; round < 3; round++) {
      const opportunity = await createOpportunity(t.ctx.db, { status: 2 });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => transition(admin, opportunity.id, 4)),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(await actionsOf(opportunity.id)).toEqual(['opportunity.status_changed']);
    }
  });
});

describe('invitations', () => {
  const invite = (agent: Agent, id: number, body: Record<string, unknown>) =>
    agent.post(`/api/opportunities/${id}/invitations`, body);

  it('notifies invitees once when the opportunity goes Live - Internal, a member of a group counted once', async () => {
    const [ann, ben, cat] = (await investors(3)) as [UserRow, UserRow, UserRow];
    const group = await createClientGroup(t.ctx.db, [ann.id, ben.id], 'Overlap syndicate');
    const opportunity = await createOpportunity(t.ctx.db, { name: 'Heron Robotics' });

    const invited = await invite(admin, opportunity.id, {
      user_ids: [ann.id, cat.id],
      client_group_ids: [group.id],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const list = data<Invitation[]>(invited);
    expect(list.map((row) => row.client_group?.name ?? row.investor?.name)).toEqual([
      'Overlap syndicate',
      ann.name,
      cat.name,
    ]);
    expect(list[0]).toMatchObject({
      kind: 'client_group',
      client_group: { members_count: 2 },
      notified_at: null,
    });
    expect(list[1]).toMatchObject({ kind: 'investor', invited_by: { name: 'Ada Admin' } });
    expect((await invitedNotices(opportunity.slug)).rows).toHaveLength(0);

    expect((await transition(admin, opportunity.id, 3)).statusCode).toBe(200);
    const { counts, rows } = await invitedNotices(opportunity.slug);
    expect(Object.fromEntries(counts)).toEqual({ [ann.id]: 1, [ben.id]: 1, [cat.id]: 1 });
    expect(rows[0]?.data).toEqual({
      message: 'You have been invited to invest in **Heron Robotics**.',
      cta: `/investor/investments/${opportunity.slug}`,
      icon: 'investment_opportunity_invited',
    });
    expect(
      data<Invitation[]>(await admin.get(`/api/opportunities/${opportunity.id}/invitations`)).every(
        (row) => row.notified_at !== null,
      ),
    ).toBe(true);

    // Out and back in: nobody is told twice.
    await transition(admin, opportunity.id, 2);
    await transition(admin, opportunity.id, 3);
    expect((await invitedNotices(opportunity.slug)).rows).toHaveLength(3);
    expect(await actionsOf(opportunity.id)).toEqual([
      'opportunity.invited',
      'opportunity.status_changed',
      'opportunity.invitees_notified',
      'opportunity.status_changed',
      'opportunity.status_changed',
    ]);
  });

  it('notifies at once while Live - Internal, idempotently, and new members of an invited group too', async () => {
    const [cy, di, ed] = (await investors(3)) as [UserRow, UserRow, UserRow];
    const opportunity = await createOpportunity(t.ctx.db, { status: 3 });
    await invite(admin, opportunity.id, { user_ids: [cy.id] });
    await invite(admin, opportunity.id, { user_ids: [cy.id, cy.id] });
    const group = await createClientGroup(t.ctx.db, [cy.id, di.id]);
    await invite(admin, opportunity.id, { client_group_ids: [group.id] });
    expect(Object.fromEntries((await invitedNotices(opportunity.slug)).counts)).toEqual({
      [cy.id]: 1,
      [di.id]: 1,
    });
    expect(
      data<Invitation[]>(await admin.get(`/api/opportunities/${opportunity.id}/invitations`)),
    ).toHaveLength(2);

    const added = await admin.post(`/api/client-groups/${group.id}/members`, { user_ids: [ed.id, di.id] });
    expect(added.statusCode, added.body).toBe(200);
    await admin.post(`/api/client-groups/${group.id}/members`, { user_ids: [ed.id] });
    expect(Object.fromEntries((await invitedNotices(opportunity.slug)).counts)).toEqual({
      [cy.id]: 1,
      [di.id]: 1,
      [ed.id]: 1,
    });
    // A group invited to a draft only: its new members wait for it to go live.
    const draft = await createOpportunity(t.ctx.db);
    await invite(admin, draft.id, { client_group_ids: [group.id] });
    const fay = await createUser(t.ctx.db);
    await admin.post(`/api/client-groups/${group.id}/members`, { user_ids: [fay.id] });
    expect((await invitedNotices(draft.slug)).rows).toHaveLength(0);
  });

  it('notifies once under parallel invitations', async () => {
    const [gus] = (await investors(1)) as [UserRow];
    const group = await createClientGroup(t.ctx.db, [gus.id]);
    const opportunity = await createOpportunity(t.ctx.db, { status: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        invite(
          admin,
          opportunity.id,
          index % 2 === 0 ? { user_ids: [gus.id] } : { client_group_ids: [group.id] },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(Object.fromEntries((await invitedNotices(opportunity.slug)).counts)).toEqual({ [gus.id]: 1 });
    expect(
      data<Invitation[]>(await admin.get(`/api/opportunities/${opportunity.id}/invitations`)),
    ).toHaveLength(2);
  });

  it('invites investors only, and answers a field error for each id that is not one', async () => {
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER, { name: 'Sam Staff' });
    const [hal] = (await investors(1)) as [UserRow];
    const opportunity = await createOpportunity(t.ctx.db);
    const response = await invite(admin, opportunity.id, {
      user_ids: [hal.id, staff.id, 999_999],
      client_group_ids: [999_998],
    });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).errors).toEqual({
      'user_ids.1': ['Sam Staff is not an investor: only investors can be invited.'],
      'user_ids.2': ['The selected investor does not exist.'],
      'client_group_ids.0': ['The selected client group does not exist.'],
    });
    expect(data<Invitation[]>(await admin.get(`/api/opportunities/${opportunity.id}/invitations`))).toEqual(
      [],
    );
    expect(json<Errors>(await invite(admin, opportunity.id, {})).errors).toEqual({
      user_ids: ['Choose at least one investor or client group to invite.'],
    });
    expect((await invite(admin, opportunity.id, { user_ids: ['x'] })).statusCode).toBe(422);
    expect((await invite(admin, 999_999, { user_ids: [hal.id] })).statusCode).toBe(404);
    const completed = await createOpportunity(t.ctx.db, { status: 5 });
    expect(json<Errors>(await invite(admin, completed.id, { user_ids: [hal.id] })).message).toBe(
      'A Completed opportunity takes no more invitations.',
    );
  });

  it('withdraws an invitation, in the activity; another opportunity’s invitation is a 404', async () => {
    const [ivo] = (await investors(1)) as [UserRow];
    const opportunity = await createOpportunity(t.ctx.db);
    const other = await createOpportunity(t.ctx.db);
    const [invitation] = data<Invitation[]>(await invite(admin, opportunity.id, { user_ids: [ivo.id] }));
    expect(
      (await admin.delete(`/api/opportunities/${other.id}/invitations/${invitation?.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.delete(`/api/opportunities/${opportunity.id}/invitations/${invitation?.id}`)).statusCode,
    ).toBe(204);
    expect(data<Invitation[]>(await admin.get(`/api/opportunities/${opportunity.id}/invitations`))).toEqual(
      [],
    );
    expect(
      (await admin.delete(`/api/opportunities/${opportunity.id}/invitations/${invitation?.id}`)).statusCode,
    ).toBe(404);
    expect(await actionsOf(opportunity.id)).toEqual([
      'opportunity.invited',
      'opportunity.invitation_removed',
    ]);
    expect((await admin.get('/api/opportunities/999999/invitations')).statusCode).toBe(404);
  });

  it('gives each role what spec §6 gives it on live opportunities and on investors', async () => {
    const [jo] = (await investors(1)) as [UserRow];
    for (const roleId of ROLE_IDS) {
      const agent = await t.as(await createUser(t.ctx.db, { role_id: roleId }));
      const opportunity = await createOpportunity(t.ctx.db, { status: 3 });
      const staff = roleId !== ROLES.USER;
      // invitations name investors: the Entrepreneur and the Custodian, without investors rights, get none
      const may = (action: 'show' | 'update') =>
        staff && can(roleId, 'investment_opportunity_live', action) && can(roleId, 'investors', 'index')
          ? [200, 204]
          : [403];
      const listed = await agent.get(`/api/opportunities/${opportunity.id}/invitations`);
      expect(may('show'), `role ${roleId} lists`).toContain(listed.statusCode);
      const invited = await invite(agent, opportunity.id, { user_ids: [jo.id] });
      expect(may('update'), `role ${roleId} invites`).toContain(invited.statusCode);
      const [row] = data<Invitation[]>(await invite(admin, opportunity.id, { user_ids: [jo.id] }));
      const removed = await agent.delete(`/api/opportunities/${opportunity.id}/invitations/${row?.id}`);
      expect(may('update'), `role ${roleId} withdraws`).toContain(removed.statusCode);
    }
  });
});
