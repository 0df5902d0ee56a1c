import { readFileSync } from 'node:fs';
import {
  ROLES,
  type InvestorOnboarding,
  type OnboardingRequirement,
  type OnboardingReview,
} from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  investorProfiles,
  onboardingDocuments,
  onboardingRequirements,
  users,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, NOT_AN_IMAGE, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors, json, noticesOf, signing } from './compliance.test-fixtures';

let t: TestApp;
let admin: Agent;
let manager: UserRow;
let managerAgent: Agent;
let adviser: UserRow;
let passport: OnboardingRequirement;
let address: OnboardingRequirement;

const png = (name = 'scan.png') => ({ files: { name, type: 'image/png', body: PNG_1PX } });
const upload = (
  agent: Agent,
  url: string,
  requirementId: number,
  files: Parameters<typeof multipartBody>[1] = png(),
) => {
  const { payload, headers } = multipartBody({ requirement_id: String(requirementId) }, files);
  return agent.post(url, payload, { headers });
};
const staffUrl = (investor: { id: number }) => `/api/investors/${investor.id}/onboarding-documents`;
const itemOf = (onboarding: InvestorOnboarding, requirement: { id: number }) =>
  onboarding.items.find((item) => item.requirement.id === requirement.id);
const stateOf = async (userId: number) => {
  const [profile] = await t.ctx.db
    .select()
    .from(investorProfiles)
    .where(eq(investorProfiles.user_id, userId));
  return profile?.onboarding_state;
};
const categorise = (investor: { id: number }) =>
  admin.post(
    `/api/investors/${investor.id}/categorisations`,
    signing('restricted', { signed_at: new Date().toISOString() }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  manager = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER, { name: 'Mia Manager' });
  managerAgent = await t.as(manager);
  adviser = await createStaff(t.ctx.db, ROLES.ADVISER);
  address = data<OnboardingRequirement>(
    await admin.post('/api/onboarding-requirements', {
      name: 'Proof of address',
      description: 'A utility bill or bank statement from the last three months',
    }),
  );
  passport = data<OnboardingRequirement>(
    await admin.post('/api/onboarding-requirements', { name: 'Passport' }),
  );
});
afterAll(() => t.close());

describe('sign-up documents (settings)', () => {
  it('adds, lists in order, changes and reorders; refuses a list that is not every id once', async () => {
    expect(address).toMatchObject({ kind: 'upload', required: true, active: true, position: 0 });
    expect(passport.position).toBe(1);
    const optional = data<OnboardingRequirement>(
      await admin.post('/api/onboarding-requirements', {
        name: 'Application form',
        kind: 'sign',
        required: false,
      }),
    );
    const list = data<OnboardingRequirement[]>(await admin.get('/api/onboarding-requirements'));
    expect(list.map((item) => item.name)).toEqual(['Proof of address', 'Passport', 'Application form']);

    const changed = await admin.patch(`/api/onboarding-requirements/${optional.id}`, {
      description: 'Sign page 4',
    });
    expect(data<OnboardingRequirement>(changed).description).toBe('Sign page 4');

    const bad = await admin.post('/api/onboarding-requirements/reorder', { ids: [address.id, address.id] });
    expect(errors(bad)).toEqual({ ids: ['List every sign-up document exactly once, in the order wanted.'] });
    const reordered = await admin.post('/api/onboarding-requirements/reorder', {
      ids: [optional.id, address.id, passport.id],
    });
    expect(data<OnboardingRequirement[]>(reordered).map((item) => item.name)).toEqual([
      'Application form',
      'Proof of address',
      'Passport',
    ]);
    expect((await admin.delete(`/api/onboarding-requirements/${optional.id}`)).statusCode).toBe(204);
    const invalid = await admin.post('/api/onboarding-requirements', { name: '' });
    expect(errors(invalid)).toEqual({ name: ['The name field is required.'] });
  });

  it('lets the Investment Manager list them but not change them, and refuses an Adviser', async () => {
    expect((await managerAgent.get('/api/onboarding-requirements')).statusCode).toBe(200);
    expect((await managerAgent.post('/api/onboarding-requirements', { name: 'Nope' })).statusCode).toBe(403);
    const theirs = await t.as(adviser);
    expect((await theirs.get('/api/onboarding-requirements')).statusCode).toBe(403);
  });
});

describe('an investor’s onboarding', () => {
  it('moves registered → verified → categorised → documents → complete, and back when one is rejected', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Olly Onboard', email_verified_at: null });
    expect(data(await admin.get(`/api/investors/${investor.id}`)).onboarding_state).toBe('registered');
    await t.ctx.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, investor.id));
    await admin.patch('/api/features', { enableComplianceRequiresCategorisation: true });
    // Verification itself refreshes the state (auth's onVerified); here a pending categorisation does.
    const pending = data<{ id: number }>(await categorise(investor));
    expect(await stateOf(investor.id)).toBe('verified');
    await admin.post(`/api/investors/${investor.id}/categorisations/${pending.id}/approve`);
    await admin.patch('/api/features', { enableComplianceRequiresCategorisation: false });
    expect(await stateOf(investor.id)).toBe('categorised');

    const first = await upload(admin, staffUrl(investor), address.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(itemOf(data<InvestorOnboarding>(first), address)).toMatchObject({ status: 'pending' });
    expect(await stateOf(investor.id)).toBe('categorised');
    const both = data<InvestorOnboarding>(await upload(admin, staffUrl(investor), passport.id));
    expect(both.onboarding_state).toBe('documents');

    const proof = itemOf(both, address)?.latest;
    const id = itemOf(both, passport)?.latest?.id;
    await admin.post(`${staffUrl(investor)}/${proof?.id}/approve`);
    const done = data<InvestorOnboarding>(await admin.post(`${staffUrl(investor)}/${id}/approve`));
    expect(done.onboarding_state).toBe('complete');
    expect(done.items.map((item) => item.status)).toEqual(['approved', 'approved']);

    // A new required document holds everyone back again; making it optional releases them.
    const extra = data<OnboardingRequirement>(
      await admin.post('/api/onboarding-requirements', { name: 'Bank statement' }),
    );
    expect(await stateOf(investor.id)).toBe('categorised');
    await admin.patch(`/api/onboarding-requirements/${extra.id}`, { required: false });
    expect(await stateOf(investor.id)).toBe('complete');
    await admin.patch(`/api/onboarding-requirements/${extra.id}`, { active: false });

    // A replacement under review counts as submitted; rejected, it holds the investor back.
    const renewed = data<InvestorOnboarding>(await upload(admin, staffUrl(investor), passport.id));
    expect(renewed.onboarding_state).toBe('documents');
    const rejected = await admin.post(
      `${staffUrl(investor)}/${itemOf(renewed, passport)?.latest?.id}/reject`,
      {
        reason: 'The passport has expired.',
      },
    );
    expect(data<InvestorOnboarding>(rejected).onboarding_state).toBe('categorised');

    const activity = json<{ data: Array<{ description: string }> }>(
      await admin.get(`/api/investors/${investor.id}/activity`),
    );
    expect(activity.data.map((line) => line.description)).toEqual(
      expect.arrayContaining(['Proof of address approved', 'Submitted Proof of address for review']),
    );
  });

  it('stores the staff upload as a private document with a signed link, and lists it with its history', async () => {
    const investor = await createUser(t.ctx.db);
    await upload(admin, staffUrl(investor), address.id, png('old-bill.png'));
    const second = data<InvestorOnboarding>(
      await upload(admin, staffUrl(investor), address.id, png('new-bill.png')),
    );
    const item = itemOf(second, address);
    expect(item).toMatchObject({
      status: 'pending',
      latest: {
        document_name: 'new-bill.png',
        document: { visibility: 'private' },
        submitted_by: { name: 'Ada Admin' },
      },
      history: [{ status: 'rejected', reason: 'Replaced by a newer upload.', document_name: 'old-bill.png' }],
    });
    const download = await t.request({ url: item?.latest?.document?.url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG_1PX)).toBe(true);
    const theirs = await t.as(investor);
    expect(data<unknown[]>(await theirs.get('/api/profile/documents'))).toEqual([]);
  });

  it('answers errors a person can act on', async () => {
    const investor = await createUser(t.ctx.db);
    const none = await upload(admin, staffUrl(investor), address.id, {});
    expect(errors(none)).toEqual({ files: ['Choose a file to upload.'] });
    const text = await upload(admin, staffUrl(investor), address.id, {
      files: { name: 'bill.png', type: 'image/png', body: NOT_AN_IMAGE },
    });
    expect(errors(text)['files.0']?.[0]).toMatch(/must be a file of type/);
    const unknown = await upload(admin, staffUrl(investor), 999_999);
    expect(errors(unknown)).toEqual({ requirement_id: ['The selected requirement is invalid.'] });
    const [inactive] = await t.ctx.db
      .insert(onboardingRequirements)
      .values({ name: 'Retired form', active: false })
      .returning();
    expect(errors(await upload(admin, staffUrl(investor), inactive?.id ?? 0))).toEqual({
      requirement_id: ['The selected requirement is invalid.'],
    });
    const submitted = data<InvestorOnboarding>(await upload(admin, staffUrl(investor), address.id));
    const id = itemOf(submitted, address)?.latest?.id;
    const noReason = await admin.post(`${staffUrl(investor)}/${id}/reject`, {});
    expect(errors(noReason)).toEqual({ reason: ['The reason field is required.'] });
    await admin.post(`${staffUrl(investor)}/${id}/reject`, { reason: 'Too blurry to read.' });
    const again = await admin.post(`${staffUrl(investor)}/${id}/approve`);
    expect(errors(again)).toEqual({ status: ['This Proof of address has already been rejected.'] });
  });
});

describe('the investor’s side', () => {
  it('lets investors upload their own, tells the reviewers, and tells the investor of each decision', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Pip Portal' });
    const theirs = await t.as(investor);
    const start = data<InvestorOnboarding>(await theirs.get('/api/profile/onboarding-documents'));
    expect(start.items.map((item) => [item.requirement.name, item.status])).toEqual([
      ['Proof of address', 'missing'],
      ['Passport', 'missing'],
    ]);
    const sent = await upload(theirs, '/api/profile/onboarding-documents', address.id, png('my-bill.png'));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(itemOf(data<InvestorOnboarding>(sent), address)?.latest).toMatchObject({
      document_name: 'my-bill.png',
      document: null,
      submitted_by: { name: 'Pip Portal' },
    });

    const reviewerNotices = await noticesOf(t.ctx.db, manager.id);
    expect(reviewerNotices.map((notice) => notice.data)).toContainEqual({
      message: '**Pip Portal** uploaded **Proof of address** for review',
      cta: `/admin/investors/${investor.id}/details/investment-documents`,
      icon: 'default',
    });
    expect(await noticesOf(t.ctx.db, adviser.id)).toEqual([]);

    const queue = json<{ data: OnboardingReview[]; meta: { total: number } }>(
      await managerAgent.get(`/api/onboarding-documents?filter[status]=pending&filter[search]=pip portal`),
    );
    expect(queue.meta.total).toBe(1);
    const [row] = queue.data;
    expect(row).toMatchObject({
      investor: { id: investor.id, name: 'Pip Portal' },
      requirement: { id: address.id, name: 'Proof of address' },
      status: 'pending',
      document: { name: 'my-bill.png' },
    });

    await managerAgent.post(`${staffUrl(investor)}/${row?.id}/reject`, {
      reason: 'The bill is older than three months.',
    });
    const [rejected] = await noticesOf(t.ctx.db, investor.id);
    expect(rejected?.data).toMatchObject({
      message:
        'Your **Proof of address** was not accepted: The bill is older than three months. Please upload it again.',
      cta: '/investor/profile/documents',
    });
    const resent = data<InvestorOnboarding>(
      await upload(theirs, '/api/profile/onboarding-documents', address.id, png('new-bill.png')),
    );
    const latest = itemOf(resent, address)?.latest;
    await managerAgent.post(`${staffUrl(investor)}/${latest?.id}/approve`);
    const messages = (await noticesOf(t.ctx.db, investor.id)).map((notice) => notice.data.message);
    expect(messages).toContain('Your **Proof of address** has been approved.');

    const approvedAgain = await upload(theirs, '/api/profile/onboarding-documents', address.id);
    expect(errors(approvedAgain)).toEqual({
      requirement_id: ['Your Proof of address has already been approved.'],
    });
  });

  it('keeps investors to their own documents, and answers 404 for another investor’s', async () => {
    const [one, two] = [await createUser(t.ctx.db), await createUser(t.ctx.db)];
    const submitted = data<InvestorOnboarding>(await upload(admin, staffUrl(one), passport.id));
    const id = itemOf(submitted, passport)?.latest?.id;
    expect((await admin.post(`${staffUrl(two)}/${id}/approve`)).statusCode).toBe(404);
    expect((await admin.post(`${staffUrl(manager)}/${id}/approve`)).statusCode).toBe(404);

    const other = await t.as(two);
    const own = data<InvestorOnboarding>(await other.get('/api/profile/onboarding-documents'));
    expect(own.items.every((item) => item.latest === null)).toBe(true);
    expect((await other.get(staffUrl(one))).statusCode).toBe(403);
    expect((await other.post(`${staffUrl(one)}/${id}/approve`)).statusCode).toBe(403);
    expect((await other.get('/api/onboarding-documents')).statusCode).toBe(403);
  });

  it('shows the review list to those with onboarding_documents.index only', async () => {
    expect((await (await t.as(adviser)).get('/api/onboarding-documents')).statusCode).toBe(403);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(staffUrl(manager))).statusCode).toBe(403);
    const refused = await managerAgent.get('/api/onboarding-documents?filter[colour]=red');
    expect(refused.statusCode).toBe(400);
  });

  it('refuses to delete a sign-up document someone has submitted', async () => {
    const response = await admin.delete(`/api/onboarding-requirements/${passport.id}`);
    expect(errors(response).id?.[0]).toMatch(/deactivate it instead/);
  });
});

describe('uploads for one requirement at the same moment', () => {
  it('leaves one submission awaiting review, the newest, however many arrive at once', async () => {
    const investor = await createUser(t.ctx.db);
    const theirs = await t.as(investor);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        upload(theirs, '/api/profile/onboarding-documents', passport.id, png(`passport-${index}.png`)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    const rows = await t.ctx.db
      .select()
      .from(onboardingDocuments)
      .where(eq(onboardingDocuments.user_id, investor.id));
    expect(rows).toHaveLength(10);
    const pending = rows.filter((row) => row.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(Math.max(...rows.map((row) => row.id))).toBe(pending[0]?.id);
    expect(rows.filter((row) => row.status === 'rejected').map((row) => row.reason)).toEqual(
      Array(9).fill('Replaced by a newer upload.'),
    );
  });

  it('has a migration that keeps the newest of several pending submissions older data may hold', async () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0008_one_pending_onboarding_document.sql', import.meta.url),
      'utf8',
    );
    const investor = await createUser(t.ctx.db);
    await t.ctx.db.execute(sql`drop index onboarding_documents_one_pending`);
    const inserted = await t.ctx.db
      .insert(onboardingDocuments)
      .values(Array.from({ length: 3 }, () => ({ user_id: investor.id, requirement_id: address.id })))
      .returning();
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.ctx.db.execute(sql.raw(statement));
    const rows = await t.ctx.db
      .select()
      .from(onboardingDocuments)
      .where(eq(onboardingDocuments.user_id, investor.id));
    expect(rows.filter((row) => row.status === 'pending').map((row) => row.id)).toEqual([
      Math.max(...inserted.map((row) => row.id)),
    ]);
    expect(rows.filter((row) => row.status === 'rejected')).toHaveLength(2);
  });
});
