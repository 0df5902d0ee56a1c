import { can, DEFAULT_PIPELINE_STAGES, ROLE_IDS, ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Stage = { id: number; name: string; position: number; deals_count: number };
type Pipeline = { id: number; name: string; position: number; stages?: Stage[]; deals_count: number };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

async function newPipeline(name: string, stages?: string[]) {
  const response = await admin.post('/api/pipelines', { name, ...(stages ? { stages } : {}) });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Pipeline & { stages: Stage[] }>(response);
}

async function newDeal(pipelineId: number, stageId: number, name: string) {
  const response = await admin.post('/api/pipeline-deals', {
    name,
    company_name: `${name} Ltd`,
    pipeline_id: pipelineId,
    stage_id: stageId,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<{ id: number; stage_id: number; position: number }>(response);
}

/** The list's entry at an index; a test fails here rather than on an undefined later. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

const stageNames = async (pipelineId: number) =>
  data<Stage[]>(await admin.get(`/api/pipelines/${pipelineId}/stages`)).map((stage) => stage.name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('pipelines', () => {
  it('starts a new pipeline with the default stages, or with the stages given, in order', async () => {
    const standard = await newPipeline('Venture deal flow');
    expect(standard.stages.map((stage) => stage.name)).toEqual([...DEFAULT_PIPELINE_STAGES]);
    expect(standard.stages.map((stage) => stage.position)).toEqual(DEFAULT_PIPELINE_STAGES.map((_, i) => i));
    const own = await newPipeline('Follow-on rounds', ['Identified', 'Evaluating', 'Approved', 'Passed']);
    expect(own.stages.map((stage) => stage.name)).toEqual(['Identified', 'Evaluating', 'Approved', 'Passed']);
    expect(own.position).toBeGreaterThan(standard.position);

    const list = json<{ data: Pipeline[] }>(
      await admin.get('/api/pipelines?include=stages&filter[search]=follow'),
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]?.stages?.map((stage) => stage.deals_count)).toEqual([0, 0, 0, 0]);
    const bare = json<{ data: Pipeline[] }>(await admin.get('/api/pipelines?filter[search]=follow'));
    expect(bare.data[0]?.stages).toBeUndefined();
    expect((await admin.get('/api/pipelines?include=deals')).statusCode).toBe(400);
  });

  it('refuses a duplicate name and duplicate stage names with field errors', async () => {
    await newPipeline('Seed pipeline');
    const taken = await admin.post('/api/pipelines', { name: 'SEED PIPELINE' });
    expect(taken.statusCode).toBe(422);
    expect(json<Errors>(taken).errors.name).toEqual(['A pipeline with this name already exists.']);
    const twice = await admin.post('/api/pipelines', { name: 'Twice', stages: ['Open', 'open'] });
    expect(twice.statusCode).toBe(422);
    expect(json<Errors>(twice).errors['stages.1']).toEqual(['The stage “open” is listed twice.']);
    expect(json<Errors>(await admin.post('/api/pipelines', { name: '  ' })).errors.name).toBeDefined();
  });

  it('renames, reorders and deletes pipelines; one with deals is kept with a 422', async () => {
    const first = await newPipeline('Renamable');
    const renamed = await admin.patch(`/api/pipelines/${first.id}`, { name: 'Renamed' });
    expect(data<Pipeline>(renamed).name).toBe('Renamed');

    const all = data<Pipeline[]>(await admin.get('/api/pipelines?per_page=100'));
    const reversed = all.map((pipeline) => pipeline.id).reverse();
    const reordered = await admin.post('/api/pipelines/reorder', { ids: reversed });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(data<Pipeline[]>(await admin.get('/api/pipelines?per_page=100')).map((p) => p.id)).toEqual(
      reversed,
    );
    const partial = await admin.post('/api/pipelines/reorder', { ids: reversed.slice(1) });
    expect(json<Errors>(partial).errors.ids).toEqual(['List every pipeline once, in the new order.']);

    const held = await newPipeline('Holding');
    await newDeal(held.id, at(held.stages, 0).id, 'Kept');
    const refused = await admin.delete(`/api/pipelines/${held.id}`);
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).message).toBe('Holding still holds 1 deal: move or delete them first.');
    expect((await admin.delete(`/api/pipelines/${first.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/pipelines/${first.id}`)).statusCode).toBe(404);
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'pipeline'), eq(auditLog.subject_id, first.id)));
    expect(actions.map((row) => row.action)).toEqual([
      'pipeline.created',
      'pipeline.updated',
      'pipeline.deleted',
    ]);
  });
});

describe('stages', () => {
  it('adds at a position, renames and reorders, keeping positions dense', async () => {
    const pipeline = await newPipeline('Stage work', ['One', 'Two', 'Three']);
    const added = await admin.post(`/api/pipelines/${pipeline.id}/stages`, {
      name: 'One and a half',
      position: 1,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await stageNames(pipeline.id)).toEqual(['One', 'One and a half', 'Two', 'Three']);
    const taken = await admin.post(`/api/pipelines/${pipeline.id}/stages`, { name: 'two' });
    expect(json<Errors>(taken).errors.name).toEqual(['This pipeline already has a stage called “two”.']);

    const stageId = data<Stage>(added).id;
    await admin.patch(`/api/pipelines/${pipeline.id}/stages/${stageId}`, { name: 'Halfway' });
    const stages = data<Stage[]>(await admin.get(`/api/pipelines/${pipeline.id}/stages`));
    const ids = stages.map((stage) => stage.id);
    const order = [at(ids, 3), at(ids, 0), at(ids, 1), at(ids, 2)];
    const reordered = await admin.post(`/api/pipelines/${pipeline.id}/stages/reorder`, { ids: order });
    expect(data<Stage[]>(reordered).map((stage) => [stage.name, stage.position])).toEqual([
      ['Three', 0],
      ['One', 1],
      ['Halfway', 2],
      ['Two', 3],
    ]);
    const missing = await admin.post(`/api/pipelines/${pipeline.id}/stages/reorder`, { ids: order.slice(1) });
    expect(missing.statusCode).toBe(422);
    // A stage of another pipeline is not this pipeline's: 404 on its address.
    const other = await newPipeline('Elsewhere', ['Only']);
    expect(
      (await admin.patch(`/api/pipelines/${pipeline.id}/stages/${at(other.stages, 0).id}`, { name: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it('removes an empty stage, refuses one with deals until told where they go, then moves them in one go', async () => {
    const pipeline = await newPipeline('Removals', ['Sourced', 'Screening', 'Won']);
    const sourced = at(pipeline.stages, 0);
    const screening = at(pipeline.stages, 1);
    const won = at(pipeline.stages, 2);
    const a = await newDeal(pipeline.id, screening.id, 'Alpha');
    const b = await newDeal(pipeline.id, screening.id, 'Beta');
    await newDeal(pipeline.id, won.id, 'Gamma');

    const refused = await admin.delete(`/api/pipelines/${pipeline.id}/stages/${screening.id}`);
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.move_to_stage_id).toEqual([
      'Screening holds 2 deals: choose the stage they move to.',
    ]);
    const elsewhere = await newPipeline('Not this one', ['Foreign']);
    const foreign = await admin.delete(
      `/api/pipelines/${pipeline.id}/stages/${screening.id}?move_to_stage_id=${at(elsewhere.stages, 0).id}`,
    );
    expect(json<Errors>(foreign).errors.move_to_stage_id).toEqual([
      'Choose another stage of the same pipeline for its deals.',
    ]);
    const itself = await admin.delete(
      `/api/pipelines/${pipeline.id}/stages/${screening.id}?move_to_stage_id=${screening.id}`,
    );
    expect(itself.statusCode).toBe(422);

    const moved = await admin.delete(
      `/api/pipelines/${pipeline.id}/stages/${screening.id}?move_to_stage_id=${won.id}`,
    );
    expect(moved.statusCode, moved.body).toBe(204);
    expect(await stageNames(pipeline.id)).toEqual(['Sourced', 'Won']);
    const column = json<{ data: Array<{ name: string; position: number }> }>(
      await admin.get(`/api/pipeline-deals?filter[stage_id]=${won.id}&sort=position`),
    ).data;
    expect(column.map((deal) => [deal.name, deal.position])).toEqual([
      ['Gamma', 0],
      ['Alpha', 1],
      ['Beta', 2],
    ]);
    const activity = json<{ data: Array<{ description: string }> }>(
      await admin.get(`/api/pipeline-deals/${a.id}/activity`),
    ).data;
    expect(activity[0]?.description).toBe('Moved from Screening to Won (its stage was removed)');
    expect(b.id).toBeGreaterThan(a.id);

    expect((await admin.delete(`/api/pipelines/${pipeline.id}/stages/${sourced.id}`)).statusCode).toBe(204);
    const last = await admin.delete(
      `/api/pipelines/${pipeline.id}/stages/${won.id}?move_to_stage_id=${won.id}`,
    );
    expect(json<Errors>(last).errors.stage).toEqual([
      'A pipeline keeps at least one stage: add another before removing this one.',
    ]);
  });
});

describe('permissions (spec §6)', () => {
  it('lets roles that may list deals read pipelines, and only pipelines roles change them', async () => {
    const pipeline = await newPipeline('Permission walk', ['Only stage']);
    for (const role of ROLE_IDS) {
      const agent = await t.as(
        role === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, role),
      );
      const read = can(role, 'pipeline_deals', 'index') && role !== ROLES.USER;
      const expectStatus = (status: number, allowed: boolean, ok: number) =>
        expect(status, `role ${role}`).toBe(allowed ? ok : 403);
      expectStatus((await agent.get('/api/pipelines?include=stages')).statusCode, read, 200);
      expectStatus(
        (await agent.get(`/api/pipelines/${pipeline.id}`)).statusCode,
        can(role, 'pipeline_deals', 'show') && role !== ROLES.USER,
        200,
      );
      expectStatus(
        (await agent.get(`/api/pipelines/${pipeline.id}/stages`)).statusCode,
        can(role, 'pipeline_deals', 'show') && role !== ROLES.USER,
        200,
      );
      const change = can(role, 'pipelines', 'update') && role !== ROLES.USER;
      expectStatus(
        (await agent.post('/api/pipelines', {})).statusCode,
        can(role, 'pipelines', 'create') && role !== ROLES.USER,
        422,
      );
      expectStatus(
        (await agent.patch(`/api/pipelines/${pipeline.id}`, { name: '' })).statusCode,
        change,
        422,
      );
      expectStatus(
        (await agent.post(`/api/pipelines/${pipeline.id}/stages`, { name: '' })).statusCode,
        change,
        422,
      );
      expectStatus((await agent.post('/api/pipelines/reorder', { ids: [] })).statusCode, change, 422);
      expectStatus(
        (await agent.delete(`/api/pipelines/${pipeline.id}/stages/999999`)).statusCode,
        change,
        404,
      );
      expectStatus(
        (await agent.delete('/api/pipelines/999999')).statusCode,
        can(role, 'pipelines', 'delete') && role !== ROLES.USER,
        404,
      );
    }
    expect((await t.agent().get('/api/pipelines')).statusCode).toBe(401);
  });
});
