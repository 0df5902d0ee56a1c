import {
  ROLES,
  type InvestorOnboardingSteps,
  type OnboardingRequirement,
  type ProfileOnboarding,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorisations, investorProfiles } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { saveBranding } from '../branding/branding.repository';
import { data, monthsAgo, signing } from '../compliance/compliance.test-fixtures';

let t: TestApp;
let admin: Agent;

const statesOf = (onboarding: ProfileOnboarding) =>
  Object.fromEntries(onboarding.steps.map((step) => [step.key, step.state]));
const stateOf = async (userId: number) => {
  const [profile] = await t.ctx.db
    .select()
    .from(investorProfiles)
    .where(eq(investorProfiles.user_id, userId));
  return profile?.onboarding_state;
};
const mine = async (agent: Agent) => data<ProfileOnboarding>(await agent.get('/api/profile/onboarding'));
const categorise = (investor: { id: number }) =>
  admin.post(
    `/api/investors/${investor.id}/categorisations`,
    signing('restricted', { signed_at: new Date().toISOString() }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
});
afterAll(() => t.close());

describe('the investor’s checklist', () => {
  it('lists every step with its state and view, and says ready to invest once each required one is done', async () => {
    const investor = await createUser(t.ctx.db);
    const agent = await t.as(investor);
    const start = await mine(agent);
    expect(start.ready_to_invest).toBe(false);
    expect(start.steps.map((step) => [step.key, step.label, step.path, step.required])).toEqual([
      ['email', 'Verify your email address', '/verify-email', true],
      ['categorisation', 'Investor categorisation', '/investor/profile/investor-type', true],
      ['appropriateness', 'Appropriateness test', '/investor/profile/appropriateness', false],
      ['identity', 'Identity check', '/investor/profile/identity', false],
      ['documents', 'Documents', '/investor/profile/documents', false],
      ['terms', 'Terms and conditions', '/terms', true],
    ]);
    expect(statesOf(start)).toMatchObject({ email: 'done', categorisation: 'to_do', terms: 'done' });

    expect((await categorise(investor)).statusCode).toBe(201);
    const ready = await mine(agent);
    expect(ready.ready_to_invest).toBe(true);
    expect(await stateOf(investor.id)).toBe('complete');
  });

  it('holds the investor back while a required document awaits review, and lets them through once approved', async () => {
    const passport = data<OnboardingRequirement>(
      await admin.post('/api/onboarding-requirements', { name: 'Passport scan' }),
    );
    try {
      const investor = await createUser(t.ctx.db);
      const agent = await t.as(investor);
      await categorise(investor);
      expect(statesOf(await mine(agent)).documents).toBe('to_do');
      expect(await stateOf(investor.id)).toBe('categorised');
      const { payload, headers } = multipartBody(
        { requirement_id: String(passport.id) },
        { files: { name: 'passport.png', type: 'image/png', body: PNG_1PX } },
      );
      const sent = await agent.post('/api/profile/onboarding-documents', payload, { headers });
      expect(sent.statusCode).toBe(201);
      const waiting = await mine(agent);
      expect(waiting.steps.find((step) => step.key === 'documents')).toMatchObject({
        state: 'awaiting_review',
        detail: 'Awaiting review: Passport scan.',
      });
      expect(waiting.ready_to_invest).toBe(false);
      expect(await stateOf(investor.id)).toBe('documents');

      const staff = data<InvestorOnboardingSteps>(
        await admin.get(`/api/investors/${investor.id}/onboarding`),
      );
      const submission = staff.evidence.documents.find((item) => item.requirement_id === passport.id);
      expect(submission).toMatchObject({
        status: 'pending',
        document: { name: 'passport.png' },
        required: true,
      });
      const approvedDocs = await admin.post(
        `/api/investors/${investor.id}/onboarding-documents/${
          data<{ items: Array<{ requirement: { id: number }; latest: { id: number } | null }> }>(
            await admin.get(`/api/investors/${investor.id}/onboarding-documents`),
          ).items.find((item) => item.requirement.id === passport.id)?.latest?.id
        }/approve`,
      );
      expect(approvedDocs.statusCode).toBe(200);
      expect((await mine(agent)).ready_to_invest).toBe(true);
      expect(await stateOf(investor.id)).toBe('complete');
      const evidence = data<InvestorOnboardingSteps>(
        await admin.get(`/api/investors/${investor.id}/onboarding`),
      ).evidence.documents.find((item) => item.requirement_id === passport.id);
      expect(evidence).toMatchObject({ status: 'approved', reviewed_by: { name: 'Ada Admin' } });
    } finally {
      await admin.patch(`/api/onboarding-requirements/${passport.id}`, { active: false });
    }
  });

  it('asks for an expired categorisation to be confirmed again', async () => {
    const investor = await createUser(t.ctx.db);
    await t.ctx.db.insert(categorisations).values({
      user_id: investor.id,
      category: 'restricted',
      statement_version: '1',
      statement_text: 'I am a restricted investor.',
      signed_at: monthsAgo(13),
      expires_at: monthsAgo(1),
      status: 'approved',
    });
    const step = (await mine(await t.as(investor))).steps.find((item) => item.key === 'categorisation');
    expect(step?.state).toBe('action_needed');
    expect(step?.detail).toMatch(/^Expired on .*: confirm your category again\.$/);
  });

  it('asks every investor to accept the terms again when their version is raised', async () => {
    const investor = await createUser(t.ctx.db);
    const agent = await t.as(investor);
    await categorise(investor);
    expect((await mine(agent)).ready_to_invest).toBe(true);
    expect((await admin.patch('/api/branding/1', { terms_version: 2 })).statusCode).toBe(200);
    try {
      const raised = await mine(agent);
      expect(raised.ready_to_invest).toBe(false);
      expect(await stateOf(investor.id)).toBe('documents');
      expect(raised.steps.find((step) => step.key === 'terms')).toMatchObject({
        state: 'action_needed',
        path: '/terms',
      });
      const accepted = await agent.patch(`/api/users/${investor.id}`, { accepted_terms_version: 2 });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await mine(agent)).ready_to_invest).toBe(true);
      expect(await stateOf(investor.id)).toBe('complete');
      const staff = data<InvestorOnboardingSteps>(
        await admin.get(`/api/investors/${investor.id}/onboarding`),
      );
      expect(staff.evidence.terms).toMatchObject({ accepted_version: 2, current_version: 2 });
      expect(staff.evidence.terms.accepted_at).not.toBeNull();
    } finally {
      // The API refuses to lower the version; the other tests expect version 1.
      await saveBranding(t.ctx.db, { terms_version: 1 });
    }
  });

  it('needs the identity check when screening is on', async () => {
    const investor = await createUser(t.ctx.db);
    const agent = await t.as(investor);
    await categorise(investor);
    expect(await stateOf(investor.id)).toBe('complete');
    await admin.patch('/api/features', { enableScreening: true });
    try {
      // The stored state lists filter on follows the switch at once.
      expect(await stateOf(investor.id)).toBe('documents');
      const steps = await mine(agent);
      expect(steps.steps.find((step) => step.key === 'identity')).toMatchObject({
        required: true,
        state: 'to_do',
      });
      expect(steps.ready_to_invest).toBe(false);
    } finally {
      await admin.patch('/api/features', { enableScreening: false });
    }
    expect(await stateOf(investor.id)).toBe('complete');
  });
});

describe('the evidence for staff', () => {
  it('shows who did what and when for each step', async () => {
    const investor = await createUser(t.ctx.db);
    await categorise(investor);
    const response = await admin.get(`/api/investors/${investor.id}/onboarding`);
    expect(response.statusCode).toBe(200);
    const staff = data<InvestorOnboardingSteps>(response);
    expect(staff.steps.filter((step) => step.required && step.state !== 'done')).toEqual([]);
    expect(staff.ready_to_invest).toBe(true);
    expect(staff.evidence).toMatchObject({
      email: { verified_at: expect.any(String) as string },
      categorisation: { category: 'restricted', status: 'approved', recorded_by: { name: 'Ada Admin' } },
      appropriateness: { passed: false, attempts: 0, passed_at: null },
      identity: null,
      terms: { accepted_version: 1, current_version: 1 },
    });
  });

  it('follows the permission table and answers 404 for what is not an investor', async () => {
    const investor = await createUser(t.ctx.db);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(`/api/investors/${investor.id}/onboarding`)).statusCode).toBe(403);
    const agent = await t.as(investor);
    expect((await agent.get(`/api/investors/${investor.id}/onboarding`)).statusCode).toBe(403);
    const staffMember = await createStaff(t.ctx.db, ROLES.ADVISER);
    expect((await admin.get(`/api/investors/${staffMember.id}/onboarding`)).statusCode).toBe(404);
    expect((await admin.get('/api/investors/999999/onboarding')).statusCode).toBe(404);
    expect((await custodian.get('/api/profile/onboarding')).statusCode).toBe(403);
    const unverified = await t.as(await createUser(t.ctx.db, { email_verified_at: null }));
    expect((await unverified.get('/api/profile/onboarding')).statusCode).toBe(403);
  });
});
