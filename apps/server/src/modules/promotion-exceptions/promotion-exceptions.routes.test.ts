import { addMonthsToDate, can, ROLE_IDS, ROLES, type RoleId } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  documents,
  opportunityInvitations,
  preEmptionChoices,
  promotionExceptions,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Financial promotion exemptions (issue 21, decision 032): staff record and withdraw them on the investor's page
 * (every permission cell), the database keeps them (no edit, no delete but the one withdrawal), and while the
 * feature is on live opportunities reach only investors with a valid one: list, show and the invest context
 * share the rule; with the feature off nothing changes.
 */

let t: TestApp;
let admin: Agent;
let investor: UserRow;
let external: OpportunityRow;
let internal: OpportunityRow;
let completed: OpportunityRow;

type Exemption = {
  id: number;
  investor_id: number;
  type: string;
  type_label: string;
  description: string | null;
  evidence_reference: string | null;
  document: { id: number; name: string; url: string } | null;
  effective_on: string;
  expires_on: string | null;
  status: string;
  recorded_by: { id: number; name: string } | null;
  withdrawn_by: { id: number; name: string } | null;
  withdrawal_reason: string | null;
};
type Errors = { errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;

const today = () => t.ctx.clock.today();
const base = (id: number) => `/api/investors/${id}/promotion-exceptions`;

async function setFeature(on: boolean) {
  const response = await admin.patch('/api/features', { enableFinancialPromotionExceptions: on });
  expect(response.statusCode).toBe(200);
}

async function record(id: number, body: Record<string, unknown>) {
  return admin.post(base(id), {
    type: 'self_certified_sophisticated',
    evidence_reference: 'Signed statement',
    effective_on: today(),
    ...body,
  });
}

/** The ids of the opportunities the investor is shown in their list, and the show and invest answers. */
async function reach(agent: Agent, opportunity: OpportunityRow) {
  const list = data<Array<{ id: number }>>(await agent.get('/api/opportunities?per_page=100')).map(
    (row) => row.id,
  );
  return {
    listed: list.includes(opportunity.id),
    show: (await agent.get(`/api/opportunities/${opportunity.id}`)).statusCode,
    invest: (await agent.get(`/api/profile/investing/${opportunity.id}`)).statusCode,
  };
}

const shown = { listed: true, show: 200, invest: 200 };
const hidden = { listed: false, show: 404, invest: 404 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  investor = await createUser(t.ctx.db, { name: 'Ivy Investor' });
  external = await createOpportunity(t.ctx.db, { status: 2 });
  internal = await createOpportunity(t.ctx.db, { status: 3 });
  completed = await createOpportunity(t.ctx.db, { status: 5 });
  await t.ctx.db.insert(opportunityInvitations).values({ opportunity_id: internal.id, user_id: investor.id });
});
afterAll(() => t.close());

describe('recording and withdrawing exemptions', () => {
  it('records one with the 12 months default expiry, recorder and audit row, listed as valid', async () => {
    const someone = await createUser(t.ctx.db);
    const response = await record(someone.id, { type: 'certified_high_net_worth' });
    expect(response.statusCode).toBe(201);
    const created = data<Exemption>(response);
    expect(created).toMatchObject({
      investor_id: someone.id,
      type: 'certified_high_net_worth',
      type_label: 'Certified high net worth individual (FPO art. 48)',
      effective_on: today(),
      expires_on: addMonthsToDate(today(), 12),
      status: 'valid',
      recorded_by: { name: 'Ada Admin' },
      withdrawn_by: null,
    });
    const list = data<Exemption[]>(await admin.get(base(someone.id)));
    expect(list.map((row) => row.id)).toEqual([created.id]);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, someone.id));
    expect(audits.map((row) => row.action)).toContain('investor.promotion_exception_recorded');
  });

  it('gives no default expiry to an investment professional, and keeps an expiry given', async () => {
    const someone = await createUser(t.ctx.db);
    const professional = data<Exemption>(await record(someone.id, { type: 'investment_professional' }));
    expect(professional.expires_on).toBeNull();
    const given = data<Exemption>(
      await record(someone.id, { type: 'certified_sophisticated', expires_on: addMonthsToDate(today(), 3) }),
    );
    expect(given.expires_on).toBe(addMonthsToDate(today(), 3));
  });

  it('answers 422 for an expiry before the effective date, an unknown type, "other" without a description, no evidence', async () => {
    const someone = await createUser(t.ctx.db);
    const before = await record(someone.id, { effective_on: '2026-01-10', expires_on: '2026-01-09' });
    expect(before.statusCode).toBe(422);
    expect(json<Errors>(before).errors.expires_on).toEqual([
      'The expiry date must be after the effective date.',
    ]);
    const unknown = await record(someone.id, { type: 'lottery_winner' });
    expect(unknown.statusCode).toBe(422);
    expect(json<Errors>(unknown).errors.type).toBeDefined();
    const other = await record(someone.id, { type: 'other' });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(other).errors)).toEqual(['description']);
    const described = await record(someone.id, {
      type: 'other',
      description: 'Existing customer since 2019',
    });
    expect(described.statusCode).toBe(201);
    const noEvidence = await record(someone.id, { evidence_reference: '' });
    expect(noEvidence.statusCode).toBe(422);
    expect(json<Errors>(noEvidence).errors.evidence_reference).toBeDefined();
    const future = await record(someone.id, { effective_on: addMonthsToDate(today(), 1) });
    expect(future.statusCode).toBe(422);
    expect(json<Errors>(future).errors.effective_on).toBeDefined();
    expect(data<Exemption[]>(await admin.get(base(someone.id)))).toHaveLength(1);
  });

  it('takes one of the investor’s documents as evidence, not another’s', async () => {
    const someone = await createUser(t.ctx.db);
    const other = await createUser(t.ctx.db);
    const [mine, theirs] = await t.ctx.db
      .insert(documents)
      .values([
        {
          subject_type: 'investor',
          subject_id: someone.id,
          name: 'hnw.pdf',
          storage_key: 'k/1',
          content_type: 'application/pdf',
          size_bytes: 10,
        },
        {
          subject_type: 'investor',
          subject_id: other.id,
          name: 'x.pdf',
          storage_key: 'k/2',
          content_type: 'application/pdf',
          size_bytes: 10,
        },
      ])
      .returning();
    if (!mine || !theirs) throw new Error('no documents');
    const refused = await record(someone.id, { evidence_reference: null, document_id: theirs.id });
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.document_id).toBeDefined();
    const taken = await record(someone.id, { evidence_reference: null, document_id: mine.id });
    expect(taken.statusCode).toBe(201);
    expect(data<Exemption>(taken).document).toMatchObject({ id: mine.id, name: 'hnw.pdf' });
    expect(data<Exemption>(taken).document?.url).toMatch(/^\/files\/k\/1\?/);
  });

  it('withdraws once with a reason; it stays listed, withdrawn', async () => {
    const someone = await createUser(t.ctx.db);
    const created = data<Exemption>(await record(someone.id, {}));
    const empty = await admin.post(`/api/promotion-exceptions/${created.id}/withdraw`, { reason: ' ' });
    expect(empty.statusCode).toBe(422);
    const withdrawn = await admin.post(`/api/promotion-exceptions/${created.id}/withdraw`, {
      reason: 'Statement signed on the wrong form',
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(data<Exemption>(withdrawn)).toMatchObject({
      status: 'withdrawn',
      withdrawal_reason: 'Statement signed on the wrong form',
      withdrawn_by: { name: 'Ada Admin' },
    });
    const again = await admin.post(`/api/promotion-exceptions/${created.id}/withdraw`, { reason: 'again' });
    expect(again.statusCode).toBe(422);
    expect(data<Exemption[]>(await admin.get(base(someone.id)))[0]?.status).toBe('withdrawn');
    expect(
      (await admin.post('/api/promotion-exceptions/999999999/withdraw', { reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('shows an exemption expired once its expiry date has come', async () => {
    const someone = await createUser(t.ctx.db);
    const created = await record(someone.id, {
      effective_on: addMonthsToDate(today(), -13),
      expires_on: addMonthsToDate(today(), -1),
    });
    expect(data<Exemption>(created).status).toBe('expired');
  });

  it('answers 404 for an id that is not an investor', async () => {
    const staff = await createStaff(t.ctx.db, ROLES.SUPPORT);
    expect((await admin.get(base(staff.id))).statusCode).toBe(404);
    expect((await record(staff.id, {})).statusCode).toBe(404);
  });

  it('is kept: the database refuses an edit, a deletion and a second withdrawal', async () => {
    const someone = await createUser(t.ctx.db);
    const created = data<Exemption>(await record(someone.id, {}));
    const change = (values: Partial<typeof promotionExceptions.$inferInsert>) =>
      t.ctx.db.update(promotionExceptions).set(values).where(eq(promotionExceptions.id, created.id));
    await expect(change({ expires_on: '2099-01-01' })).rejects.toThrow();
    await expect(change({ type: 'investment_professional' })).rejects.toThrow();
    // a withdrawal that changes anything else is refused too
    await expect(
      change({ withdrawn_at: new Date(), withdrawal_reason: 'x', evidence_reference: 'changed' }),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.delete(promotionExceptions).where(eq(promotionExceptions.id, created.id)),
    ).rejects.toThrow();
    await change({ withdrawn_at: new Date(), withdrawal_reason: 'once' });
    await expect(change({ withdrawal_reason: 'twice' })).rejects.toThrow();
    const [still] = await t.ctx.db
      .select()
      .from(promotionExceptions)
      .where(eq(promotionExceptions.id, created.id));
    expect(still).toMatchObject({ evidence_reference: 'Signed statement', withdrawal_reason: 'once' });
  });
});

describe('permissions', () => {
  const expected = (roleId: RoleId, action: 'show' | 'update', ok: number) =>
    roleId !== ROLES.USER && can(roleId, 'investors', action) ? ok : 403;

  it('every role: investors show to read, investors update to record and withdraw', async () => {
    const someone = await createUser(t.ctx.db);
    for (const roleId of ROLE_IDS) {
      const agent = await t.as(
        roleId === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, roleId),
      );
      expect((await agent.get(base(someone.id))).statusCode, `role ${roleId} GET`).toBe(
        expected(roleId, 'show', 200),
      );
      const created = await agent.post(base(someone.id), {
        type: 'investment_professional',
        evidence_reference: `role ${roleId}`,
        effective_on: today(),
      });
      expect(created.statusCode, `role ${roleId} POST`).toBe(expected(roleId, 'update', 201));
      const target = data<Exemption>(await record(someone.id, {}));
      const withdrawn = await agent.post(`/api/promotion-exceptions/${target.id}/withdraw`, { reason: 'x' });
      expect(withdrawn.statusCode, `role ${roleId} withdraw`).toBe(expected(roleId, 'update', 200));
    }
  });

  it('a guest gets 401', async () => {
    const guest = t.agent();
    expect((await guest.get(base(investor.id))).statusCode).toBe(401);
    await guest.csrfCookie();
    expect((await guest.post(base(investor.id), {})).statusCode).toBe(401);
    expect((await guest.post('/api/promotion-exceptions/1/withdraw', { reason: 'x' })).statusCode).toBe(401);
  });
});

describe('live opportunities reach only investors with a valid exemption while the feature is on', () => {
  it('changes nothing while the feature is off', async () => {
    const agent = await t.as(investor);
    expect(await reach(agent, external)).toEqual(shown);
    expect(await reach(agent, internal)).toEqual(shown);
  });

  it('hides live opportunities from an investor with no exemption: list, show, invest', async () => {
    await setFeature(true);
    try {
      const agent = await t.as(investor);
      expect(await reach(agent, external)).toEqual(hidden);
      expect(await reach(agent, internal)).toEqual(hidden);
      // committing to one is refused as for any opportunity not open to them
      const invest = await agent.post('/api/investments', { opportunity_id: external.id, amount: '1000.00' });
      expect(invest.statusCode).toBe(422);
      // their own investments and portfolio are not promotions: the rule does not touch them
      expect((await agent.get('/api/profile/investments')).statusCode).toBe(200);
      expect((await agent.get('/api/portfolio')).statusCode).toBe(200);
    } finally {
      await setFeature(false);
    }
  });

  it('shows them with a valid exemption; an expired or withdrawn one does not count', async () => {
    const valid = await createUser(t.ctx.db);
    const expired = await createUser(t.ctx.db);
    const withdrawn = await createUser(t.ctx.db);
    const uninvited = await createUser(t.ctx.db);
    for (const user of [valid, expired, withdrawn])
      await t.ctx.db.insert(opportunityInvitations).values({ opportunity_id: internal.id, user_id: user.id });
    await record(valid.id, {});
    await record(uninvited.id, {});
    await record(expired.id, {
      effective_on: addMonthsToDate(today(), -13),
      expires_on: today(),
    });
    const toWithdraw = data<Exemption>(await record(withdrawn.id, { type: 'investment_professional' }));
    await admin.post(`/api/promotion-exceptions/${toWithdraw.id}/withdraw`, {
      reason: 'Left the profession',
    });
    await setFeature(true);
    try {
      const validAgent = await t.as(valid);
      expect(await reach(validAgent, external)).toEqual(shown);
      expect(await reach(validAgent, internal)).toEqual(shown);
      // an exemption does not stand for an invitation: Live - Internal still needs one
      const uninvitedAgent = await t.as(uninvited);
      expect(await reach(uninvitedAgent, external)).toEqual(shown);
      expect(await reach(uninvitedAgent, internal)).toEqual(hidden);
      // expiring today: no longer valid today
      const expiredAgent = await t.as(expired);
      expect(await reach(expiredAgent, external)).toEqual(hidden);
      expect(await reach(expiredAgent, internal)).toEqual(hidden);
      const withdrawnAgent = await t.as(withdrawn);
      expect(await reach(withdrawnAgent, external)).toEqual(hidden);
    } finally {
      await setFeature(false);
    }
    // and off again, everything is back
    expect(await reach(await t.as(expired), external)).toEqual(shown);
  });

  it('tells the investor whether they are kept out for want of an exemption (their own only)', async () => {
    const someone = await createUser(t.ctx.db);
    const agent = await t.as(someone);
    const mine = async () =>
      data<{ required: boolean; valid: boolean; expires_on: string | null }>(
        await agent.get('/api/profile/promotion-exemption'),
      );
    expect(await mine()).toEqual({ required: false, valid: false, expires_on: null });
    await setFeature(true);
    try {
      expect(await mine()).toEqual({ required: true, valid: false, expires_on: null });
      await record(someone.id, {});
      expect(await mine()).toEqual({ required: true, valid: true, expires_on: addMonthsToDate(today(), 12) });
      // staff have no exemption of their own to ask about
      expect((await admin.get('/api/profile/promotion-exemption')).statusCode).toBe(403);
    } finally {
      await setFeature(false);
    }
  });

  it('keeps a holder’s pre-emption round open to them (FPO art. 43)', async () => {
    const holder = await createUser(t.ctx.db);
    const round = await createOpportunity(t.ctx.db, { status: 3, pre_emption_of_id: completed.id });
    await t.ctx.db
      .insert(preEmptionChoices)
      .values({ opportunity_id: round.id, user_id: holder.id, choice: 5 });
    await setFeature(true);
    try {
      const agent = await t.as(holder);
      expect((await agent.get(`/api/opportunities/${round.id}`)).statusCode).toBe(200);
      expect((await agent.get(`/api/opportunities/${external.id}`)).statusCode).toBe(404);
    } finally {
      await setFeature(false);
    }
  });
});
