import {
  ROLES,
  type InvestorScreening,
  type ProfileIdentity,
  type ProfileOnboarding,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, investorProfiles, screeningChecks, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, NOT_AN_IMAGE, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors, noticesOf } from '../compliance/compliance.test-fixtures';
import { saveProfile } from '../investors/investors.repository';

let t: TestApp;
let admin: Agent;
let manager: UserRow;

const png = (name: string) => ({ name, type: 'image/png', body: PNG_1PX });
const evidence = (
  files: Parameters<typeof multipartBody>[1] = {
    identity_document: png('passport.png'),
    proof_of_address: png('bill.png'),
  },
) => multipartBody({}, files);
const submit = (agent: Agent, files?: Parameters<typeof multipartBody>[1]) => {
  const { payload, headers } = evidence(files);
  return agent.post('/api/profile/identity', payload, { headers });
};
const screeningUrl = (investor: { id: number }) => `/api/investors/${investor.id}/screening`;
const decide = (investor: { id: number }, checkId: number, body: Record<string, unknown>, agent = admin) =>
  agent.post(`${screeningUrl(investor)}/${checkId}/decision`, body);
const features = (changes: Record<string, boolean>) => admin.patch('/api/features', changes);

/** An investor whose profile has every detail a check needs. */
async function readyInvestor(country = 'GB', name = 'Ivy Identity') {
  const investor = await createUser(t.ctx.db, { name });
  await saveProfile(t.ctx.db, investor.id, {
    first_name: 'Ivy',
    last_name: 'Identity',
    date_of_birth: '1980-02-29',
    nationality: country,
    address_line_1: '1 High Street',
    city: 'London',
    postcode: 'N1 1AA',
    country,
  });
  return { investor, agent: await t.as(investor) };
}

const profileOf = async (userId: number) => {
  const [row] = await t.ctx.db.select().from(investorProfiles).where(eq(investorProfiles.user_id, userId));
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  manager = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER, { name: 'Mia Manager' });
  expect((await features({ enableScreening: true })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the screening feature switched off', () => {
  it('answers 404 on every screening route, and the checklist does not ask for identity', async () => {
    const { investor, agent } = await readyInvestor();
    await features({ enableScreening: false });
    try {
      expect((await agent.get('/api/profile/identity')).statusCode).toBe(404);
      expect((await submit(agent)).statusCode).toBe(404);
      expect((await admin.get(screeningUrl(investor))).statusCode).toBe(404);
      expect((await decide(investor, 1, { decision: 'passed' })).statusCode).toBe(404);
      const steps = data<ProfileOnboarding>(await agent.get('/api/profile/onboarding')).steps;
      expect(steps.find((step) => step.key === 'identity')).toMatchObject({
        required: false,
        state: 'not_required',
      });
      expect(
        await t.ctx.db.select().from(screeningChecks).where(eq(screeningChecks.user_id, investor.id)),
      ).toEqual([]);
    } finally {
      await features({ enableScreening: true });
    }
  });
});

describe('an investor’s identity evidence', () => {
  it('lists the missing details with where to fill them in, and refuses a submission until they are given', async () => {
    const investor = await createUser(t.ctx.db);
    const agent = await t.as(investor);
    const view = data<ProfileIdentity>(await agent.get('/api/profile/identity'));
    expect(view).toMatchObject({ kind: 'uk', current: null, can_submit: false, history: [] });
    expect(view.missing).toEqual([
      { field: 'date_of_birth', label: 'Date of birth', path: '/investor/profile/details' },
      { field: 'nationality', label: 'Nationality', path: '/investor/profile/details' },
      { field: 'address', label: 'Residential address', path: '/investor/profile/details' },
    ]);
    const refused = await submit(agent);
    expect(refused.statusCode).toBe(422);
    expect(errors(refused)).toEqual({
      date_of_birth: ['Add your date of birth to your profile details before submitting.'],
      nationality: ['Add your nationality to your profile details before submitting.'],
      address: ['Add your residential address to your profile details before submitting.'],
    });
  });

  it('answers field errors for missing, doubled or unreadable files, and stores nothing', async () => {
    const { investor, agent } = await readyInvestor();
    const none = await submit(agent, {});
    expect(errors(none)).toEqual({
      identity_document: ['Choose a file for your identity document.'],
      proof_of_address: ['Choose a file for your proof of address.'],
    });
    const text = await submit(agent, {
      identity_document: { name: 'passport.png', type: 'image/png', body: NOT_AN_IMAGE },
      proof_of_address: png('bill.png'),
    });
    expect(text.statusCode).toBe(422);
    expect(errors(text).identity_document?.[0]).toMatch(/must be a file of type/);
    expect(
      await t.ctx.db.select().from(screeningChecks).where(eq(screeningChecks.user_id, investor.id)),
    ).toEqual([]);
  });

  it('keeps the evidence private with the details as they were, tells the reviewers, and awaits a decision', async () => {
    const { investor, agent } = await readyInvestor('GB', 'Sam Submit');
    const sent = await submit(agent);
    expect(sent.statusCode, sent.body).toBe(201);
    const view = data<ProfileIdentity>(sent);
    expect(view.can_submit).toBe(false);
    expect(view.current).toMatchObject({
      status: 'submitted',
      provider: 'staff',
      kind: 'uk',
      details: {
        legal_name: 'Ivy Identity',
        date_of_birth: '1980-02-29',
        nationality: 'GB',
        postcode: 'N1 1AA',
      },
      evidence: [
        { field: 'identity_document', name: 'passport.png', document: null },
        { field: 'proof_of_address', name: 'bill.png', document: null },
      ],
      decided_by: null,
    });
    expect(await profileOf(investor.id)).toMatchObject({ screening_status: 'pending', screened_at: null });

    // Changing the profile afterwards does not change what was checked.
    await saveProfile(t.ctx.db, investor.id, { postcode: 'E2 2BB' });
    const staff = data<InvestorScreening>(await admin.get(screeningUrl(investor)));
    expect(staff.current?.details.postcode).toBe('N1 1AA');
    const file = staff.current?.evidence[0]?.document;
    expect(file).toMatchObject({ name: 'passport.png', visibility: 'private' });
    const download = await t.request({ url: file?.url ?? '' });
    expect(download.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(data<unknown[]>(await agent.get('/api/profile/documents'))).toEqual([]);

    const notices = (await noticesOf(t.ctx.db, manager.id)).map((notice) => notice.data);
    expect(notices).toContainEqual({
      message: '**Sam Submit** sent identity evidence for review',
      cta: `/admin/investors/${investor.id}/details`,
      icon: 'default',
    });
    const again = await submit(agent);
    expect(errors(again)).toEqual({
      status: ['Your identity evidence is awaiting review: we will tell you when it has been checked.'],
    });
    const identity = data<ProfileOnboarding>(await agent.get('/api/profile/onboarding')).steps.find(
      (step) => step.key === 'identity',
    );
    expect(identity).toMatchObject({
      state: 'awaiting_review',
      path: '/investor/profile/identity',
      required: true,
    });
  });

  it('lets one of ten simultaneous submissions through: one open check per investor', async () => {
    const { investor, agent } = await readyInvestor();
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(agent)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(9).fill(422)]);
    for (const answer of answers.filter((item) => item.statusCode === 422))
      expect(errors(answer)).toEqual({
        status: ['Your identity evidence is awaiting review: we will tell you when it has been checked.'],
      });
    const rows = await t.ctx.db
      .select()
      .from(screeningChecks)
      .where(eq(screeningChecks.user_id, investor.id));
    expect(rows).toHaveLength(1);
    // The database itself refuses a second open check, whatever the code in front of it does.
    const [first] = rows;
    if (!first) throw new Error('no check');
    const { id: _id, ...copy } = first;
    await expect(t.ctx.db.insert(screeningChecks).values({ ...copy, status: 'referred' })).rejects.toThrow();
  });
});

describe('the staff decision', () => {
  it('needs a reason unless passed; a failure tells the investor why, and they may send evidence again', async () => {
    const { investor, agent } = await readyInvestor('GB', 'Fay Fail');
    const check = data<ProfileIdentity>(await submit(agent)).current;
    const id = check?.id ?? 0;
    const noReason = await decide(investor, id, { decision: 'failed', reason: '  ' });
    expect(errors(noReason)).toEqual({ reason: ['Give the reason, so the investor knows what to do next.'] });
    const badDecision = await decide(investor, id, { decision: 'maybe' });
    expect(badDecision.statusCode).toBe(422);

    const failed = await decide(investor, id, {
      decision: 'failed',
      reason: 'The passport photo is unreadable.',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(data<InvestorScreening>(failed).current).toMatchObject({
      status: 'failed',
      reason: 'The passport photo is unreadable.',
      decided_by: { name: 'Ada Admin' },
    });
    expect(await profileOf(investor.id)).toMatchObject({ screening_status: 'failed' });
    expect((await noticesOf(t.ctx.db, investor.id)).map((notice) => notice.data)).toContainEqual({
      message:
        'Your **identity check** did not pass: The passport photo is unreadable. Please send your evidence again.',
      cta: '/investor/profile/identity',
      icon: 'default',
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'screening.failed'), eq(auditLog.subject_id, investor.id)));
    expect(audit).toMatchObject({
      subject_type: 'investor',
      after: { screening_check_id: id, status: 'failed', reason: 'The passport photo is unreadable.' },
    });
    const twice = await decide(investor, id, { decision: 'passed' });
    expect(errors(twice)).toEqual({ decision: ['This check has already been decided (failed).'] });

    const view = data<ProfileIdentity>(await agent.get('/api/profile/identity'));
    expect(view).toMatchObject({ can_submit: true, current: { status: 'failed' } });
    const steps = data<ProfileOnboarding>(await agent.get('/api/profile/onboarding')).steps;
    expect(steps.find((step) => step.key === 'identity')?.detail).toBe(
      'Not passed: The passport photo is unreadable. Please send your evidence again.',
    );

    const second = data<ProfileIdentity>(await submit(agent));
    expect(second.history.map((item) => item.status)).toEqual(['failed']);
    const referred = await decide(investor, second.current?.id ?? 0, {
      decision: 'referred',
      reason: 'Name differs from the bill',
    });
    expect(data<InvestorScreening>(referred).current?.status).toBe('referred');
    expect(await profileOf(investor.id)).toMatchObject({ screening_status: 'referred' });
    expect((await submit(agent)).statusCode).toBe(422);
    const passed = await decide(investor, second.current?.id ?? 0, { decision: 'passed' });
    expect(data<InvestorScreening>(passed).current).toMatchObject({ status: 'passed', reason: null });
    const profile = await profileOf(investor.id);
    expect(profile?.screening_status).toBe('passed');
    expect(profile?.screened_at).toBeInstanceOf(Date);
    expect(errors(await submit(agent))).toEqual({
      status: ['Your identity check has already passed: there is nothing more to send.'],
    });
    const done = data<ProfileOnboarding>(await agent.get('/api/profile/onboarding')).steps;
    expect(done.find((step) => step.key === 'identity')?.state).toBe('done');
  });

  it('follows the permission table, and reaches only the investor’s own checks', async () => {
    const { investor, agent } = await readyInvestor();
    const other = await readyInvestor();
    const check = data<ProfileIdentity>(await submit(agent)).current;
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(screeningUrl(investor))).statusCode).toBe(403);
    expect((await decide(investor, check?.id ?? 0, { decision: 'passed' }, custodian)).statusCode).toBe(403);
    expect((await agent.get(screeningUrl(investor))).statusCode).toBe(403);
    expect((await decide(investor, check?.id ?? 0, { decision: 'passed' }, agent)).statusCode).toBe(403);
    // Another investor's id with this check: 404, and a staff member's id is not an investor.
    expect((await decide(other.investor, check?.id ?? 0, { decision: 'passed' })).statusCode).toBe(404);
    expect((await admin.get(screeningUrl(manager))).statusCode).toBe(404);
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get(screeningUrl(investor))).statusCode).toBe(200);
    const decided = await decide(investor, check?.id ?? 0, { decision: 'passed' }, adviser);
    expect(decided.statusCode).toBe(200);
    expect(data<ProfileIdentity>(await other.agent.get('/api/profile/identity')).current).toBeNull();
  });
});

describe('the international check', () => {
  it('is run for investors outside the UK only when ca_use_intl_check is on', async () => {
    const { investor, agent } = await readyInvestor('US');
    const off = data<InvestorScreening>(await admin.get(screeningUrl(investor)));
    expect(off).toMatchObject({ kind: 'uk', outside_uk: true, international_check_enabled: false });
    await features({ enableInternationalAml: true });
    try {
      const on = data<InvestorScreening>(await admin.get(screeningUrl(investor)));
      expect(on).toMatchObject({
        kind: 'international',
        outside_uk: true,
        international_check_enabled: true,
      });
      expect(data<ProfileIdentity>(await submit(agent)).current?.kind).toBe('international');
      const uk = await readyInvestor('GB');
      expect(data<InvestorScreening>(await admin.get(screeningUrl(uk.investor))).kind).toBe('uk');
    } finally {
      await features({ enableInternationalAml: false });
    }
  });
});
