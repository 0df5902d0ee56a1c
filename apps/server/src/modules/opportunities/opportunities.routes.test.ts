import { can, opportunityResource, ROLE_IDS, ROLES, type RoleId } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientGroupMembers,
  clientGroups,
  documents,
  holdingTransactions,
  industries,
  investments,
  investmentSubTypes,
  investmentTypes,
  opportunities,
  opportunityInvitations,
  pipelineDeals,
  pipelines,
  pipelineStages,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, NOT_AN_IMAGE, PNG_1PX } from '../../test/files';
import { insertInvestmentWithMoney } from '../investment-transactions/ledger';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Row = Record<string, unknown>;
type Page = { data: Row[]; meta: { total: number } };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Row>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Row }>(response).data;

const draft = (extra: Row = {}) => ({
  name: 'Acme Robotics Series A',
  company_name: 'Acme Robotics Ltd',
  target_amount: '250000',
  maximum_amount: '400000.00',
  minimum_investment: '1000',
  share_price: '1.25',
  closing_date: '2031-03-31',
  tax_relief: 'eis',
  ...extra,
});

async function create(extra: Row = {}, agent: Agent = admin) {
  const response = await agent.post('/api/opportunities', draft(extra));
  if (response.statusCode !== 201) throw new Error(response.body);
  return data(response);
}

/** An opportunity at a status, written directly (the lifecycle's transitions are another module's). */
async function atStatus(status: number, extra: Row = {}) {
  const created = await create(extra);
  const id = Number(created.id);
  await t.ctx.db.update(opportunities).set({ status }).where(eq(opportunities.id, id));
  return id;
}

const actionsOf = async (type: string, id: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, type), eq(auditLog.subject_id, id)))
  ).map((row) => row.action);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('the fixed contract', () => {
  it('creates a draft with a slug and answers the record with money as decimal strings', async () => {
    const response = await admin.post('/api/opportunities', draft({ name: 'Brightwater Energy' }));
    expect(response.statusCode, response.body).toBe(201);
    const created = data(response);
    expect(created).toMatchObject({
      slug: 'brightwater-energy',
      name: 'Brightwater Energy',
      company_name: 'Acme Robotics Ltd',
      status: 1,
      stage: 1,
      target_amount: '250000.00',
      maximum_amount: '400000.00',
      minimum_investment: '1000.00',
      committed_amount: '0.00',
      share_price: '1.250000',
      tax_relief: 'eis',
      closing_date: '2031-03-31',
      key_points: [],
      public_documents: [],
    });
    const id = Number(created.id);
    expect(await actionsOf('opportunity', id)).toEqual(['opportunity.created']);
  });

  it('lists with the shared grammar and sums committed investments in SQL', async () => {
    const investor = await createUser(t.ctx.db);
    const live = await atStatus(2, { name: 'Committed Counting Co' });
    // paid and completed ones hold their money as ledger entries (decision 019)
    for (const values of [
      { opportunity_id: live, user_id: investor.id, amount: '1000.00', status: 'reserved' },
      { opportunity_id: live, user_id: investor.id, amount: '500.50', status: 'paid' },
      { opportunity_id: live, user_id: investor.id, amount: '0.25', status: 'awaiting_payment' },
      {
        opportunity_id: live,
        user_id: investor.id,
        amount: '700.00',
        status: 'cancelled',
        cancelled_at: new Date(),
        cancel_reason: 'Withdrawn',
      },
      { opportunity_id: live, user_id: investor.id, amount: '900.00', status: 'completed' },
    ] as const)
      await insertInvestmentWithMoney(t.ctx.db, values, { received_on: '2026-01-01' });
    const internal = await atStatus(3, { name: 'Committed Internal Co', tax_relief: 'seis' });
    const page = json<Page>(
      await admin.get('/api/opportunities?filter[status]=2,3&filter[search]=committed&sort=name'),
    );
    expect(page.meta.total).toBe(2);
    expect(page.data.map((row) => [row.id, row.committed_amount, row.status])).toEqual([
      // reserved + paid + awaiting payment + completed (a completed round's raise); never cancelled
      [live, '2400.75', 2],
      [internal, '0.00', 3],
    ]);
    for (const key of ['id', 'slug', 'name', 'status', 'stage', 'minimum_investment', 'maximum_amount'])
      expect(page.data[0]).toHaveProperty(key);
    expect(page.data[0]).toHaveProperty('closing_date', '2031-03-31');
    const seis = json<Page>(
      await admin.get('/api/opportunities?filter[tax_relief]=seis&filter[search]=committed'),
    );
    expect(seis.data.map((row) => row.id)).toEqual([internal]);
    const bySlug = json<Page>(await admin.get('/api/opportunities?filter[slug]=committed-counting-co'));
    expect(bySlug.data.map((row) => row.id)).toEqual([live]);
    const sorted = json<Page>(
      await admin.get('/api/opportunities?filter[search]=committed&sort=-committed_amount'),
    );
    expect(sorted.data[0]?.id).toBe(live);
    expect((await admin.get('/api/opportunities?filter[colour]=red')).statusCode).toBe(400);
  });

  it('filters by type and industry and names them', async () => {
    const [type] = await t.ctx.db.insert(investmentTypes).values({ name: 'Equity (filter)' }).returning();
    const [industry] = await t.ctx.db.insert(industries).values({ name: 'Robotics (filter)' }).returning();
    const id = Number(
      (await create({ name: 'Typed Thing', investment_type_id: type?.id, industry_id: industry?.id })).id,
    );
    const page = json<Page>(await admin.get(`/api/opportunities?filter[type]=${type?.id}`));
    expect(page.data.map((row) => row.id)).toEqual([id]);
    expect(page.data[0]).toMatchObject({
      type: { id: type?.id, name: 'Equity (filter)' },
      industry: { id: industry?.id, name: 'Robotics (filter)' },
    });
    expect(
      json<Page>(await admin.get(`/api/opportunities?filter[industry]=${industry?.id}`)).meta.total,
    ).toBe(1);
  });
});

describe('validation', () => {
  it('answers field errors a person can act on', async () => {
    const response = await admin.post('/api/opportunities', {
      name: '',
      target_amount: '12.345',
      maximum_amount: 2500,
      minimum_investment: '-5',
      share_price: 'abc',
      closing_date: '31/03/2031',
      tax_relief: 'vct',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(response).errors).sort()).toEqual([
      'closing_date',
      'company_name',
      'maximum_amount',
      'minimum_investment',
      'name',
      'share_price',
      'target_amount',
      'tax_relief',
    ]);
  });

  it('keeps the target and the minimum within the maximum, on create and on change', async () => {
    const refused = await admin.post(
      '/api/opportunities',
      draft({ target_amount: '500000', minimum_investment: '400000.01' }),
    );
    expect(json<Errors>(refused).errors).toEqual({
      target_amount: ['The target amount must not be more than the maximum amount.'],
      minimum_investment: ['The minimum investment must not be more than the maximum amount.'],
    });
    const id = Number((await create({ name: 'Within Limits' })).id);
    const lowered = await admin.patch(`/api/opportunities/${id}`, { maximum_amount: '200000' });
    expect(lowered.statusCode).toBe(422);
    expect(json<Errors>(lowered).errors.target_amount).toBeDefined();
    const both = await admin.patch(`/api/opportunities/${id}`, {
      maximum_amount: '200000',
      target_amount: '150000',
    });
    expect(data(both)).toMatchObject({ maximum_amount: '200000.00', target_amount: '150000.00' });
  });

  it('accepts a sub-type only of the chosen type and unknown classifications never', async () => {
    const [equity] = await t.ctx.db.insert(investmentTypes).values({ name: 'Equity (sub)' }).returning();
    const [debt] = await t.ctx.db.insert(investmentTypes).values({ name: 'Debt (sub)' }).returning();
    const [seed] = await t.ctx.db
      .insert(investmentSubTypes)
      .values({ investment_type_id: Number(equity?.id), name: 'Seed' })
      .returning();
    const wrong = await admin.post(
      '/api/opportunities',
      draft({ investment_type_id: debt?.id, investment_sub_type_id: seed?.id, industry_id: 999999 }),
    );
    expect(json<Errors>(wrong).errors).toEqual({
      industry_id: ['The selected industry is invalid.'],
      investment_sub_type_id: ['The selected sub-type is not a sub-type of the chosen type.'],
    });
    const id = Number(
      (await create({ name: 'Seeded', investment_type_id: equity?.id, investment_sub_type_id: seed?.id })).id,
    );
    // A new type drops the old type's sub-type.
    const changed = data(await admin.patch(`/api/opportunities/${id}`, { investment_type_id: debt?.id }));
    expect(changed).toMatchObject({ type: { name: 'Debt (sub)' }, sub_type: null });
  });

  it('makes slugs unique, lets staff edit them, and refuses one taken', async () => {
    const first = await create({ name: 'Slug Test Ltd' });
    const second = await create({ name: 'Slug Test Ltd' });
    expect([first.slug, second.slug]).toEqual(['slug-test-ltd', 'slug-test-ltd-2']);
    const taken = await admin.patch(`/api/opportunities/${String(second.id)}`, { slug: 'slug-test-ltd' });
    expect(json<Errors>(taken).errors).toEqual({ slug: ['The slug has already been taken.'] });
    const bad = await admin.patch(`/api/opportunities/${String(second.id)}`, { slug: 'Not a slug!' });
    expect(Object.keys(json<Errors>(bad).errors)).toEqual(['slug']);
    const renamed = await admin.patch(`/api/opportunities/${String(second.id)}`, {
      slug: 'slug-test-renamed',
    });
    expect(data(renamed).slug).toBe('slug-test-renamed');
    expect((await admin.post('/api/opportunities', draft({ slug: 'slug-test-ltd' }))).statusCode).toBe(422);
  });

  it('finds a published opportunity by a slug it had before, so links already sent still open it', async () => {
    const id = await atStatus(2, { name: 'Old Link Robotics' });
    const agent = await t.as(await createUser(t.ctx.db));
    const bySlug = async (slug: string) =>
      json<Page>(await agent.get(`/api/opportunities?filter[slug]=${slug}`)).data.map((row) => [
        row.id,
        row.slug,
      ]);
    expect(await bySlug('old-link-robotics')).toEqual([[id, 'old-link-robotics']]);
    const renamed = await admin.patch(`/api/opportunities/${id}`, { slug: 'old-link-robotics-series-a' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await admin.patch(`/api/opportunities/${id}`, { slug: 'old-link-robotics-round-2' });
    // Every slug it had finds it, answered with the current one.
    for (const slug of ['old-link-robotics', 'old-link-robotics-series-a', 'old-link-robotics-round-2'])
      expect(await bySlug(slug)).toEqual([[id, 'old-link-robotics-round-2']]);
    // Another opportunity may take a slug left behind: its own slug then wins on the web, and taking
    // it back makes it current again.
    const other = await atStatus(2, { name: 'Other Link Co', slug: 'old-link-robotics' });
    expect(new Set(await bySlug('old-link-robotics'))).toEqual(
      new Set([
        [id, 'old-link-robotics-round-2'],
        [other, 'old-link-robotics'],
      ]),
    );
    await admin.patch(`/api/opportunities/${id}`, { slug: 'old-link-robotics-series-a' });
    expect(await bySlug('old-link-robotics-series-a')).toEqual([[id, 'old-link-robotics-series-a']]);
    expect(await bySlug('never-was-a-slug')).toEqual([]);
  });

  it('gives parallel creates of one name distinct slugs', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => admin.post('/api/opportunities', draft({ name: 'Parallel Slug Co' }))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const slugs = responses.map((response) => data(response).slug);
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain('parallel-slug-co');
  });

  it('sanitises the description to the safe subset', async () => {
    const id = Number((await create({ name: 'Sanitised Co' })).id);
    const threadTasks = t.ctx.workers.started;
    const response = await admin.patch(`/api/opportunities/${id}`, {
      description:
        '<h2 onclick="x()">Why</h2><p>Hello <strong>world</strong><script>alert(1)</script>' +
        '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a> <a href="https://acme.test">good</a></p>' +
        '<iframe src="https://evil.test"></iframe><p style="color:red">styled</p>',
    });
    const description = String(data(response).description);
    // jsdom parsed it on a worker thread, not on the event loop.
    expect(t.ctx.workers.started).toBe(threadTasks + 1);
    expect(description).not.toMatch(/script|onerror|onclick|javascript:|<img|<iframe|style=/);
    expect(description).toContain('<h2>Why</h2>');
    expect(description).toContain('<strong>world</strong>');
    expect(description).toContain('<a rel="noopener noreferrer nofollow" target="_blank">bad</a>');
    expect(description).toContain(
      '<a href="https://acme.test" rel="noopener noreferrer nofollow" target="_blank">good</a>',
    );
    expect(
      data(await admin.patch(`/api/opportunities/${id}`, { description: '<p> </p>' })).description,
    ).toBeNull();
  });
});

describe('what investors see', () => {
  it('shows Live - External, and Live - Internal only when invited directly or by group', async () => {
    const investor = await createUser(t.ctx.db);
    const grouped = await createUser(t.ctx.db);
    const agent = await t.as(investor);
    const groupAgent = await t.as(grouped);
    const tag = `scope${Date.now()}`;
    const external = await atStatus(2, { name: `${tag} external` });
    const internalDirect = await atStatus(3, { name: `${tag} internal direct` });
    const internalGroup = await atStatus(3, { name: `${tag} internal group` });
    const internalOther = await atStatus(3, { name: `${tag} internal other` });
    const hidden = await Promise.all(
      [1, 4, 5, 6].map((status) => atStatus(status, { name: `${tag} ${status}` })),
    );
    const [group] = await t.ctx.db
      .insert(clientGroups)
      .values({ name: `Group ${tag}` })
      .returning();
    await t.ctx.db
      .insert(clientGroupMembers)
      .values({ client_group_id: Number(group?.id), user_id: grouped.id });
    await t.ctx.db.insert(opportunityInvitations).values([
      { opportunity_id: internalDirect, user_id: investor.id },
      { opportunity_id: internalGroup, client_group_id: group?.id },
    ]);
    await t.ctx.db.insert(documents).values([
      {
        subject_type: 'opportunity',
        subject_id: external,
        name: 'Pitch deck.pdf',
        storage_key: 'documents/pitch.pdf',
        content_type: 'application/pdf',
        size_bytes: 10,
        visibility: 'public',
      },
      {
        subject_type: 'opportunity',
        subject_id: external,
        name: 'Board minutes.pdf',
        storage_key: 'documents/minutes.pdf',
        content_type: 'application/pdf',
        size_bytes: 10,
        visibility: 'private',
      },
    ]);

    const ids = async (who: Agent) =>
      json<Page>(await who.get(`/api/opportunities?filter[search]=${tag}&sort=name`)).data.map(
        (row) => row.id,
      );
    expect(await ids(agent)).toEqual([external, internalDirect]);
    expect(await ids(groupAgent)).toEqual([external, internalGroup]);
    const one = data(await agent.get(`/api/opportunities/${external}`));
    expect((one.public_documents as Row[]).map((doc) => doc.name)).toEqual(['Pitch deck.pdf']);
    expect(one).not.toHaveProperty('pipeline_deal_id');
    expect(JSON.stringify(one)).not.toContain('Board minutes');
    for (const id of [internalGroup, internalOther, ...hidden])
      expect((await agent.get(`/api/opportunities/${id}`)).statusCode, `opportunity ${id}`).toBe(404);
    expect((await groupAgent.get(`/api/opportunities/${internalGroup}`)).statusCode).toBe(200);
    // The portal opens an opportunity by its slug.
    const bySlug = json<Page>(await agent.get(`/api/opportunities?filter[slug]=${String(one.slug)}`));
    expect(bySlug.data.map((row) => row.id)).toEqual([external]);
    // Investors change nothing, and never see the documents route.
    expect((await agent.patch(`/api/opportunities/${external}`, { name: 'x' })).statusCode).toBe(403);
    expect((await agent.get(`/api/opportunities/${external}/documents`)).statusCode).toBe(403);
    const unverified = await t.as(await createUser(t.ctx.db, { email_verified_at: null }));
    expect((await unverified.get('/api/opportunities')).statusCode).toBe(403);
  });
});

describe('permissions (spec §6), every role on every action and stage', () => {
  it('answers exactly what the permission table gives', { timeout: 120_000 }, async () => {
    const agents = new Map<RoleId, Agent>();
    for (const role of ROLE_IDS) agents.set(role, await t.as(await createStaff(t.ctx.db, role)));
    const byStage = { 1: await atStatus(1), 2: await atStatus(2), 5: await atStatus(5) };
    for (const role of ROLE_IDS) {
      const agent = agents.get(role) as Agent;
      const staff = role !== ROLES.USER;
      const listAllowed = !staff || can(role, 'investment_opportunity_live', 'index');
      expect((await agent.get('/api/opportunities')).statusCode, `list as ${role}`).toBe(
        listAllowed ? 200 : 403,
      );
      const created = await agent.post('/api/opportunities', draft({ name: `Role ${role} draft` }));
      expect(created.statusCode, `create as ${role}`).toBe(
        staff && can(role, 'investment_opportunity_live', 'create') ? 201 : 403,
      );
      for (const [stage, id] of Object.entries(byStage)) {
        const resource = opportunityResource(Number(stage));
        const show = (await agent.get(`/api/opportunities/${id}`)).statusCode;
        // An investor sees a Live - External opportunity and nothing else here (not invited).
        if (!staff) expect(show, `investor show stage ${stage}`).toBe(stage === '2' ? 200 : 404);
        else expect(show, `show stage ${stage} as ${role}`).toBe(can(role, resource, 'show') ? 200 : 403);
        const update = (await agent.patch(`/api/opportunities/${id}`, { share_class: `Ordinary ${role}` }))
          .statusCode;
        expect(update, `update stage ${stage} as ${role}`).toBe(
          staff && can(role, resource, 'update') ? 200 : 403,
        );
        const point = (await agent.post(`/api/opportunities/${id}/key-points`, { text: `By ${role}` }))
          .statusCode;
        expect(point, `key point stage ${stage} as ${role}`).toBe(
          staff && can(role, resource, 'update') ? 201 : 403,
        );
      }
    }
  });

  it('deletes a draft with delete, a live one only with delete_unsafe and no investments', async () => {
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    const draftId = Number((await create({ name: 'Deletable Draft' })).id);
    expect((await committee.delete(`/api/opportunities/${draftId}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/opportunities/${draftId}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/opportunities/${draftId}`)).statusCode).toBe(404);
    expect(await actionsOf('opportunity', draftId)).toEqual(['opportunity.created', 'opportunity.deleted']);

    const live = await atStatus(2, { name: 'Undeletable Live' });
    expect((await admin.delete(`/api/opportunities/${live}`)).statusCode).toBe(403);
    const investor = await createUser(t.ctx.db);
    await t.ctx.db
      .insert(investments)
      .values({ opportunity_id: live, user_id: investor.id, amount: '10.00' });
    const refused = await support.delete(`/api/opportunities/${live}`);
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.id?.[0]).toMatch(/has 1 investment/);
    await t.ctx.db.delete(investments).where(eq(investments.opportunity_id, live));
    expect((await support.delete(`/api/opportunities/${live}`)).statusCode).toBe(204);
    expect((await admin.delete('/api/opportunities/999999')).statusCode).toBe(404);

    // An existing investment (stages 5 and 6): delete_unsafe on investment_opportunity_existing, which
    // spec §6 gives Support alone; audited like any deletion.
    const fundManager = await t.as(await createStaff(t.ctx.db, ROLES.FUND_MANAGER));
    for (const status of [5, 6]) {
      const existing = await atStatus(status, { name: `Deletable Existing ${status}` });
      expect((await admin.delete(`/api/opportunities/${existing}`)).statusCode).toBe(403);
      expect((await fundManager.delete(`/api/opportunities/${existing}`)).statusCode).toBe(403);
      expect((await support.delete(`/api/opportunities/${existing}`)).statusCode).toBe(204);
      expect((await admin.get(`/api/opportunities/${existing}`)).statusCode).toBe(404);
      expect(await actionsOf('opportunity', existing)).toEqual([
        'opportunity.created',
        'opportunity.deleted',
      ]);
    }

    // Still referred to (a holder's transaction, a new round raising for it): refused with the reason,
    // never a server error.
    const held = await atStatus(5, { name: 'Held Existing' });
    const holder = await createUser(t.ctx.db);
    await t.ctx.db.insert(holdingTransactions).values({
      opportunity_id: held,
      user_id: holder.id,
      kind: 'dividend',
      occurred_on: '2026-01-01',
      amount: '10.00',
    });
    const roundId = Number((await create({ name: 'Held Existing – Series A' })).id);
    await t.ctx.db
      .update(opportunities)
      .set({ pre_emption_of_id: held })
      .where(eq(opportunities.id, roundId));
    const blocked = await support.delete(`/api/opportunities/${held}`);
    expect(blocked.statusCode, blocked.body).toBe(422);
    expect(json<Errors>(blocked).errors.id?.[0]).toBe(
      'This opportunity has 1 holding transaction, 1 new round raising for it; it cannot be deleted while it has any.',
    );
  });
});

describe('content', () => {
  it('adds, changes, orders and removes content, with images, audited', async () => {
    const id = Number((await create({ name: 'Content Co' })).id);
    const a = data(await admin.post(`/api/opportunities/${id}/key-points`, { text: 'First' }));
    const b = data(await admin.post(`/api/opportunities/${id}/key-points`, { text: 'Second' }));
    expect((await admin.post(`/api/opportunities/${id}/key-points`, { text: ' ' })).statusCode).toBe(422);
    const ordered = await admin.request({
      method: 'PUT',
      url: `/api/opportunities/${id}/key-points/order`,
      payload: { ids: [b.id, a.id] },
    });
    expect(json<{ data: Row[] }>(ordered).data.map((row) => row.text)).toEqual(['Second', 'First']);
    const partial = await admin.request({
      method: 'PUT',
      url: `/api/opportunities/${id}/key-points/order`,
      payload: { ids: [b.id] },
    });
    expect(partial.statusCode).toBe(422);

    await admin.post(`/api/opportunities/${id}/key-dates`, { date: '2031-01-15', label: 'Closing call' });
    await admin.post(`/api/opportunities/${id}/key-dates`, { date: '2030-12-01', label: 'Opens' });
    await admin.post(`/api/opportunities/${id}/faqs`, {
      question: 'Is it EIS?',
      answer: 'Yes, advance assurance.',
    });

    const photo = multipartBody(
      { name: 'Ada Lovelace', role: 'Chief Executive', bio: 'Founded Acme.' },
      { photo: { name: 'ada.png', type: 'image/png', body: PNG_1PX } },
    );
    const member = await admin.request({
      method: 'POST',
      url: `/api/opportunities/${id}/team-members`,
      ...photo,
    });
    expect(member.statusCode, member.body).toBe(201);
    const photoUrl = String(data(member).photo_url);
    expect(photoUrl).toMatch(/^\/files\/opportunity-images\/[\w-]+\.png$/);
    expect((await t.agent().get(photoUrl)).statusCode).toBe(200);

    const badImage = multipartBody({}, { image: { name: 'x.png', type: 'image/png', body: NOT_AN_IMAGE } });
    const refused = await admin.request({
      method: 'POST',
      url: `/api/opportunities/${id}/gallery`,
      ...badImage,
    });
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.image?.[0]).toMatch(/must be a file of type/);
    expect((await admin.post(`/api/opportunities/${id}/gallery`, { caption: 'No image' })).statusCode).toBe(
      422,
    );
    const image = multipartBody(
      { caption: 'Factory' },
      { image: { name: 'f.png', type: 'image/png', body: PNG_1PX } },
    );
    const gallery = await admin.request({
      method: 'POST',
      url: `/api/opportunities/${id}/gallery`,
      ...image,
    });
    expect(gallery.statusCode, gallery.body).toBe(201);

    const cover = multipartBody({}, { image: { name: 'c.png', type: 'image/png', body: PNG_1PX } });
    const covered = await admin.request({
      method: 'PUT',
      url: `/api/opportunities/${id}/cover-image`,
      ...cover,
    });
    expect(data(covered).cover_image_url).toMatch(/^\/files\/opportunity-images\//);

    const renamed = await admin.patch(`/api/opportunities/${id}/team-members/${String(data(member).id)}`, {
      role: 'Founder',
    });
    expect(data(renamed)).toMatchObject({ name: 'Ada Lovelace', role: 'Founder', photo_url: photoUrl });

    const page = data(await admin.get(`/api/opportunities/${id}`));
    expect((page.key_dates as Row[]).map((row) => row.label)).toEqual(['Opens', 'Closing call']);
    expect((page.faqs as Row[]).map((row) => row.question)).toEqual(['Is it EIS?']);
    expect((page.gallery as Row[]).map((row) => row.caption)).toEqual(['Factory']);

    expect((await admin.delete(`/api/opportunities/${id}/key-points/${String(a.id)}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/opportunities/${id}/key-points/${String(a.id)}`)).statusCode).toBe(404);
    const other = Number((await create({ name: 'Other Content Co' })).id);
    expect((await admin.delete(`/api/opportunities/${other}/key-points/${String(b.id)}`)).statusCode).toBe(
      404,
    );
    expect(
      (await admin.delete(`/api/opportunities/${id}/team-members/${String(data(member).id)}`)).statusCode,
    ).toBe(204);
    expect((await t.agent().get(photoUrl)).statusCode).toBe(404);

    const activity = json<{ data: Array<{ action: string; description: string }> }>(
      await admin.get(`/api/opportunities/${id}/activity?per_page=50`),
    );
    expect(activity.data.map((line) => line.action)).toContain('opportunity.content_added');
    expect(activity.data.map((line) => line.description)).toContain('Key point added: “First”');
  });
});

describe('converting a deal', () => {
  async function newDeal(name: string, amount: string | null = '750000.00') {
    const [pipeline] = await t.ctx.db
      .insert(pipelines)
      .values({ name: `Pipeline ${name}` })
      .returning();
    const [stage] = await t.ctx.db
      .insert(pipelineStages)
      .values({ pipeline_id: Number(pipeline?.id), name: 'Screening' })
      .returning();
    const [industry] = await t.ctx.db
      .insert(industries)
      .values({ name: `Industry ${name}` })
      .returning();
    const [deal] = await t.ctx.db
      .insert(pipelineDeals)
      .values({
        pipeline_id: Number(pipeline?.id),
        stage_id: Number(stage?.id),
        name,
        company_name: `${name} Ltd`,
        summary: 'Battery recycling in the Midlands',
        industry_id: industry?.id,
        amount_sought: amount,
      })
      .returning();
    return Number(deal?.id);
  }

  it('makes a draft carrying the deal, once; a second conversion is a 422 with the way to it', async () => {
    const dealId = await newDeal('Cellcycle');
    const response = await admin.post(`/api/pipeline-deals/${dealId}/opportunity`);
    expect(response.statusCode, response.body).toBe(201);
    const created = data(response);
    expect(created).toMatchObject({
      name: 'Cellcycle',
      company_name: 'Cellcycle Ltd',
      summary: 'Battery recycling in the Midlands',
      target_amount: '750000.00',
      pipeline_deal_id: dealId,
      status: 1,
      industry: { name: 'Industry Cellcycle' },
    });
    const again = await admin.post(`/api/pipeline-deals/${dealId}/opportunity`);
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors.pipeline_deal_id?.[0]).toContain(
      `/admin/investments/opportunities/${String(created.id)}/edit`,
    );
    expect(await actionsOf('pipeline_deal', dealId)).toEqual(['pipeline_deal.converted']);
    expect(await actionsOf('opportunity', Number(created.id))).toEqual([
      'opportunity.created',
      'opportunity.converted_from_deal',
    ]);
    expect((await admin.post('/api/pipeline-deals/999999/opportunity')).statusCode).toBe(404);
    const entrepreneur = await t.as(await createStaff(t.ctx.db, ROLES.ENTREPRENEUR));
    expect((await entrepreneur.post(`/api/pipeline-deals/${dealId}/opportunity`)).statusCode).toBe(403);
  });

  it('converts once under parallel requests', async () => {
    const dealId = await newDeal('Racing Deal');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => admin.post(`/api/pipeline-deals/${dealId}/opportunity`)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    const rows = await t.ctx.db
      .select()
      .from(opportunities)
      .where(eq(opportunities.pipeline_deal_id, dealId));
    expect(rows).toHaveLength(1);
  });
});
