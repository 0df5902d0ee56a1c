import { ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, organisationLinks, organisations, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let custodianUser: UserRow;
let acme: { id: number };

type Application = {
  id: number;
  kind: string;
  status: string;
  organisation: { id: number; name: string } | null;
  reviewed_by: { name: string } | null;
};
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

const noticesOf = (userId: number, audience: 'user' | 'admin') =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.notifiable_id, userId), eq(notifications.audience, audience)));

/** A verified investor, signed in. */
async function investor(name: string) {
  const user = await createUser(t.ctx.db, { name });
  return { user, agent: await t.as(user) };
}

async function apply(agent: Agent, body: Record<string, unknown>) {
  const response = await agent.post('/api/profile/organisation-applications', body);
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Application>(response);
}

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
  custodianUser = await createStaff(t.ctx.db, ROLES.CUSTODIAN);
  const [org] = await t.ctx.db
    .insert(organisations)
    .values({ name: 'Acme Family Office', type: 'family_office' })
    .returning();
  if (!org) throw new Error('no organisation');
  acme = org;
});
afterAll(() => t.close());

describe('with organisation links off', () => {
  it('answers 404 on every applications route, for staff and investors alike', async () => {
    const { agent } = await investor('Early Bird');
    expect((await admin.get('/api/organisation-applications')).statusCode).toBe(404);
    expect((await admin.post('/api/organisation-applications/1/approve')).statusCode).toBe(404);
    expect((await agent.get('/api/profile/organisation-applications')).statusCode).toBe(404);
    const applied = await agent.post('/api/profile/organisation-applications', { organisation_id: acme.id });
    expect(applied.statusCode).toBe(404);
    // Organisations themselves are not gated.
    expect((await admin.get('/api/organisations')).statusCode).toBe(200);
  });
});

describe('with organisation links on', () => {
  beforeAll(async () => {
    const response = await admin.patch('/api/features', { enableOrganisationLinks: true });
    if (response.statusCode !== 200) throw new Error(response.body);
  });

  it('lets an investor apply to join, and tells the staff who look after investors', async () => {
    const { user, agent } = await investor('Jo Joiner');
    const application = await apply(agent, {
      organisation_id: acme.id,
      role: 'director',
      message: 'I am a trustee',
    });
    expect(application).toMatchObject({
      kind: 'join',
      status: 'pending',
      organisation: { id: acme.id, name: 'Acme Family Office' },
      role: 'director',
      message: 'I am a trustee',
      investor: { id: user.id, name: 'Jo Joiner' },
    });
    const [notice] = await noticesOf(adminUser.id, 'admin');
    expect(notice?.data).toEqual({
      message: '**Jo Joiner** asked to join **Acme Family Office**.',
      cta: `/admin/investors/organisation-applications/${application.id}/details`,
      icon: 'default',
    });
    expect(await noticesOf(custodianUser.id, 'admin')).toHaveLength(0);
    const mine = data<Application[]>(await agent.get('/api/profile/organisation-applications'));
    expect(mine.map((item) => item.id)).toEqual([application.id]);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'organisation_application.submitted'), eq(auditLog.subject_id, user.id)),
      );
    expect(audit?.subject_type).toBe('investor');
  });

  it('answers field errors an investor can act on', async () => {
    const { agent } = await investor('Val Idation');
    const errorsOf = async (body: Record<string, unknown>) =>
      json<Errors>(await agent.post('/api/profile/organisation-applications', body)).errors;
    expect(await errorsOf({})).toEqual({
      organisation_id: ['Choose an organisation to join, or give the name of a new one.'],
    });
    expect(await errorsOf({ organisation_id: acme.id, proposed_name: 'New Co' })).toEqual({
      proposed_name: ['Either join an existing organisation or propose a new one, not both.'],
    });
    expect(await errorsOf({ organisation_id: 999_999 })).toEqual({
      organisation_id: ['The selected organisation is invalid.'],
    });
    expect(Object.keys(await errorsOf({ organisation_id: acme.id, role: 'boss' }))).toEqual(['role']);
    await apply(agent, { organisation_id: acme.id });
    expect(await errorsOf({ organisation_id: acme.id })).toEqual({
      organisation_id: ['You have already applied to join this organisation.'],
    });
    await apply(agent, { proposed_name: 'Validation Trust', proposed_type: 'trust' });
    expect(await errorsOf({ proposed_name: 'validation trust' })).toEqual({
      proposed_name: ['You have already proposed an organisation with this name.'],
    });
  });

  it('approves a request to join: the investor is linked with the role and notified', async () => {
    const { user, agent } = await investor('Amy Approved');
    const application = await apply(agent, { organisation_id: acme.id, role: 'beneficial_owner' });
    const response = await admin.post(`/api/organisation-applications/${application.id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    expect(data(response)).toMatchObject({ status: 'approved', reviewed_by: { id: adminUser.id } });
    const [link] = await t.ctx.db
      .select()
      .from(organisationLinks)
      .where(eq(organisationLinks.user_id, user.id));
    expect(link).toMatchObject({ organisation_id: acme.id, role: 'beneficial_owner' });
    const [notice] = await noticesOf(user.id, 'user');
    expect(notice?.data).toEqual({
      message: 'Your application to join **Acme Family Office** was approved.',
      cta: `/investor/profile/organisation_${acme.id}`,
      icon: 'default',
    });
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, user.id)))
      .filter((row) => row.subject_type === 'investor')
      .map((row) => row.action);
    expect(actions).toEqual(['organisation_application.submitted', 'organisation_application.approved']);
    const [added] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.member_added'), eq(auditLog.subject_id, acme.id)));
    expect(added?.after).toMatchObject({ user_id: user.id, role: 'beneficial_owner' });
    // Decided once: a second decision is refused.
    const again = await admin.post(`/api/organisation-applications/${application.id}/reject`, {
      reason: 'No',
    });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors).toEqual({ status: ['This application has already been approved.'] });
    // Investors do not see who decided.
    const [mine] = data<Application[]>(await agent.get('/api/profile/organisation-applications'));
    expect(mine).toMatchObject({ status: 'approved', reviewed_by: null });
    // Now a member, the investor cannot apply to join again.
    const joined = await agent.post('/api/profile/organisation-applications', { organisation_id: acme.id });
    expect(json<Errors>(joined).errors).toEqual({
      organisation_id: ['You are already a member of this organisation.'],
    });
  });

  it('approves a proposal by creating the organisation and linking the investor', async () => {
    const { user, agent } = await investor('Pat Proposer');
    const application = await apply(agent, {
      proposed_name: 'Proposer Holdings',
      proposed_type: 'company',
      registration_number: 'SC123456',
      role: 'director',
    });
    expect(application).toMatchObject({ kind: 'create', organisation: null });
    const response = await admin.post(`/api/organisation-applications/${application.id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    const approved = data<Application>(response);
    expect(approved.organisation?.name).toBe('Proposer Holdings');
    const organisation = data(await admin.get(`/api/organisations/${approved.organisation?.id}`));
    expect(organisation).toMatchObject({
      type: 'company',
      registration_number: 'SC123456',
      members_count: 1,
    });
    const [link] = await t.ctx.db
      .select()
      .from(organisationLinks)
      .where(eq(organisationLinks.user_id, user.id));
    expect(link?.role).toBe('director');
    const [notice] = await noticesOf(user.id, 'user');
    expect(notice?.data.message).toBe(
      'Your new organisation **Proposer Holdings** was approved, and you are linked to it.',
    );
  });

  it('rejects with a reason, which is required, and tells the investor', async () => {
    const { user, agent } = await investor('Rob Rejected');
    const application = await apply(agent, { organisation_id: acme.id });
    const empty = await admin.post(`/api/organisation-applications/${application.id}/reject`, {
      reason: ' ',
    });
    expect(json<Errors>(empty).errors).toEqual({ reason: ['The reason field is required.'] });
    const response = await admin.post(`/api/organisation-applications/${application.id}/reject`, {
      reason: 'We could not verify your role.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(data(response)).toMatchObject({ status: 'rejected', reason: 'We could not verify your role.' });
    const [notice] = await noticesOf(user.id, 'user');
    expect(notice?.data).toEqual({
      message:
        'Your application to join **Acme Family Office** was not approved: We could not verify your role.',
      cta: '/investor/profile/organisation-apply',
      icon: 'default',
    });
    expect(
      await t.ctx.db.select().from(organisationLinks).where(eq(organisationLinks.user_id, user.id)),
    ).toHaveLength(0);
  });

  it('lists applications for staff with filters, and shows one', async () => {
    const { agent } = await investor('Lister Person');
    const application = await apply(agent, { proposed_name: 'Lister Ventures' });
    const page = json<{ data: Application[]; meta: { total: number } }>(
      await admin.get('/api/organisation-applications?filter[search]=lister&filter[status]=pending'),
    );
    expect(page.data.map((item) => item.id)).toEqual([application.id]);
    const byOrganisation = json<{ meta: { total: number } }>(
      await admin.get('/api/organisation-applications?filter[search]=acme family'),
    );
    expect(byOrganisation.meta.total).toBeGreaterThanOrEqual(4);
    const rejected = json<{ data: Application[] }>(
      await admin.get('/api/organisation-applications?filter[status]=rejected'),
    );
    expect(rejected.data.every((item) => item.status === 'rejected')).toBe(true);
    expect(data(await admin.get(`/api/organisation-applications/${application.id}`))).toMatchObject({
      proposed_name: 'Lister Ventures',
    });
    expect((await admin.get('/api/organisation-applications/999999')).statusCode).toBe(404);
    expect((await admin.post('/api/organisation-applications/999999/approve')).statusCode).toBe(404);
    expect((await admin.get('/api/organisation-applications?filter[user_id]=1')).statusCode).toBe(400);
  });

  it('keeps each investor to their own applications, and staff to the permission table', async () => {
    const { agent: first } = await investor('First Investor');
    const { agent: second } = await investor('Second Investor');
    await apply(first, { proposed_name: 'First Only Ltd' });
    expect(data<Application[]>(await second.get('/api/profile/organisation-applications'))).toEqual([]);
    expect((await second.get('/api/organisation-applications')).statusCode).toBe(403);
    const custodian = await t.as(custodianUser);
    expect((await custodian.get('/api/organisation-applications')).statusCode).toBe(403);
    expect((await custodian.post('/api/organisation-applications/1/approve')).statusCode).toBe(403);
    expect(
      (await admin.post('/api/profile/organisation-applications', { proposed_name: 'Staff Co' })).statusCode,
    ).toBe(403);
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/organisation-applications')).statusCode).toBe(200);
  });

  it('offers investors organisations to join by name', async () => {
    const { agent } = await investor('Picker Person');
    const options = data<Array<{ id: number; name: string }>>(
      await agent.get('/api/profile/organisation-options?q=acme'),
    );
    expect(options).toEqual([{ id: acme.id, name: 'Acme Family Office', type: 'family_office' }]);
    expect(data(await agent.get('/api/profile/organisation-options?q=a'))).toEqual([]);
  });
});
