import { can, ROLE_IDS, ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  investorProfiles,
  notifications,
  opportunityInvitations,
  organisationLinks,
  organisations,
  users,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * The last switches (issue 21, decision 032): invite on register invites a new registrant to every Live - Internal
 * opportunity through the invitation path (row, audit, notice); default investor associates links an investor who
 * registers or whom staff add to the chosen adviser and organisation, in the same transaction. Each only while
 * its feature is on.
 */

let t: TestApp;
let admin: Agent;
let adviser: UserRow;
let organisationId: number;
let draft: OpportunityRow;
let external: OpportunityRow;
let internal: OpportunityRow;
let closed: OpportunityRow;

type Errors = { errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;

let registrations = 0;
async function register() {
  registrations += 1;
  const email = `registrant-${registrations}-${Date.now()}@example.test`;
  const agent = t.agent();
  await agent.csrfCookie();
  const response = await agent.post('/register', {
    name: 'Rita Registrant',
    email,
    password: 'a perfectly long password',
    password_confirmation: 'a perfectly long password',
    accept_terms: true,
  });
  expect(response.statusCode).toBeLessThan(300);
  const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('not registered');
  return user;
}

async function setFeatures(flags: Record<string, boolean>) {
  const response = await admin.patch('/api/features', flags);
  expect(response.statusCode).toBe(200);
}

const invitedTo = async (userId: number) =>
  (
    await t.ctx.db
      .select({ id: opportunityInvitations.opportunity_id, by: opportunityInvitations.invited_by })
      .from(opportunityInvitations)
      .where(eq(opportunityInvitations.user_id, userId))
  ).map((row) => row.id);

const associatesOf = async (userId: number) => {
  const [profile] = await t.ctx.db
    .select({ adviser_id: investorProfiles.adviser_id })
    .from(investorProfiles)
    .where(eq(investorProfiles.user_id, userId));
  const links = await t.ctx.db
    .select({ organisation_id: organisationLinks.organisation_id })
    .from(organisationLinks)
    .where(eq(organisationLinks.user_id, userId));
  return { adviser_id: profile?.adviser_id ?? null, organisations: links.map((row) => row.organisation_id) };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  adviser = await createStaff(t.ctx.db, ROLES.ADVISER, { name: 'Adam Adviser' });
  const [organisation] = await t.ctx.db.insert(organisations).values({ name: 'Angels Network' }).returning();
  if (!organisation) throw new Error('no organisation');
  organisationId = organisation.id;
  draft = await createOpportunity(t.ctx.db, { status: 1 });
  external = await createOpportunity(t.ctx.db, { status: 2 });
  internal = await createOpportunity(t.ctx.db, { status: 3 });
  closed = await createOpportunity(t.ctx.db, { status: 4 });
});
afterAll(() => t.close());

describe('invite on register', () => {
  it('invites nobody while the feature is off', async () => {
    const user = await register();
    expect(await invitedTo(user.id)).toEqual([]);
  });

  it('invites a registrant to every Live - Internal opportunity, with the audit row and the invitation notice', async () => {
    const second = await createOpportunity(t.ctx.db, { status: 3 });
    await setFeatures({ invite_on_register: true });
    try {
      const user = await register();
      expect((await invitedTo(user.id)).sort((a, b) => a - b)).toEqual([internal.id, second.id]);
      expect(await invitedTo(user.id)).not.toContain(draft.id);
      expect(await invitedTo(user.id)).not.toContain(external.id);
      expect(await invitedTo(user.id)).not.toContain(closed.id);
      const notices = await t.ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.notifiable_id, user.id),
            eq(notifications.type, 'App\\Notifications\\OpportunityInvitation'),
          ),
        );
      expect(notices).toHaveLength(2);
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'opportunity.invited'), eq(auditLog.subject_id, internal.id)));
      expect(audits.some((row) => JSON.stringify(row.after).includes('Rita Registrant'))).toBe(true);
      // the investor sees the Live - Internal opportunity they were invited to
      const agent = t.agent();
      await agent.login(user.email, 'a perfectly long password');
      await t.ctx.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, user.id));
      expect((await agent.get(`/api/opportunities/${internal.id}`)).statusCode).toBe(200);
    } finally {
      await setFeatures({ invite_on_register: false });
    }
  });

  it('does not invite an investor staff add (they did not register)', async () => {
    await setFeatures({ invite_on_register: true });
    try {
      const response = await admin.post('/api/investors', {
        first_name: 'Sam',
        last_name: 'Staffadded',
        email: 'sam.staffadded@example.test',
        send_invitation: false,
      });
      expect(response.statusCode).toBe(201);
      expect(await invitedTo(data<{ id: number }>(response).id)).toEqual([]);
    } finally {
      await setFeatures({ invite_on_register: false });
    }
  });
});

describe('default investor associates', () => {
  const path = '/api/settings/default-investor-associates';

  it('starts empty, and refuses an adviser who is not active staff or an unknown organisation', async () => {
    expect(data(await admin.get(path))).toEqual({ adviser: null, organisation: null, updated_at: null });
    const investor = await createUser(t.ctx.db);
    const bad = await admin.request({
      method: 'PUT',
      url: path,
      payload: { adviser_id: investor.id, organisation_id: 999999999 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['adviser_id', 'organisation_id']);
  });

  it('saves the defaults with an audit row', async () => {
    const response = await admin.request({
      method: 'PUT',
      url: path,
      payload: { adviser_id: adviser.id, organisation_id: organisationId },
    });
    expect(response.statusCode).toBe(200);
    expect(data(response)).toMatchObject({
      adviser: { id: adviser.id, name: 'Adam Adviser' },
      organisation: { id: organisationId, name: 'Angels Network' },
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.default_investor_associates_updated'));
    expect(audit?.after).toEqual({ adviser: 'Adam Adviser', organisation: 'Angels Network' });
  });

  it('links nobody while the feature is off', async () => {
    const user = await register();
    expect(await associatesOf(user.id)).toEqual({ adviser_id: null, organisations: [] });
  });

  it('links a registrant and an investor staff add, in the same transaction; an adviser staff chose stays', async () => {
    await setFeatures({ default_investor_associates: true });
    try {
      const registrant = await register();
      expect(await associatesOf(registrant.id)).toEqual({
        adviser_id: adviser.id,
        organisations: [organisationId],
      });
      const added = await admin.post('/api/investors', {
        first_name: 'Stan',
        last_name: 'Added',
        email: 'stan.added@example.test',
        send_invitation: false,
      });
      expect(added.statusCode).toBe(201);
      // the answer already shows them: the link was made in the creating transaction
      expect(
        data<{ adviser: { id: number } | null; organisations: Array<{ id: number }> }>(added),
      ).toMatchObject({
        adviser: { id: adviser.id },
        organisations: [{ id: organisationId }],
      });
      const otherAdviser = await createStaff(t.ctx.db, ROLES.ADVISER);
      const chosen = await admin.post('/api/investors', {
        first_name: 'Cleo',
        last_name: 'Chosen',
        email: 'cleo.chosen@example.test',
        adviser_id: otherAdviser.id,
        send_invitation: false,
      });
      expect(chosen.statusCode).toBe(201);
      expect(await associatesOf(data<{ id: number }>(chosen).id)).toEqual({
        adviser_id: otherAdviser.id,
        organisations: [organisationId],
      });
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'investor.default_associates_linked'),
            eq(auditLog.subject_id, registrant.id),
          ),
        );
      expect(audits).toHaveLength(1);
    } finally {
      await setFeatures({ default_investor_associates: false });
    }
  });

  it('every role: features show to read the defaults, features update to change them', async () => {
    for (const roleId of ROLE_IDS) {
      const agent = await t.as(
        roleId === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, roleId),
      );
      const read = roleId !== ROLES.USER && can(roleId, 'features', 'show') ? 200 : 403;
      const write = roleId !== ROLES.USER && can(roleId, 'features', 'update') ? 200 : 403;
      expect((await agent.get(path)).statusCode, `role ${roleId} GET`).toBe(read);
      const put = await agent.request({
        method: 'PUT',
        url: path,
        payload: { adviser_id: adviser.id, organisation_id: organisationId },
      });
      expect(put.statusCode, `role ${roleId} PUT`).toBe(write);
    }
    expect((await t.agent().get(path)).statusCode).toBe(401);
  });
});
