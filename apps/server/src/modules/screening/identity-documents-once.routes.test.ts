import {
  ROLES,
  type InvestorOnboarding,
  type InvestorScreening,
  type OnboardingRequirement,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, onboardingDocuments, onboardingRequirements } from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors } from '../compliance/compliance.test-fixtures';
import { saveProfile } from '../investors/investors.repository';

/*
 * Issue 18: identity documents are collected once. The identity check's files are the matching sign-up
 * documents of the onboarding checklist, and staff review them once: one decision, on either screen,
 * decides both, and the database keeps the two in step.
 */

let t: TestApp;
let admin: Agent;
let identityRequirement: OnboardingRequirement;
let addressRequirement: OnboardingRequirement;
let fundsRequirement: OnboardingRequirement;

const png = (name: string) => ({ name, type: 'image/png', body: PNG_1PX });
const submitCheck = (agent: Agent) => {
  const { payload, headers } = multipartBody(
    {},
    { identity_document: png('passport.png'), proof_of_address: png('council-tax.png') },
  );
  return agent.post('/api/profile/identity', payload, { headers });
};
const uploadMine = (agent: Agent, requirementId: number, name = 'scan.png') => {
  const { payload, headers } = multipartBody({ requirement_id: String(requirementId) }, { files: png(name) });
  return agent.post('/api/profile/onboarding-documents', payload, { headers });
};
const onboardingOf = async (investor: { id: number }) =>
  data<InvestorOnboarding>(await admin.get(`/api/investors/${investor.id}/onboarding-documents`));
const itemOf = (overview: InvestorOnboarding, requirement: OnboardingRequirement) => {
  const item = overview.items.find((entry) => entry.requirement.id === requirement.id);
  if (!item) throw new Error(`no item for ${requirement.name}`);
  return item;
};
const screeningOf = async (investor: { id: number }) =>
  data<InvestorScreening>(await admin.get(`/api/investors/${investor.id}/screening`));
const approve = (investor: { id: number }, submissionId: number) =>
  admin.post(`/api/investors/${investor.id}/onboarding-documents/${submissionId}/approve`, {});

async function readyInvestor() {
  const investor = await createUser(t.ctx.db, { name: 'Olive Once' });
  await saveProfile(t.ctx.db, investor.id, {
    first_name: 'Olive',
    last_name: 'Once',
    date_of_birth: '1975-06-01',
    nationality: 'GB',
    address_line_1: '2 Low Road',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    country: 'GB',
  });
  return { investor, agent: await t.as(investor) };
}

/** An investor who sent the identity check: their two linked submissions, pending. */
async function submitted() {
  const { investor, agent } = await readyInvestor();
  expect((await submitCheck(agent)).statusCode).toBe(201);
  const overview = await onboardingOf(investor);
  const identity = itemOf(overview, identityRequirement).latest;
  const address = itemOf(overview, addressRequirement).latest;
  if (!identity || !address) throw new Error('the check made no sign-up documents');
  return { investor, agent, identity, address, checkId: identity.screening_check_id ?? 0 };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  expect((await admin.patch('/api/features', { enableScreening: true })).statusCode).toBe(200);
  // Whatever an earlier file left: this file's three requirements are the checklist.
  await t.ctx.db.update(onboardingRequirements).set({ active: false });
  const create = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/onboarding-requirements', body);
    expect(response.statusCode).toBe(201);
    return data<OnboardingRequirement>(response);
  };
  identityRequirement = await create({
    name: 'Passport or driving licence',
    identity_evidence: 'identity_document',
  });
  addressRequirement = await create({ name: 'Proof of address', identity_evidence: 'proof_of_address' });
  fundsRequirement = await create({ name: 'Source of funds' });
});
afterAll(() => t.close());

describe('a sign-up document that is a file of the identity check', () => {
  it('is said in settings, once per type of file, and only for an upload', async () => {
    expect(identityRequirement.identity_evidence).toBe('identity_document');
    expect(fundsRequirement.identity_evidence).toBeNull();
    const twice = await admin.post('/api/onboarding-requirements', {
      name: 'Photo ID',
      identity_evidence: 'identity_document',
    });
    expect(twice.statusCode).toBe(422);
    expect(errors(twice).identity_evidence?.[0]).toMatch(/already takes this file of the identity check/);
    const signed = await admin.post('/api/onboarding-requirements', {
      name: 'Signed address form',
      kind: 'sign',
      identity_evidence: 'proof_of_address',
    });
    expect(signed.statusCode).toBe(422);
    expect(errors(signed).identity_evidence?.[0]).toMatch(/Only a document the investor uploads/);
  });

  it('is satisfied by the identity check’s file: the investor sends it once and is not asked again', async () => {
    const { investor, agent, identity, address, checkId } = await submitted();
    expect(checkId).toBeGreaterThan(0);
    expect(identity).toMatchObject({
      status: 'pending',
      document_name: 'passport.png',
      screening_check_id: checkId,
    });
    expect(address).toMatchObject({ status: 'pending', document_name: 'council-tax.png' });
    const check = (await screeningOf(investor)).current;
    expect(identity.document?.id).toBe(check?.evidence[0]?.document?.id);
    // The other requirement is still asked for on its own.
    expect(itemOf(await onboardingOf(investor), fundsRequirement).status).toBe('missing');
    const again = await uploadMine(agent, identityRequirement.id);
    expect(again.statusCode).toBe(422);
    expect(errors(again).requirement_id?.[0]).toMatch(/identity check: send it on the Identity page/);
    expect((await uploadMine(agent, fundsRequirement.id)).statusCode).toBe(201);
  });

  it('replaces an upload of its own still awaiting review', async () => {
    const { investor, agent } = await readyInvestor();
    // Sent before the platform matched the requirement to the check.
    await t.ctx.db
      .update(onboardingRequirements)
      .set({ identity_evidence: null })
      .where(eq(onboardingRequirements.id, addressRequirement.id));
    expect((await uploadMine(agent, addressRequirement.id, 'old-bill.png')).statusCode).toBe(201);
    await t.ctx.db
      .update(onboardingRequirements)
      .set({ identity_evidence: 'proof_of_address' })
      .where(eq(onboardingRequirements.id, addressRequirement.id));
    expect((await submitCheck(agent)).statusCode).toBe(201);
    const item = itemOf(await onboardingOf(investor), addressRequirement);
    expect(item.latest).toMatchObject({ status: 'pending', document_name: 'council-tax.png' });
    expect(item.history[0]).toMatchObject({ status: 'rejected', document_name: 'old-bill.png' });
  });
});

describe('one review for both', () => {
  it('approving the sign-up document passes the identity check and approves the other file too', async () => {
    const { investor, identity, address } = await submitted();
    const approved = await approve(investor, identity.id);
    expect(approved.statusCode).toBe(200);
    expect((await screeningOf(investor)).current).toMatchObject({ status: 'passed' });
    const overview = await onboardingOf(investor);
    expect(itemOf(overview, identityRequirement)).toMatchObject({ status: 'approved' });
    expect(itemOf(overview, addressRequirement)).toMatchObject({ status: 'approved' });
    expect(itemOf(overview, addressRequirement).latest?.reviewed_by?.name).toBe('Ada Admin');
    // Reviewed once: the other file is not waiting for a second decision.
    const twice = await approve(investor, address.id);
    expect(twice.statusCode).toBe(422);
    expect(errors(twice).status?.[0]).toMatch(/already been approved/);
  });

  it('failing the identity check rejects its sign-up documents with the reason', async () => {
    const { investor, identity, checkId } = await submitted();
    const failed = await admin.post(`/api/investors/${investor.id}/screening/${checkId}/decision`, {
      decision: 'failed',
      reason: 'The passport has expired',
    });
    expect(failed.statusCode).toBe(200);
    const item = itemOf(await onboardingOf(investor), identityRequirement);
    expect(item.latest).toMatchObject({
      id: identity.id,
      status: 'rejected',
      reason: 'The passport has expired',
    });
    expect(itemOf(await onboardingOf(investor), addressRequirement).status).toBe('rejected');
  });

  it('rejecting the sign-up document fails the check with the same reason', async () => {
    const { investor, address } = await submitted();
    const rejected = await admin.post(
      `/api/investors/${investor.id}/onboarding-documents/${address.id}/reject`,
      { reason: 'The bill is more than three months old' },
    );
    expect(rejected.statusCode).toBe(200);
    expect((await screeningOf(investor)).current).toMatchObject({
      status: 'failed',
      reason: 'The bill is more than three months old',
    });
    expect(itemOf(await onboardingOf(investor), identityRequirement).status).toBe('rejected');
  });

  it('is kept by the database: a check’s file cannot be decided apart from the check', async () => {
    const { identity } = await submitted();
    await expect(
      t.ctx.db
        .update(onboardingDocuments)
        .set({ status: 'approved' })
        .where(eq(onboardingDocuments.id, identity.id)),
    ).rejects.toThrow();
    const [row] = await t.ctx.db
      .select()
      .from(onboardingDocuments)
      .where(eq(onboardingDocuments.id, identity.id));
    expect(row?.status).toBe('pending');
  });

  it.runIf(usePostgres())('decides once when staff approve both files at the same moment', async () => {
    const { investor, identity, address, checkId } = await submitted();
    const answers = await Promise.all([approve(investor, identity.id), approve(investor, address.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const passed = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'screening.passed'), eq(auditLog.subject_id, investor.id)));
    expect(passed).toHaveLength(1);
    expect(passed[0]?.after).toMatchObject({ screening_check_id: checkId });
    const overview = await onboardingOf(investor);
    expect(itemOf(overview, identityRequirement).status).toBe('approved');
    expect(itemOf(overview, addressRequirement).status).toBe('approved');
  });
});
