import { CATEGORISATION_STATEMENT_VERSION, ROLES, type Categorisation } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categorisations, investorProfiles, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import {
  data,
  daysAgo,
  errors,
  json,
  monthsAgo,
  noticesOf,
  signing,
  VALID_ANSWERS,
} from './compliance.test-fixtures';

let t: TestApp;
let admin: Agent;
let manager: UserRow;
let managerAgent: Agent;

const path = (investor: { id: number }) => `/api/investors/${investor.id}/categorisations`;
const profileOf = async (userId: number) => {
  const [profile] = await t.ctx.db
    .select()
    .from(investorProfiles)
    .where(eq(investorProfiles.user_id, userId));
  return profile;
};
const setApproval = (on: boolean) =>
  admin.patch('/api/features', { enableComplianceRequiresCategorisation: on });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  manager = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER, { name: 'Mia Manager' });
  managerAgent = await t.as(manager);
});
afterAll(() => t.close());

describe('recording a categorisation (approval off)', () => {
  it('approves at once, expires 12 months after signing, and updates the investor’s category', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Hana Networth' });
    const signedAt = daysAgo(10);
    const response = await admin.post(
      path(investor),
      signing('high_net_worth', { signed_at: signedAt.toISOString() }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = data<Categorisation>(response);
    expect(created).toMatchObject({
      category: 'high_net_worth',
      statement_version: CATEGORISATION_STATEMENT_VERSION,
      statement_title: 'Certified high net worth investor statement',
      status: 'approved',
      is_current: true,
      is_expired: false,
      recorded_by: { name: 'Ada Admin' },
      answers: VALID_ANSWERS.high_net_worth,
    });
    expect(created.statement_text).toContain('£100,000');
    const expected = new Date(signedAt);
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(new Date(created.expires_at).getTime()).toBe(expected.getTime());

    // No sign-up documents are required in this file, so a categorised investor is complete.
    const shown = data(await admin.get(`/api/investors/${investor.id}`));
    expect(shown).toMatchObject({ category: 'high_net_worth', onboarding_state: 'complete' });

    const activity = json<{ data: Array<{ action: string; description: string }> }>(
      await admin.get(`/api/investors/${investor.id}/activity`),
    );
    expect(activity.data.find((line) => line.action === 'categorisation.recorded')?.description).toBe(
      `Categorised as a certified high net worth investor (statement ${CATEGORISATION_STATEMENT_VERSION})`,
    );
  });

  it('answers field errors a person can act on, and writes nothing', async () => {
    const investor = await createUser(t.ctx.db);
    const stale = await admin.post(
      path(investor),
      signing('high_net_worth', {
        statement_version: '2019-06',
        signed_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        answers: { income_over_100k: false, net_assets_over_250k: false, shoe_size: 9 },
      }),
    );
    expect(stale.statusCode).toBe(422);
    const found = errors(stale);
    expect(found.statement_version?.[0]).toMatch(/no longer in use: sign the current statement/);
    expect(found.signed_at).toEqual(['The signed at date cannot be in the future.']);
    expect(found.answers?.[0]).toMatch(/unknown keys: shoe_size/);

    const neither = await admin.post(
      path(investor),
      signing('high_net_worth', {
        signed_at: new Date().toISOString(),
        answers: { income_over_100k: false, net_assets_over_250k: false },
      }),
    );
    expect(errors(neither)).toEqual({
      'answers.income_over_100k': [expect.stringMatching(/^A certified high net worth investor has/)],
      'answers.declaration': [expect.stringMatching(/^You must confirm/)],
    });

    const restricted = await admin.post(
      path(investor),
      signing('restricted', {
        signed_at: new Date().toISOString(),
        answers: { past_invested_percent: 25, future_invest_percent: 5, declaration: true },
      }),
    );
    expect(errors(restricted)['answers.past_invested_percent']?.[0]).toMatch(
      /more than 10% of their net assets/,
    );

    const missingCountry = await admin.post(
      path(investor),
      signing('self_certified', {
        signed_at: new Date().toISOString(),
        answers: { ...VALID_ANSWERS.self_certified, angel_network_name: '' },
      }),
    );
    expect(errors(missingCountry)).toEqual({
      'answers.angel_network_name': ['The answer to “The name of the network or syndicate” is required.'],
    });

    const old = await admin.post(
      path(investor),
      signing('sophisticated', { signed_at: monthsAgo(13).toISOString() }),
    );
    expect(errors(old).signed_at?.[0]).toMatch(/more than 12 months ago has expired/);

    expect(
      await t.ctx.db.select().from(categorisations).where(eq(categorisations.user_id, investor.id)),
    ).toHaveLength(0);
  });

  it('accepts a date for a paper statement and drops answers to questions not asked', async () => {
    const investor = await createUser(t.ctx.db);
    const response = await admin.post(
      path(investor),
      signing('professional', {
        signed_at: daysAgo(3).toISOString().slice(0, 10),
        answers: {
          basis: 'per_se',
          elective_criteria: ['portfolio'],
          protections_acknowledged: true,
          declaration: true,
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(data<Categorisation>(response).answers).toEqual({
      basis: 'per_se',
      protections_acknowledged: true,
      declaration: true,
    });
  });

  it('answers 404 for a staff member or someone who does not exist', async () => {
    expect((await admin.get(path(manager))).statusCode).toBe(404);
    expect(
      (
        await admin.post(
          path({ id: 999_999 }),
          signing('restricted', { signed_at: new Date().toISOString() }),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('expiry', () => {
  it('does not count a categorisation signed 13 months ago, and the onboarding state follows', async () => {
    const investor = await createUser(t.ctx.db);
    const signedAt = monthsAgo(13);
    const expires = new Date(signedAt);
    expires.setUTCMonth(expires.getUTCMonth() + 12);
    await t.ctx.db.insert(categorisations).values({
      user_id: investor.id,
      category: 'sophisticated',
      statement_version: CATEGORISATION_STATEMENT_VERSION,
      statement_text: 'old',
      answers: {},
      signed_at: signedAt,
      expires_at: expires,
      status: 'approved',
    });
    await t.ctx.db.insert(investorProfiles).values({
      user_id: investor.id,
      category: 'sophisticated',
      category_expires_at: expires,
      onboarding_state: 'complete',
    });
    const [old] = data<Categorisation[]>(await admin.get(path(investor)));
    expect(old).toMatchObject({ status: 'approved', is_current: false, is_expired: true });

    await setApproval(true);
    try {
      // A new statement awaiting approval: the profile is recomputed and no longer counts the old one.
      const renewal = data<Categorisation>(
        await admin.post(path(investor), signing('sophisticated', { signed_at: new Date().toISOString() })),
      );
      expect(renewal.status).toBe('pending');
      expect(await profileOf(investor.id)).toMatchObject({
        category: null,
        category_expires_at: null,
        onboarding_state: 'verified',
      });
      const approved = await managerAgent.post(`${path(investor)}/${renewal.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await profileOf(investor.id)).toMatchObject({
        category: 'sophisticated',
        onboarding_state: 'complete',
      });
      const list = data<Categorisation[]>(await admin.get(path(investor)));
      expect(list.map((item) => [item.id, item.is_current])).toEqual([
        [renewal.id, true],
        [old?.id, false],
      ]);
    } finally {
      await setApproval(false);
    }
  });
});

describe('approval (compliance_test_requires_categorisation_approval on)', () => {
  beforeAll(() => setApproval(true));
  afterAll(() => setApproval(false));

  it('keeps a self-categorisation pending, tells the reviewers, and notifies the investor of approval', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Sol Selfcert' });
    const theirs = await t.as(investor);
    const page = data<{
      statements: Array<{ category: string; questions: unknown[] }>;
      requires_approval: boolean;
    }>(await theirs.get('/api/profile/categorisation'));
    expect(page.requires_approval).toBe(true);
    expect(page.statements.map((statement) => statement.category)).toEqual([
      'restricted',
      'high_net_worth',
      'sophisticated',
      'self_certified',
      'professional',
    ]);

    const signed = await theirs.post(
      '/api/profile/categorisation',
      signing('self_certified', { signature: 'Sol Selfcert' }),
    );
    expect(signed.statusCode, signed.body).toBe(201);
    const pending = data<Categorisation>(signed);
    expect(pending).toMatchObject({
      status: 'pending',
      is_current: false,
      recorded_by: { name: 'Sol Selfcert' },
    });
    expect(await profileOf(investor.id)).toMatchObject({ onboarding_state: 'verified', category: null });
    expect(data(await theirs.get('/api/profile/categorisation'))).toMatchObject({
      current: null,
      pending: { id: pending.id },
    });

    const staffNotices = await noticesOf(t.ctx.db, manager.id);
    expect(staffNotices.map((notice) => notice.data.message)).toContain(
      '**Sol Selfcert** signed the self-certified sophisticated investor statement: it awaits approval',
    );

    const approved = await managerAgent.post(`${path(investor)}/${pending.id}/approve`);
    expect(data<Categorisation>(approved)).toMatchObject({
      status: 'approved',
      is_current: true,
      reviewed_by: { name: 'Mia Manager' },
    });
    const [notice] = await noticesOf(t.ctx.db, investor.id);
    expect(notice?.data).toMatchObject({
      message: 'Your categorisation as a **self-certified sophisticated investor** has been approved.',
      cta: '/investor/profile/investor-type',
    });
    expect(notice?.audience).toBe('user');
    expect(data(await theirs.get('/api/profile/categorisation'))).toMatchObject({
      current: { id: pending.id },
      pending: null,
    });

    const again = await managerAgent.post(`${path(investor)}/${pending.id}/approve`);
    expect(errors(again)).toEqual({ status: ['This categorisation has already been approved.'] });
  });

  it('rejects with a reason the investor is told, and a newer statement replaces an older pending one', async () => {
    const investor = await createUser(t.ctx.db);
    const first = data<Categorisation>(
      await admin.post(path(investor), signing('restricted', { signed_at: daysAgo(2).toISOString() })),
    );
    const second = data<Categorisation>(
      await admin.post(path(investor), signing('sophisticated', { signed_at: daysAgo(1).toISOString() })),
    );
    const list = data<Categorisation[]>(await admin.get(path(investor)));
    expect(list.find((item) => item.id === first.id)).toMatchObject({
      status: 'rejected',
      reason: 'Replaced by a newer categorisation.',
    });

    const noReason = await managerAgent.post(`${path(investor)}/${second.id}/reject`, { reason: ' ' });
    expect(errors(noReason)).toEqual({ reason: ['The reason field is required.'] });
    const rejected = await managerAgent.post(`${path(investor)}/${second.id}/reject`, {
      reason: 'The certificate is from a firm that is not FCA-authorised.',
    });
    expect(data<Categorisation>(rejected)).toMatchObject({ status: 'rejected', is_current: false });
    const [notice] = await noticesOf(t.ctx.db, investor.id);
    expect(notice?.data.message).toBe(
      'Your categorisation as a **certified sophisticated investor** was not approved: The certificate is from a firm that is not FCA-authorised. Please review it and sign again.',
    );
    expect(data(await (await t.as(investor)).get('/api/profile/categorisation'))).toMatchObject({
      rejected: { id: second.id, reason: 'The certificate is from a firm that is not FCA-authorised.' },
    });
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, investor.id));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['categorisation.recorded', 'categorisation.rejected']),
    );
  });
});

describe('the investor signs in the portal', () => {
  it('needs a typed signature, keeps it with the statement, and answers 422 for figures that do not qualify', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Tia Typed' });
    const theirs = await t.as(investor);
    const unsigned = await theirs.post('/api/profile/categorisation', signing('restricted'));
    expect(unsigned.statusCode).toBe(422);
    expect(errors(unsigned)).toEqual({ signature: ['Type your full name to sign.'] });
    const tooMuch = await theirs.post(
      '/api/profile/categorisation',
      signing('restricted', {
        signature: 'Tia Typed',
        answers: { ...VALID_ANSWERS.restricted, past_invested_percent: 25 },
      }),
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(Object.keys(errors(tooMuch))).toEqual(['answers.past_invested_percent']);
    const signed = await theirs.post(
      '/api/profile/categorisation',
      signing('restricted', { signature: '  Tia Typed ' }),
    );
    expect(signed.statusCode, signed.body).toBe(201);
    expect(data<Categorisation>(signed)).toMatchObject({ signature: 'Tia Typed', status: 'approved' });
    const [row] = await t.ctx.db
      .select()
      .from(categorisations)
      .where(eq(categorisations.user_id, investor.id));
    expect(row?.signature).toBe('Tia Typed');
  });

  it('reports a lapsed categorisation as expired until a new one is current', async () => {
    const investor = await createUser(t.ctx.db);
    const theirs = await t.as(investor);
    expect(data(await theirs.get('/api/profile/categorisation'))).toMatchObject({
      current: null,
      expired: null,
    });
    const old = data<Categorisation>(
      await admin.post(path(investor), signing('high_net_worth', { signed_at: monthsAgo(11).toISOString() })),
    );
    await t.ctx.db
      .update(categorisations)
      .set({ expires_at: daysAgo(1) })
      .where(eq(categorisations.id, old.id));
    expect(data(await theirs.get('/api/profile/categorisation'))).toMatchObject({
      current: null,
      expired: { id: old.id, is_expired: true },
    });
    await theirs.post('/api/profile/categorisation', signing('restricted', { signature: 'Re Newed' }));
    expect(data(await theirs.get('/api/profile/categorisation'))).toMatchObject({
      current: { category: 'restricted' },
      expired: null,
    });
  });
});

describe('ten signings by one investor at the same moment (approval on)', () => {
  beforeAll(() => setApproval(true));
  afterAll(() => setApproval(false));

  it('leaves exactly one awaiting approval; the others are closed as replaced', async () => {
    const investor = await createUser(t.ctx.db);
    const theirs = await t.as(investor);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        theirs.post('/api/profile/categorisation', signing('restricted', { signature: 'Ten Times' })),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const rows = await t.ctx.db
      .select()
      .from(categorisations)
      .where(eq(categorisations.user_id, investor.id));
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'rejected').map((row) => row.reason)).toEqual(
      Array(9).fill('Replaced by a newer categorisation.'),
    );
    const page = data<{ pending: { id: number } | null }>(await theirs.get('/api/profile/categorisation'));
    expect(page.pending?.id).toBe(rows.find((row) => row.status === 'pending')?.id);
  });
});

describe('who may categorise', () => {
  it('lets an Investment Manager approve, an Adviser record but not approve, and refuses a Custodian', async () => {
    await setApproval(true);
    try {
      const investor = await createUser(t.ctx.db);
      const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
      const recorded = await adviser.post(
        path(investor),
        signing('restricted', { signed_at: new Date().toISOString() }),
      );
      expect(recorded.statusCode).toBe(201);
      const { id } = data<Categorisation>(recorded);
      expect((await adviser.post(`${path(investor)}/${id}/approve`)).statusCode).toBe(403);
      const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
      expect((await custodian.get(path(investor))).statusCode).toBe(403);
      expect((await custodian.post(`${path(investor)}/${id}/approve`)).statusCode).toBe(403);
      expect((await managerAgent.post(`${path(investor)}/${id}/approve`)).statusCode).toBe(200);
    } finally {
      await setApproval(false);
    }
  });

  it('answers 404 for another investor’s categorisation, and keeps investors to their own', async () => {
    const [one, two] = [await createUser(t.ctx.db), await createUser(t.ctx.db)];
    const theirs = data<Categorisation>(
      await admin.post(path(one), signing('restricted', { signed_at: new Date().toISOString() })),
    );
    expect((await managerAgent.post(`${path(two)}/${theirs.id}/approve`)).statusCode).toBe(404);
    expect((await managerAgent.post(`${path(two)}/${theirs.id}/reject`, { reason: 'x' })).statusCode).toBe(
      404,
    );

    const other = await t.as(two);
    expect((await other.get(path(one))).statusCode).toBe(403);
    expect(
      (await other.post(path(one), signing('restricted', { signed_at: new Date().toISOString() })))
        .statusCode,
    ).toBe(403);
    expect(data(await other.get('/api/profile/categorisation'))).toMatchObject({
      current: null,
      pending: null,
    });
    expect((await admin.get('/api/profile/categorisation')).statusCode).toBe(403);
  });
});
