import { can, canSeeInvestmentTab, PIPELINE_DEAL_COLUMNS, ROLE_IDS, ROLES } from '@portico/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, industries, pipelineDeals } from '../../db/schema';
import { usePostgres } from '../../test/database';
import { csvLines } from '../../test/exports';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Stage = { id: number; name: string };
type Pipeline = { id: number; name: string; stages: Stage[] };
type Deal = Record<string, unknown> & { id: number; stage_id: number; position: number; name: string };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

async function newPipeline(name: string, stages: string[]) {
  const response = await admin.post('/api/pipelines', { name, stages });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Pipeline>(response);
}

async function newDeal(
  pipeline: Pipeline,
  stageIndex: number,
  name: string,
  extra: Record<string, unknown> = {},
) {
  const response = await admin.post('/api/pipeline-deals', {
    name,
    company_name: `${name} Ltd`,
    pipeline_id: pipeline.id,
    stage_id: at(pipeline.stages, stageIndex).id,
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Deal>(response);
}

/** A column of the board, top to bottom. */
async function column(stage: Stage) {
  const page = json<{ data: Deal[] }>(
    await admin.get(`/api/pipeline-deals?filter[stage_id]=${stage.id}&sort=position&per_page=100`),
  );
  return page.data.map((deal) => deal.name);
}

const activityOf = async (id: number) =>
  json<{ data: Array<{ description: string }> }>(
    await admin.get(`/api/pipeline-deals/${id}/activity`),
  ).data.map((entry) => entry.description);

let venture: Pipeline;
let followOn: Pipeline;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  venture = await newPipeline('Venture deal flow', ['Sourced', 'Screening', 'Due diligence']);
  followOn = await newPipeline('Follow-on rounds', ['Identified', 'Approved']);
});
afterAll(() => t.close());

describe('deals', () => {
  it('adds a deal with its references, lists it with the shared grammar and exports it', async () => {
    const [fintech] = await t.ctx.db.insert(industries).values({ name: 'Fintech' }).returning();
    const owner = await createStaff(t.ctx.db, ROLES.FUND_MANAGER, { name: 'Olive Owner' });
    const created = await admin.post('/api/pipeline-deals', {
      name: 'Ledgerly seed',
      company_name: 'Ledgerly Ltd',
      pipeline_id: venture.id,
      website: 'https://ledgerly.example',
      industry_id: fintech?.id,
      owner_id: owner.id,
      amount_sought: '£1,250,000',
      pre_money_valuation: '6000000.5',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(data(created)).toMatchObject({
      stage: { name: 'Sourced' },
      pipeline: { name: 'Venture deal flow' },
      industry: { name: 'Fintech' },
      owner: { id: owner.id, name: 'Olive Owner' },
      amount_sought: '1250000.00',
      pre_money_valuation: '6000000.50',
      position: 0,
      opportunity_id: null,
    });
    const id = data<Deal>(created).id;
    expect(await activityOf(id)).toEqual(['Added to Venture deal flow in Sourced']);

    const list = json<{ data: Deal[]; meta: { total: number } }>(
      await admin.get(
        `/api/pipeline-deals?filter[pipeline_id]=${venture.id}&filter[industry_id]=${fintech?.id}&filter[owner_id]=${owner.id}&filter[search]=ledger`,
      ),
    );
    expect(list.meta.total).toBe(1);
    expect((await admin.get('/api/pipeline-deals?filter[colour]=red')).statusCode).toBe(400);
    expect((await admin.get('/api/pipeline-deals?sort=-amount_sought')).statusCode).toBe(200);
    const file = await admin.get(
      `/api/pipeline-deals/export?format=csv&filter[search]=ledgerly&columns=name,stage,amount_sought,owner`,
    );
    expect(file.statusCode).toBe(200);
    expect(csvLines(file, 'deals')).toEqual([
      'Deal,Stage,Amount sought,Owner',
      'Ledgerly seed,Sourced,1250000.00,Olive Owner',
    ]);
    expect(PIPELINE_DEAL_COLUMNS.length).toBeGreaterThan(5);
  });

  it('refuses bad input with field errors a person can act on', async () => {
    const investor = await createUser(t.ctx.db);
    const bad = await admin.post('/api/pipeline-deals', {
      name: 'Bad',
      company_name: 'Bad Ltd',
      pipeline_id: venture.id,
      stage_id: at(followOn.stages, 0).id,
      owner_id: investor.id,
      amount_sought: '12.345',
      industry_id: 999_999,
    });
    expect(bad.statusCode).toBe(422);
    const errors = json<Errors>(bad).errors;
    expect(errors.amount_sought).toEqual([
      'The amount sought field must be an amount in pounds, e.g. 250000 or 250000.50.',
    ]);
    // an amount sought becomes the target of the opportunity it converts into, which must be positive
    const zero = await admin.post('/api/pipeline-deals', {
      name: 'Zero',
      company_name: 'Zero Ltd',
      pipeline_id: venture.id,
      stage_id: at(venture.stages, 0).id,
      amount_sought: '0.00',
    });
    expect(json<Errors>(zero).errors.amount_sought).toEqual([
      'The amount sought field must be more than zero, or left empty.',
    ]);
    const second = await admin.post('/api/pipeline-deals', {
      name: 'Bad',
      company_name: 'Bad Ltd',
      pipeline_id: venture.id,
      stage_id: at(followOn.stages, 0).id,
      owner_id: investor.id,
      industry_id: 999_999,
    });
    expect(json<Errors>(second).errors).toEqual({
      stage_id: [
        '“Identified” is a stage of Follow-on rounds, not of Venture deal flow: choose one of its stages.',
      ],
      owner_id: ['The selected owner must be an active staff member.'],
      industry_id: ['The selected industry is invalid.'],
    });
    const noPipeline = await admin.post('/api/pipeline-deals', {
      name: 'X',
      company_name: 'X',
      pipeline_id: 999_999,
    });
    expect(json<Errors>(noPipeline).errors.pipeline_id).toEqual(['The selected pipeline is invalid.']);
    expect((await admin.get('/api/pipeline-deals/999999')).statusCode).toBe(404);
    expect((await admin.patch('/api/pipeline-deals/999999', { stage_id: 1 })).statusCode).toBe(404);
  });

  it('moves a deal between stages and within a column, each move in its activity', async () => {
    const board = await newPipeline('Board moves', ['Screening', 'Due diligence']);
    const [screening, diligence] = [at(board.stages, 0), at(board.stages, 1)];
    const a = await newDeal(board, 0, 'Alder');
    const b = await newDeal(board, 0, 'Birch');
    const c = await newDeal(board, 0, 'Cedar');
    await newDeal(board, 1, 'Damson');
    expect(await column(screening)).toEqual(['Alder', 'Birch', 'Cedar']);

    const moved = await admin.patch(`/api/pipeline-deals/${b.id}`, { stage_id: diligence.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(data(moved)).toMatchObject({
      stage_id: diligence.id,
      stage: { name: 'Due diligence' },
      position: 1,
    });
    expect(await column(screening)).toEqual(['Alder', 'Cedar']);
    expect(await column(diligence)).toEqual(['Damson', 'Birch']);
    expect((await activityOf(b.id))[0]).toBe('Moved from Screening to Due diligence');

    await admin.patch(`/api/pipeline-deals/${c.id}`, { stage_id: diligence.id, position: 0 });
    expect(await column(diligence)).toEqual(['Cedar', 'Damson', 'Birch']);
    await admin.patch(`/api/pipeline-deals/${b.id}`, { position: 0 });
    expect(await column(diligence)).toEqual(['Birch', 'Cedar', 'Damson']);
    expect((await activityOf(b.id))[0]).toBe('Reordered within Due diligence');
    // A place past the end is the end.
    await admin.patch(`/api/pipeline-deals/${a.id}`, { stage_id: diligence.id, position: 99 });
    expect(await column(diligence)).toEqual(['Birch', 'Cedar', 'Damson', 'Alder']);
    expect(await column(screening)).toEqual([]);

    const edited = await admin.patch(`/api/pipeline-deals/${a.id}`, {
      summary: 'Sustainable timber',
      source: 'Referral',
    });
    expect(data(edited)).toMatchObject({ summary: 'Sustainable timber', stage: { name: 'Due diligence' } });
    expect((await activityOf(a.id))[0]).toBe('Details changed: Source, Summary');
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'pipeline_deal'), eq(auditLog.subject_id, a.id)))
      .orderBy(asc(auditLog.id));
    expect(actions.map((row) => row.action)).toEqual([
      'pipeline_deal.created',
      'pipeline_deal.moved',
      'pipeline_deal.updated',
    ]);
  });

  it('refuses a stage of another pipeline with 422, and moves to another pipeline only with its stage', async () => {
    const deal = await newDeal(venture, 1, 'Crossing');
    const refused = await admin.patch(`/api/pipeline-deals/${deal.id}`, {
      stage_id: at(followOn.stages, 1).id,
    });
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.stage_id).toEqual([
      '“Approved” is a stage of Follow-on rounds, not of Venture deal flow: choose one of its stages.',
    ]);
    const noStage = await admin.patch(`/api/pipeline-deals/${deal.id}`, { pipeline_id: followOn.id });
    expect(json<Errors>(noStage).errors.stage_id).toEqual(['Choose a stage of the new pipeline.']);
    const mismatched = await admin.patch(`/api/pipeline-deals/${deal.id}`, {
      pipeline_id: followOn.id,
      stage_id: at(venture.stages, 2).id,
    });
    expect(mismatched.statusCode).toBe(422);

    const moved = await admin.patch(`/api/pipeline-deals/${deal.id}`, {
      pipeline_id: followOn.id,
      stage_id: at(followOn.stages, 1).id,
    });
    expect(data(moved)).toMatchObject({
      pipeline: { name: 'Follow-on rounds' },
      stage: { name: 'Approved' },
    });
    expect((await activityOf(deal.id))[0]).toBe(
      'Moved from Screening (Venture deal flow) to Approved (Follow-on rounds)',
    );
  });

  it('deletes a deal with its notes and figures', async () => {
    const deal = await newDeal(venture, 0, 'Short-lived');
    await admin.post(`/api/pipeline-deals/${deal.id}/notes`, { body: 'Met the founders' });
    await admin.post(`/api/pipeline-deals/${deal.id}/performance`, { period: '2025-12-31', revenue: '1000' });
    expect((await admin.delete(`/api/pipeline-deals/${deal.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/pipeline-deals/${deal.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/pipeline-deals/${deal.id}/notes`)).statusCode).toBe(404);
  });
});

describe('performance', () => {
  it('adds, changes and removes a period’s figures, one set per period, oldest first', async () => {
    const deal = await newDeal(venture, 0, 'Figures');
    const added = await admin.post(`/api/pipeline-deals/${deal.id}/performance`, {
      period: '2025-12-31',
      revenue: '420000',
      ebitda: '-35,000.50',
      cash: '1200000',
      headcount: 14,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(data(added)).toMatchObject({ revenue: '420000.00', ebitda: '-35000.50', headcount: 14 });
    await admin.post(`/api/pipeline-deals/${deal.id}/performance`, {
      period: '2025-09-30',
      revenue: '300000',
    });
    const twice = await admin.post(`/api/pipeline-deals/${deal.id}/performance`, { period: '2025-12-31' });
    expect(json<Errors>(twice).errors.period).toEqual([
      'This deal already has figures for that period: change them instead.',
    ]);
    const list = data<Array<{ id: number; period: string }>>(
      await admin.get(`/api/pipeline-deals/${deal.id}/performance`),
    );
    expect(list.map((row) => row.period)).toEqual(['2025-09-30', '2025-12-31']);

    const id = data<{ id: number }>(added).id;
    const changed = await admin.patch(`/api/pipeline-deals/${deal.id}/performance/${id}`, { cash: '900000' });
    expect(data(changed)).toMatchObject({ cash: '900000.00' });
    expect((await activityOf(deal.id))[0]).toBe('Changed the figures for 2025-12-31: Cash');
    const other = await newDeal(venture, 0, 'Someone else');
    expect(
      (await admin.patch(`/api/pipeline-deals/${other.id}/performance/${id}`, { cash: '1' })).statusCode,
    ).toBe(404);
    expect((await admin.delete(`/api/pipeline-deals/${deal.id}/performance/${id}`)).statusCode).toBe(204);
    expect((await activityOf(deal.id))[0]).toBe('Removed the figures for 2025-12-31');
    const bad = await admin.post(`/api/pipeline-deals/${deal.id}/performance`, {
      period: '31/12/2025',
      headcount: -1,
    });
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['headcount', 'period']);
  });
});

describe('permissions (spec §6)', () => {
  it('answers every role as the permission table and the investment-tab rules say', async () => {
    const deal = await newDeal(venture, 0, 'Permission walk');
    for (const role of ROLE_IDS) {
      const agent = await t.as(
        role === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, role),
      );
      const staff = role !== ROLES.USER;
      const allowed = (action: 'index' | 'show' | 'create' | 'update' | 'delete') =>
        staff && can(role, 'pipeline_deals', action);
      const check = (status: number, ok: boolean, expected: number, what: string) =>
        expect(status, `role ${role}: ${what}`).toBe(ok ? expected : 403);
      check((await agent.get('/api/pipeline-deals')).statusCode, allowed('index'), 200, 'index');
      check(
        (await agent.get('/api/pipeline-deals/export?format=csv')).statusCode,
        allowed('index'),
        200,
        'export',
      );
      check((await agent.get(`/api/pipeline-deals/${deal.id}`)).statusCode, allowed('show'), 200, 'show');
      check((await agent.post('/api/pipeline-deals', {})).statusCode, allowed('create'), 422, 'create');
      check(
        (await agent.patch(`/api/pipeline-deals/${deal.id}`, { name: '' })).statusCode,
        allowed('update'),
        422,
        'update',
      );
      check((await agent.delete('/api/pipeline-deals/999999')).statusCode, allowed('delete'), 404, 'delete');
      const figures = allowed('show') && canSeeInvestmentTab(role, 'deals', 'performance');
      check(
        (await agent.get(`/api/pipeline-deals/${deal.id}/performance`)).statusCode,
        figures,
        200,
        'performance',
      );
      const notes = allowed('show') && canSeeInvestmentTab(role, 'deals', 'notes-calls-tasks');
      check((await agent.get(`/api/pipeline-deals/${deal.id}/notes`)).statusCode, notes, 200, 'notes');
      check(
        (await agent.get(`/api/pipeline-deals/${deal.id}/activity`)).statusCode,
        allowed('show'),
        200,
        'activity',
      );
    }
  });

  it('hides Performance from the Investment Manager even where the table would let them read deals', async () => {
    expect(canSeeInvestmentTab(ROLES.INVESTMENT_MANAGER, 'deals', 'performance')).toBe(false);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    const deal = await newDeal(venture, 0, 'Hidden figures');
    expect((await manager.get(`/api/pipeline-deals/${deal.id}/performance`)).statusCode).toBe(403);
    expect(
      (await manager.post(`/api/pipeline-deals/${deal.id}/performance`, { period: '2025-01-31' })).statusCode,
    ).toBe(403);
  });
});

describe.runIf(usePostgres())('parallel moves on PostgreSQL', () => {
  it('leave one deal in exactly one valid place, with dense positions in every column', async () => {
    const board = await newPipeline('Race track', ['Lane A', 'Lane B', 'Lane C']);
    const deals = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) deals.push(await newDeal(board, 0, name));
    const target = at(deals, 1);
    const moves = Array.from({ length: 12 }, (_, index) =>
      admin.patch(`/api/pipeline-deals/${target.id}`, {
        stage_id: at(board.stages, index % 3).id,
        position: index % 4,
      }),
    );
    // and the other deals shuffle at the same time
    const others = deals
      .filter((deal) => deal.id !== target.id)
      .map((deal, index) =>
        admin.patch(`/api/pipeline-deals/${deal.id}`, { stage_id: at(board.stages, (index + 1) % 3).id }),
      );
    const answers = await Promise.all([...moves, ...others]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    const rows = await t.ctx.db
      .select({ id: pipelineDeals.id, stage_id: pipelineDeals.stage_id, position: pipelineDeals.position })
      .from(pipelineDeals)
      .where(eq(pipelineDeals.pipeline_id, board.id));
    expect(rows.filter((row) => row.id === target.id)).toHaveLength(1);
    for (const stage of board.stages) {
      const positions = rows
        .filter((row) => row.stage_id === stage.id)
        .map((row) => row.position)
        .sort((x, y) => x - y);
      expect(positions).toEqual(positions.map((_, index) => index));
    }
    const moved = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject_type, 'pipeline_deal'),
          eq(auditLog.subject_id, target.id),
          eq(auditLog.action, 'pipeline_deal.moved'),
        ),
      );
    expect(moved.length).toBeGreaterThan(0);
  });
});
