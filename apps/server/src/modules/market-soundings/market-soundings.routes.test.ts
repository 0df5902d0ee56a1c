import {
  MARKET_SOUNDING_STANDARD_WORDING,
  ROLES,
  STAFF_ROLE_IDS,
  type InsiderRegisterEntry,
  type InvestorMarketSounding,
  type MarketSounding,
  type MarketSoundingDetail,
  type MarketSoundingOptOut,
} from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  branding,
  marketSoundingEvents,
  notifications,
  pipelineDeals,
  pipelines,
  pipelineStages,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, enableAllFeatures, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Market soundings (issue 21, UK MAR Art. 11): staff sound investors about a deal or a draft opportunity; the
 * investor consents before the server sends anything that identifies the deal, then answers and may opt out;
 * staff cleanse the sounding once; the insider register lists the acceptances; the database keeps every record.
 */

const DEAL_NAME = 'Kestrel Robotics Series A';
const COMPANY = 'Kestrel Robotics Ltd';
const SUMMARY = 'Kestrel plans a £4m Series A at a £12m pre-money valuation, led by a new investor.';
const DESCRIPTION = 'Portico keeps a record of this sounding for five years.';

let t: TestApp;
let admin: Agent;
let ivy: UserRow;
let olly: UserRow;
let omar: UserRow;
let uma: UserRow;
let ivyAgent: Agent;
let ollyAgent: Agent;
let omarAgent: Agent;
let dealId: number;
let draftId: number;
let liveId: number;
let soundingId: number;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;
const errors = (response: { body: string }) => json<Errors>(response).errors;
const mine = (id: number) => `/api/profile/market-soundings/${id}`;

async function sound(investorIds: number[], subject: Record<string, number> = { deal_id: dealId }) {
  return admin.post('/api/market-soundings', { ...subject, investor_ids: investorIds, summary: SUMMARY });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Alex Admin' }));
  await enableAllFeatures(admin);
  await t.ctx.db.update(branding).set({ market_sounding_description: DESCRIPTION });
  ivy = await createUser(t.ctx.db, { name: 'Ivy Insider' });
  olly = await createUser(t.ctx.db, { name: 'Olly Outsider' });
  omar = await createUser(t.ctx.db, { name: 'Omar Optout' });
  uma = await createUser(t.ctx.db, { name: 'Uma Unsounded' });
  ivyAgent = await t.as(ivy);
  ollyAgent = await t.as(olly);
  omarAgent = await t.as(omar);
  const [pipeline] = await t.ctx.db.insert(pipelines).values({ name: 'Sounding pipeline' }).returning();
  if (!pipeline) throw new Error('no pipeline');
  const [stage] = await t.ctx.db
    .insert(pipelineStages)
    .values({ pipeline_id: pipeline.id, name: 'Sourced' })
    .returning();
  if (!stage) throw new Error('no stage');
  const [deal] = await t.ctx.db
    .insert(pipelineDeals)
    .values({ pipeline_id: pipeline.id, stage_id: stage.id, name: DEAL_NAME, company_name: COMPANY })
    .returning();
  if (!deal) throw new Error('no deal');
  dealId = deal.id;
  draftId = (await createOpportunity(t.ctx.db, { status: 1, name: 'Heron Draft Raise' })).id;
  liveId = (await createOpportunity(t.ctx.db, { status: 2 })).id;
});
afterAll(() => t.close());

describe('opening a sounding', () => {
  it('sounds the investors, notifies each without naming the deal, and records the invitations', async () => {
    const response = await sound([ivy.id, olly.id, omar.id]);
    expect(response.statusCode, response.body).toBe(201);
    soundingId = data<{ id: number }>(response).id;
    expect(json<{ data: Record<string, unknown> }>(response)).toEqual({ data: { id: soundingId } });

    const notices = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'App\\Notifications\\MarketSoundingInvitation'));
    expect(notices.map((notice) => notice.notifiable_id).sort()).toEqual([ivy.id, olly.id, omar.id].sort());
    for (const notice of notices) {
      expect(notice.data.cta).toBe(`/investor/investments/market-sounding/${soundingId}`);
      expect(notice.data.message).toMatch(/invited to a \*\*market sounding\*\*/);
      expect(JSON.stringify(notice.data)).not.toMatch(/Kestrel/);
    }
    const invited = await t.ctx.db
      .select()
      .from(marketSoundingEvents)
      .where(and(eq(marketSoundingEvents.sounding_id, soundingId), eq(marketSoundingEvents.kind, 'invited')));
    expect(invited).toHaveLength(3);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'market_sounding.created'), eq(auditLog.subject_id, soundingId)));
    expect(audit?.after).toMatchObject({ subject_type: 'deal', subject_id: dealId, subject_name: DEAL_NAME });
  });

  it('fixes the wording: the MAR statement and the firm’s description', async () => {
    const detail = data<MarketSoundingDetail>(await admin.get(`/api/market-soundings/${soundingId}`));
    expect(detail.wording).toBe(`${MARKET_SOUNDING_STANDARD_WORDING}\n\n${DESCRIPTION}`);
    expect(detail.subject).toEqual({ type: 'deal', id: dealId, name: DEAL_NAME });
    expect(detail.created_by?.name).toBe('Alex Admin');
  });

  it('sounds about a draft opportunity, never a public one', async () => {
    expect((await sound([uma.id], { opportunity_id: draftId })).statusCode).toBe(201);
    const live = await sound([uma.id], { opportunity_id: liveId });
    expect(live.statusCode).toBe(422);
    expect(errors(live).opportunity_id?.[0]).toMatch(/draft/);
    const unknown = await sound([uma.id], { opportunity_id: 999_999 });
    expect(errors(unknown).opportunity_id?.[0]).toMatch(/No opportunity/);
    const noDeal = await sound([uma.id], { deal_id: 999_999 });
    expect(errors(noDeal).deal_id?.[0]).toMatch(/No pipeline deal/);
  });

  it('refuses both subjects or neither, unknown investors and bad input, in their fields', async () => {
    const both = await sound([uma.id], { deal_id: dealId, opportunity_id: draftId });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(errors(both)).sort()).toEqual(['deal_id', 'opportunity_id']);
    const neither = await sound([uma.id], {});
    expect(neither.statusCode).toBe(422);
    expect(errors(neither).opportunity_id).toBeDefined();
    const staffId = (await createStaff(t.ctx.db, ROLES.SUPPORT)).id;
    const unknown = await sound([uma.id, staffId, 999_999]);
    expect(unknown.statusCode).toBe(422);
    expect(errors(unknown).investor_ids?.[0]).toBe(`No investor with the id ${staffId} and 999999.`);
    for (const body of [
      { deal_id: dealId, investor_ids: [], summary: SUMMARY },
      { deal_id: dealId, investor_ids: [uma.id], summary: '   ' },
      { deal_id: dealId, investor_ids: [uma.id], summary: 'x'.repeat(20_001) },
      { deal_id: dealId, investor_ids: Array.from({ length: 501 }, (_, i) => i + 1), summary: SUMMARY },
      { deal_id: dealId, summary: SUMMARY },
    ]) {
      const response = await admin.post('/api/market-soundings', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
  });
});

describe('the investor’s consent comes before the deal', () => {
  it('shows the consent and nothing that identifies the deal, and records the first view once', async () => {
    const first = await ivyAgent.get(mine(soundingId));
    expect(first.statusCode).toBe(200);
    for (const secret of [
      DEAL_NAME,
      'Kestrel',
      SUMMARY,
      COMPANY,
      '"deal_id"',
      '"opportunity_id"',
      '"subject',
    ])
      expect(first.body).not.toContain(secret);
    const body = data<InvestorMarketSounding>(first);
    expect(body).toMatchObject({
      id: soundingId,
      accepted: null,
      details: null,
      response: null,
      opted_out: false,
    });
    expect(body.wording).toContain(DESCRIPTION);
    await ivyAgent.get(mine(soundingId));
    const viewed = await t.ctx.db
      .select()
      .from(marketSoundingEvents)
      .where(and(eq(marketSoundingEvents.sounding_id, soundingId), eq(marketSoundingEvents.kind, 'viewed')));
    expect(viewed).toHaveLength(1);
    expect(viewed[0]?.wording).toBe(body.wording);
  });

  it('lists the investor’s own soundings without the deal until accepted', async () => {
    const list = await ivyAgent.get('/api/profile/market-soundings');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Kestrel');
    expect(data<Array<{ id: number; subject_name: string | null }>>(list)).toEqual([
      expect.objectContaining({ id: soundingId, subject_name: null, accepted: null }),
    ]);
  });

  it('declining reveals nothing and is final', async () => {
    const declined = await ollyAgent.post(`${mine(soundingId)}/decline`);
    expect(declined.statusCode).toBe(200);
    for (const secret of [DEAL_NAME, 'Kestrel', SUMMARY, COMPANY, '"deal_id"', '"opportunity_id"'])
      expect(declined.body).not.toContain(secret);
    expect(data<InvestorMarketSounding>(declined)).toMatchObject({ accepted: false, details: null });
    const again = await ollyAgent.get(mine(soundingId));
    expect(again.body).not.toContain('Kestrel');
    expect((await ollyAgent.post(`${mine(soundingId)}/accept`)).statusCode).toBe(422);
    expect((await ollyAgent.post(`${mine(soundingId)}/response`, { response: 1 })).statusCode).toBe(422);
  });

  it('refuses an answer before accepting', async () => {
    const early = await ivyAgent.post(`${mine(soundingId)}/response`, { response: 1 });
    expect(early.statusCode).toBe(422);
    expect(errors(early).response?.[0]).toMatch(/Accept/);
  });

  it('accepting sends the details; a second decision is refused', async () => {
    const accepted = await ivyAgent.post(`${mine(soundingId)}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(data<InvestorMarketSounding>(accepted)).toMatchObject({
      accepted: true,
      details: { subject_name: DEAL_NAME, summary: SUMMARY },
    });
    expect((await ivyAgent.post(`${mine(soundingId)}/accept`)).statusCode).toBe(422);
    expect((await ivyAgent.post(`${mine(soundingId)}/decline`)).statusCode).toBe(422);
    const [event] = await t.ctx.db
      .select()
      .from(marketSoundingEvents)
      .where(and(eq(marketSoundingEvents.user_id, ivy.id), eq(marketSoundingEvents.kind, 'accepted')));
    expect(event?.wording).toContain(MARKET_SOUNDING_STANDARD_WORDING);
  });

  it('takes one answer of 1, 2 or 3', async () => {
    for (const response of [0, 4, '1', 1.5, null])
      expect((await ivyAgent.post(`${mine(soundingId)}/response`, { response })).statusCode).toBe(422);
    const answered = await ivyAgent.post(`${mine(soundingId)}/response`, { response: 1 });
    expect(answered.statusCode).toBe(200);
    expect(data<InvestorMarketSounding>(answered).response).toBe(1);
    const twice = await ivyAgent.post(`${mine(soundingId)}/response`, { response: 2 });
    expect(twice.statusCode).toBe(422);
  });

  it('answers 404 to any other investor, and for an id that is no sounding', async () => {
    const stranger = await t.as(uma);
    for (const path of ['', '/accept', '/decline', '/opt-out']) {
      const response =
        path === ''
          ? await stranger.get(mine(soundingId))
          : await stranger.post(`${mine(soundingId)}${path}`);
      expect(response.statusCode, path).toBe(404);
    }
    expect((await stranger.post(`${mine(soundingId)}/response`, { response: 1 })).statusCode).toBe(404);
    expect((await ivyAgent.get(mine(999_999))).statusCode).toBe(404);
    expect((await ivyAgent.get('/api/profile/market-soundings/abc')).statusCode).toBe(404);
  });
});

describe('opting out', () => {
  it('adds the investor to the list, once, and they cannot be sounded again', async () => {
    const out = await omarAgent.post(`${mine(soundingId)}/opt-out`);
    expect(out.statusCode).toBe(200);
    expect(data<InvestorMarketSounding>(out)).toMatchObject({
      opted_out: true,
      accepted: null,
      details: null,
    });
    expect((await omarAgent.post(`${mine(soundingId)}/opt-out`)).statusCode).toBe(200);
    const list = data<MarketSoundingOptOut[]>(await admin.get('/api/market-soundings/opt-outs'));
    expect(list.filter((entry) => entry.investor.id === omar.id)).toHaveLength(1);
    const refused = await sound([uma.id, omar.id]);
    expect(refused.statusCode).toBe(422);
    expect(errors(refused).investor_ids?.[0]).toMatch(/Omar Optout asked not to be market sounded again/);
  });
});

describe('what staff see', () => {
  it('shows each recipient’s state and every step', async () => {
    const detail = data<MarketSoundingDetail>(await admin.get(`/api/market-soundings/${soundingId}`));
    const byName = Object.fromEntries(
      detail.recipients.map((recipient) => [recipient.investor.name, recipient]),
    );
    expect(byName['Ivy Insider']).toMatchObject({ status: 'accepted', response: 1, opted_out: false });
    expect(byName['Ivy Insider']?.viewed_at).not.toBeNull();
    expect(byName['Ivy Insider']?.responded_at).not.toBeNull();
    expect(byName['Olly Outsider']).toMatchObject({ status: 'declined', response: null, viewed_at: null });
    expect(byName['Omar Optout']).toMatchObject({ status: 'invited', opted_out: true, decided_at: null });
    expect(detail.counts).toEqual({ invited: 3, viewed: 1, accepted: 1, declined: 1, answered: 1 });
    expect(detail.events.map((event) => event.kind)).toEqual([
      'invited',
      'invited',
      'invited',
      'viewed',
      'declined',
      'accepted',
      'answered',
      'opted_out',
    ]);
    expect(detail.events.find((event) => event.kind === 'answered')).toMatchObject({
      investor: 'Ivy Insider',
      response: 1,
      actor: 'Ivy Insider',
    });
  });

  it('lists the soundings newest first, filtered by status', async () => {
    const list = json<{ data: MarketSounding[]; meta: { total: number } }>(
      await admin.get('/api/market-soundings'),
    );
    expect(list.meta.total).toBe(2);
    expect(list.data.map((row) => row.subject.type)).toEqual(['opportunity', 'deal']);
    const open = json<{ meta: { total: number } }>(
      await admin.get('/api/market-soundings?filter[status]=open'),
    );
    expect(open.meta.total).toBe(2);
    expect((await admin.get('/api/market-soundings?filter[nope]=1')).statusCode).toBe(400);
  });

  it('keeps the insider register of acceptances, with the wording and the answer', async () => {
    const register = json<{ data: InsiderRegisterEntry[] }>(await admin.get('/api/insider-register'));
    expect(register.data).toHaveLength(1);
    expect(register.data[0]).toMatchObject({
      sounding_id: soundingId,
      investor: { id: ivy.id, name: 'Ivy Insider', email: ivy.email },
      subject: { type: 'deal', id: dealId, name: DEAL_NAME },
      response: 1,
      cleansed_at: null,
    });
    expect(register.data[0]?.wording).toContain(DESCRIPTION);
    const none = json<{ data: unknown[] }>(
      await admin.get(`/api/insider-register?filter[investor_id]=${olly.id}`),
    );
    expect(none.data).toEqual([]);
    const bySounding = json<{ data: unknown[] }>(
      await admin.get(`/api/insider-register?filter[sounding_id]=${soundingId}`),
    );
    expect(bySounding.data).toHaveLength(1);
  });
});

describe('cleansing', () => {
  it('is once, tells those who accepted (naming the deal) and closes the decisions', async () => {
    const cleansed = await admin.post(`/api/market-soundings/${soundingId}/cleanse`, {
      reason: 'The round was announced.',
    });
    expect(cleansed.statusCode, cleansed.body).toBe(200);
    const detail = data<MarketSoundingDetail>(cleansed);
    expect(detail.cleansed_at).not.toBeNull();
    expect(detail.cleansing_reason).toBe('The round was announced.');
    expect(detail.events.at(-1)).toMatchObject({ kind: 'cleansed', investor: null, actor: 'Alex Admin' });
    const notices = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'App\\Notifications\\MarketSoundingCleansed'));
    expect(notices.map((notice) => notice.notifiable_id)).toEqual([ivy.id]);
    expect(notices[0]?.data.message).toContain(DEAL_NAME);
    expect(notices[0]?.data.message).toMatch(/made public or is no longer inside information/);

    const again = await admin.post(`/api/market-soundings/${soundingId}/cleanse`, { reason: 'Again.' });
    expect(again.statusCode).toBe(422);
    expect(errors(again).reason?.[0]).toMatch(/already cleansed/);
    expect((await admin.post(`/api/market-soundings/${soundingId}/cleanse`, { reason: '' })).statusCode).toBe(
      422,
    );
    expect((await omarAgent.post(`${mine(soundingId)}/accept`)).statusCode).toBe(422);
    const mineNow = data<InvestorMarketSounding>(await ivyAgent.get(mine(soundingId)));
    expect(mineNow.cleansed_at).not.toBeNull();
    const cleansedList = json<{ meta: { total: number } }>(
      await admin.get('/api/market-soundings?filter[status]=cleansed'),
    );
    expect(cleansedList.meta.total).toBe(1);
    expect((await admin.post('/api/market-soundings/999999/cleanse', { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('two decisions at once', () => {
  it('keeps one acceptance and answers the other 422, not 500', async () => {
    const created = await sound([uma.id]);
    const id = data<{ id: number }>(created).id;
    const umaAgent = await t.as(uma);
    const answers = await Promise.all([
      umaAgent.post(`${mine(id)}/accept`),
      umaAgent.post(`${mine(id)}/accept`),
      umaAgent.post(`${mine(id)}/decline`),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 422, 422]);
    const decisions = await t.ctx.db
      .select()
      .from(marketSoundingEvents)
      .where(
        and(
          eq(marketSoundingEvents.sounding_id, id),
          sql`${marketSoundingEvents.kind} in ('accepted', 'declined')`,
        ),
      );
    expect(decisions).toHaveLength(1);
  });
});

describe('permissions', () => {
  const staffRoutes = (id: number) => [
    { method: 'GET', url: '/api/market-soundings' },
    { method: 'GET', url: '/api/market-soundings/opt-outs' },
    { method: 'GET', url: `/api/market-soundings/${id}` },
    { method: 'GET', url: '/api/insider-register' },
    { method: 'POST', url: '/api/market-soundings', payload: {} },
    { method: 'POST', url: `/api/market-soundings/${id}/cleanse`, payload: {} },
  ];

  it('lets Super Admin and Support in, and refuses every other staff role and investors', async () => {
    for (const role of [...STAFF_ROLE_IDS, ROLES.USER]) {
      const agent = await t.as(await createUser(t.ctx.db, { role_id: role }));
      for (const route of staffRoutes(soundingId)) {
        const response = await agent.request({ ...route });
        const allowed = role === ROLES.SUPER_ADMIN || role === ROLES.SUPPORT;
        const label = `${role} ${route.method} ${route.url}`;
        if (allowed) expect(response.statusCode, label).toBe(route.method === 'GET' ? 200 : 422);
        else expect(response.statusCode, label).toBe(403);
      }
    }
  });

  it('keeps staff off the investor’s routes, and guests out', async () => {
    expect((await admin.get(mine(soundingId))).statusCode).toBe(403);
    expect((await admin.post(`${mine(soundingId)}/accept`)).statusCode).toBe(403);
    expect((await t.agent().get('/api/market-soundings')).statusCode).toBe(401);
  });

  it('answers 404 everywhere while the feature is off', async () => {
    expect((await admin.patch('/api/features', { enableMarketSounding: false })).statusCode).toBe(200);
    try {
      for (const route of staffRoutes(soundingId))
        expect((await admin.request({ ...route })).statusCode, route.url).toBe(404);
      expect((await ivyAgent.get(mine(soundingId))).statusCode).toBe(404);
      expect((await ivyAgent.get('/api/profile/market-soundings')).statusCode).toBe(404);
      expect((await ivyAgent.post(`${mine(soundingId)}/opt-out`)).statusCode).toBe(404);
    } finally {
      await admin.patch('/api/features', { enableMarketSounding: true });
    }
  });
});

describe('the record cannot be changed', () => {
  it('keeps the deal and the draft opportunity a sounding was about', async () => {
    const deal = await admin.delete(`/api/pipeline-deals/${dealId}`);
    expect(deal.statusCode, deal.body).toBe(422);
    expect(errors(deal).id?.[0]).toMatch(/market sounding/);
    const draft = await admin.delete(`/api/opportunities/${draftId}`);
    expect(draft.statusCode, draft.body).toBe(422);
    expect(errors(draft).id?.[0]).toMatch(/market sounding/);
  });

  it('keeps a sounded investor: erasing them answers 422 and erases nothing', async () => {
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    const erase = await support.delete(`/api/investors/${ivy.id}`);
    expect(erase.statusCode, erase.body).toBe(422);
    expect(errors(erase).id?.[0]).toMatch(/market soundings.*deactivate them instead/);
    expect((await support.get(`/api/investors/${ivy.id}`)).statusCode).toBe(200);
  });

  const refused = (statement: ReturnType<typeof sql>) =>
    expect(t.ctx.db.execute(statement)).rejects.toThrow();

  it('refuses any UPDATE or DELETE of a sounding but its one cleansing', async () => {
    await refused(sql`update market_soundings set summary = 'changed' where id = ${soundingId}`);
    await refused(sql`update market_soundings set cleansing_reason = 'rewritten' where id = ${soundingId}`);
    await refused(
      sql`update market_soundings set cleansed_at = null, cleansing_reason = null where id = ${soundingId}`,
    );
    await refused(sql`delete from market_soundings where id = ${soundingId}`);
    const fresh = data<{ id: number }>(await sound([uma.id], { opportunity_id: draftId })).id;
    // the one change allowed: cleansing an open sounding, nothing else with it
    await refused(
      sql`update market_soundings set cleansed_at = now(), cleansing_reason = 'x', summary = 'y' where id = ${fresh}`,
    );
    await t.ctx.db.execute(
      sql`update market_soundings set cleansed_at = now(), cleansing_reason = 'Public now.' where id = ${fresh}`,
    );
    await refused(sql`update market_soundings set cleansed_at = now() where id = ${fresh}`);
  });

  it('refuses any UPDATE or DELETE of recipients, events and opt-outs', async () => {
    await refused(
      sql`update market_sounding_recipients set user_id = ${uma.id} where sounding_id = ${soundingId}`,
    );
    await refused(sql`delete from market_sounding_recipients where sounding_id = ${soundingId}`);
    await refused(sql`update market_sounding_events set response = 3 where kind = 'answered'`);
    await refused(sql`update market_sounding_events set wording = 'other words' where kind = 'accepted'`);
    await refused(sql`delete from market_sounding_events where sounding_id = ${soundingId}`);
    await refused(sql`update market_sounding_opt_outs set created_at = now()`);
    await refused(sql`delete from market_sounding_opt_outs`);
    const [count] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketSoundingEvents)
      .where(eq(marketSoundingEvents.sounding_id, soundingId));
    expect(Number(count?.n)).toBe(9);
  });

  it('refuses a second decision or answer written straight into the database', async () => {
    await refused(
      sql`insert into market_sounding_events (sounding_id, user_id, kind, wording) values (${soundingId}, ${ivy.id}, 'declined', 'w')`,
    );
    await refused(
      sql`insert into market_sounding_events (sounding_id, user_id, kind, response) values (${soundingId}, ${ivy.id}, 'answered', 2)`,
    );
    await refused(
      sql`insert into market_sounding_events (sounding_id, user_id, kind, response) values (${soundingId}, ${olly.id}, 'answered', 4)`,
    );
  });
});
