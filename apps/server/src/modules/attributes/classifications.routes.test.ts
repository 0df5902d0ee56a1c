import {
  can,
  CLASSIFICATION_KINDS,
  CLASSIFICATION_LISTS,
  isStaffRole,
  ROLES,
  type RoleId,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  investmentTypes,
  opportunities,
  pipelineDeals,
  pipelines,
  pipelineStages,
} from '../../db/schema';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { agentsByRole, data, expected, json, type Errors } from './test-helpers';

let t: TestApp;
let admin: Agent;
let agents: Map<RoleId, Agent>;

type Entry = { id: number; name: string; position: number; investment_type_id?: number };
type Page = { data: Entry[]; meta: { total: number } };

async function add(path: string, name: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post(`/api/${path}`, { name, ...extra });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Entry>(response);
}

const names = async (path: string, query = '') =>
  json<Page>(await admin.get(`/api/${path}?per_page=100${query}`)).data.map((entry) => entry.name);

async function newType(name: string) {
  return (await add('investment-types', name)).id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  agents = await agentsByRole(t);
});
afterAll(() => t.close());

describe('with investment classification off', () => {
  it('answers 404 on categories and characters, and serves the other lists', async () => {
    for (const path of ['investment-categories', 'investment-characters']) {
      expect((await admin.get(`/api/${path}`)).statusCode).toBe(404);
      expect((await admin.post(`/api/${path}`, { name: 'Growth' })).statusCode).toBe(404);
      expect((await admin.post(`/api/${path}/reorder`, { ids: [1] })).statusCode).toBe(404);
    }
    expect((await admin.get('/api/industries')).statusCode).toBe(200);
    expect((await admin.get('/api/kpi-categories')).statusCode).toBe(200);
  });
});

describe('the ordered lists', () => {
  beforeAll(async () => {
    const response = await admin.patch('/api/features', { enableInvestmentClassification: true });
    if (response.statusCode !== 200) throw new Error(response.body);
  });

  it('adds at the end, renames, reorders and deletes, each audited', async () => {
    const fintech = await add('industries', 'Fintech');
    const health = await add('industries', 'Healthtech');
    const climate = await add('industries', 'Climate & Energy');
    expect([fintech.position, health.position, climate.position]).toEqual([0, 1, 2]);
    expect(await names('industries')).toEqual(['Fintech', 'Healthtech', 'Climate & Energy']);

    const renamed = await admin.patch(`/api/industries/${health.id}`, { name: 'Health tech' });
    expect(data<Entry>(renamed).name).toBe('Health tech');

    const reordered = await admin.post('/api/industries/reorder', {
      ids: [climate.id, fintech.id, health.id],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(data<Entry[]>(reordered).map((entry) => [entry.name, entry.position])).toEqual([
      ['Climate & Energy', 0],
      ['Fintech', 1],
      ['Health tech', 2],
    ]);
    expect(await names('industries')).toEqual(['Climate & Energy', 'Fintech', 'Health tech']);
    expect(await names('industries', '&filter[name]=tech')).toEqual(['Fintech', 'Health tech']);

    expect((await admin.delete(`/api/industries/${fintech.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/industries/${fintech.id}`)).statusCode).toBe(404);
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'industry'), eq(auditLog.subject_id, health.id)));
    expect(actions.map((row) => row.action)).toEqual(['industry.created', 'industry.updated']);
    const [reorder] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'industry.reordered'));
    expect(reorder?.after).toEqual({
      ids: [climate.id, fintech.id, health.id],
      // named, so the firm's audit log reads without the list (issue 21)
      items: [
        { item_id: climate.id, name: 'Climate & Energy' },
        { item_id: fintech.id, name: 'Fintech' },
        { item_id: health.id, name: 'Health tech' },
      ],
    });
    expect(reorder?.before).toMatchObject({
      items: [
        { item_id: fintech.id, name: 'Fintech' },
        { item_id: health.id, name: 'Health tech' },
        { item_id: climate.id, name: 'Climate & Energy' },
      ],
    });
  });

  it('refuses a reorder that does not list every entry exactly once', async () => {
    const a = await add('kpi-categories', 'Financial');
    const b = await add('kpi-categories', 'Customers');
    for (const ids of [[a.id], [a.id, a.id], [a.id, b.id, 999999]]) {
      const response = await admin.post('/api/kpi-categories/reorder', { ids });
      expect(response.statusCode).toBe(422);
      expect(json<Errors>(response).errors.ids).toEqual([
        'List every KPI category exactly once, in the order wanted.',
      ]);
    }
  });

  it('answers 422 on the name for a duplicate, whatever its case, and for a blank name', async () => {
    await add('investment-categories', 'Growth');
    const again = await admin.post('/api/investment-categories', { name: '  gROWTH ' });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors).toEqual({
      name: ['An investment category with that name already exists.'],
    });
    const other = await add('investment-categories', 'Income');
    const rename = await admin.patch(`/api/investment-categories/${other.id}`, { name: 'growth' });
    expect(json<Errors>(rename).errors.name).toEqual([
      'An investment category with that name already exists.',
    ]);
    const blank = await admin.post('/api/investment-characters', { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(blank).errors)).toEqual(['name']);
    expect((await admin.patch('/api/industries/999999', { name: 'Nowhere' })).statusCode).toBe(404);
    expect((await admin.delete('/api/industries/abc')).statusCode).toBe(404);
  });

  it('keeps sub-types under their type: names unique per type, filtered and reordered per type', async () => {
    const equity = await newType('Equity');
    const loan = await newType('Convertible loan note');
    const seed = await add('investment-sub-types', 'Seed', { investment_type_id: equity });
    const seriesA = await add('investment-sub-types', 'Series A', { investment_type_id: equity });
    const bridge = await add('investment-sub-types', 'Seed', { investment_type_id: loan });
    expect([seed.position, seriesA.position, bridge.position]).toEqual([0, 1, 0]);
    expect(bridge.investment_type_id).toBe(loan);
    const duplicate = await admin.post('/api/investment-sub-types', {
      name: 'SEED',
      investment_type_id: equity,
    });
    expect(json<Errors>(duplicate).errors).toEqual({
      name: ['This investment type already has a sub-type with that name.'],
    });
    expect(
      json<Errors>(await admin.post('/api/investment-sub-types', { name: 'Orphan' })).errors
        .investment_type_id,
    ).toEqual(['The investment type field is required.']);
    expect(
      json<Errors>(
        await admin.post('/api/investment-sub-types', { name: 'Lost', investment_type_id: 999999 }),
      ).errors.investment_type_id,
    ).toEqual(['The selected investment type is invalid.']);

    expect(await names('investment-sub-types', `&filter[investment_type_id]=${equity}`)).toEqual([
      'Seed',
      'Series A',
    ]);
    const wrong = await admin.post('/api/investment-sub-types/reorder', {
      investment_type_id: equity,
      ids: [seriesA.id, seed.id, bridge.id],
    });
    expect(wrong.statusCode).toBe(422);
    const reordered = await admin.post('/api/investment-sub-types/reorder', {
      investment_type_id: equity,
      ids: [seriesA.id, seed.id],
    });
    expect(data<Entry[]>(reordered).map((entry) => entry.name)).toEqual(['Series A', 'Seed']);

    // A type's sub-types go with it.
    expect((await admin.delete(`/api/investment-types/${loan}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/investment-sub-types/${bridge.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete an entry still in use, saying by what', async () => {
    const industry = await add('industries', 'Proptech');
    const type = await newType('Fund');
    const subType = await add('investment-sub-types', 'Evergreen', { investment_type_id: type });
    const [pipeline] = await t.ctx.db.insert(pipelines).values({ name: 'In-use pipeline' }).returning();
    const [stage] = await t.ctx.db
      .insert(pipelineStages)
      .values({ pipeline_id: pipeline?.id ?? 0, name: 'Sourced' })
      .returning();
    const deal = { pipeline_id: pipeline?.id ?? 0, stage_id: stage?.id ?? 0, industry_id: industry.id };
    await t.ctx.db.insert(pipelineDeals).values([
      { ...deal, name: 'Deal one', company_name: 'One Ltd' },
      { ...deal, name: 'Deal two', company_name: 'Two Ltd', investment_type_id: type },
    ]);
    const opportunity = (slug: string) => ({ slug, name: slug, company_name: `${slug} Ltd` });
    await t.ctx.db.insert(opportunities).values([
      { ...opportunity('in-use-1'), industry_id: industry.id },
      { ...opportunity('in-use-2'), industry_id: industry.id, investment_type_id: type },
      {
        ...opportunity('in-use-3'),
        industry_id: industry.id,
        investment_type_id: type,
        investment_sub_type_id: subType.id,
      },
    ]);

    const refused = await admin.delete(`/api/industries/${industry.id}`);
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors).toEqual({
      id: ['Used by 3 opportunities and 2 deals: change them first.'],
    });
    expect(json<Errors>(await admin.delete(`/api/investment-types/${type}`)).errors.id).toEqual([
      'Used by 2 opportunities and 1 deal: change them first.',
    ]);
    expect(json<Errors>(await admin.delete(`/api/investment-sub-types/${subType.id}`)).errors.id).toEqual([
      'Used by 1 opportunity: change them first.',
    ]);
    expect((await admin.get(`/api/industries/${industry.id}`)).statusCode).toBe(200);
    const [stillThere] = await t.ctx.db.select().from(investmentTypes).where(eq(investmentTypes.id, type));
    expect(stillThere?.name).toBe('Fund');
  });

  it('gives every staff role the lists to read, and changes only to the roles of spec §6', async () => {
    for (const kind of CLASSIFICATION_KINDS) {
      const list = CLASSIFICATION_LISTS[kind];
      const path = `/api/${list.path}`;
      const parent = 'parent' in list ? { investment_type_id: await newType(`Type for ${kind}`) } : {};
      for (const [role, agent] of agents) {
        const allowed = (action: 'create' | 'update' | 'delete') => can(role, list.resource, action);
        const label = `${kind} as role ${role}`;
        expect((await agent.get(path)).statusCode, label).toBe(expected(isStaffRole(role), 200));
        const mine = await add(list.path, `${kind} ${role} probe`, parent);
        expect((await agent.get(`${path}/${mine.id}`)).statusCode, label).toBe(
          expected(isStaffRole(role), 200),
        );
        const created = await agent.post(path, { name: `${kind} ${role} new`, ...parent });
        expect(created.statusCode, label).toBe(expected(allowed('create'), 201));
        const renamed = await agent.patch(`${path}/${mine.id}`, { name: `${kind} ${role} renamed` });
        expect(renamed.statusCode, label).toBe(expected(allowed('update'), 200));
        const order = json<Page>(
          await admin.get(
            `${path}?per_page=100${'parent' in list ? `&filter[investment_type_id]=${parent.investment_type_id}` : ''}`,
          ),
        ).data.map((entry) => entry.id);
        const reordered = await agent.post(`${path}/reorder`, { ids: order.reverse(), ...parent });
        expect(reordered.statusCode, label).toBe(expected(allowed('update'), 200));
        expect((await agent.delete(`${path}/${mine.id}`)).statusCode, label).toBe(
          expected(allowed('delete'), 204),
        );
      }
    }
  });
});
