import {
  can,
  opportunityAdminPath,
  opportunityResource,
  ROLE_IDS,
  ROLES,
  type SearchResult,
} from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDeals, pipelines, pipelineStages } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

let t: TestApp;
let dealId: number;
const opportunityIds: Record<number, number> = {};

const results = async (roleId: (typeof ROLE_IDS)[number], q: string) => {
  const agent = await t.as(await createUser(t.ctx.db, { role_id: roleId }));
  const response = await agent.get(`/api/search?q=${encodeURIComponent(q)}`);
  return { status: response.statusCode, data: (JSON.parse(response.body) as { data?: SearchResult[] }).data };
};

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.ctx.db, { name: 'Quokka Investor' });
  const [pipeline] = await t.ctx.db.insert(pipelines).values({ name: 'Quokka pipeline' }).returning();
  if (!pipeline) throw new Error('no pipeline');
  const [stage] = await t.ctx.db
    .insert(pipelineStages)
    .values({ pipeline_id: pipeline.id, name: 'Sourced' })
    .returning();
  if (!stage) throw new Error('no stage');
  const [deal] = await t.ctx.db
    .insert(pipelineDeals)
    .values({
      pipeline_id: pipeline.id,
      stage_id: stage.id,
      name: 'Quokka seed round',
      company_name: 'Quokka Ltd',
    })
    .returning();
  if (!deal) throw new Error('no deal');
  dealId = deal.id;
  for (const status of [1, 3, 5])
    opportunityIds[status] = (
      await createOpportunity(t.ctx.db, {
        status,
        name: `Quokka raise ${status}`,
        company_name: 'Quokka Ltd',
      })
    ).id;
});
afterAll(() => t.close());

describe('GET /api/search over investment records', () => {
  it('finds deals and opportunities by name or company, each linking to its stage’s page', async () => {
    const { data } = await results(ROLES.SUPER_ADMIN, 'quokka');
    expect(data?.map((result) => [result.type, result.name, result.url])).toEqual([
      ['investor', 'Quokka Investor', expect.stringMatching(/^\/admin\/investors\/\d+\/details$/)],
      ['pipeline_deal', 'Quokka seed round', `/admin/investments/deals/${dealId}/key-information`],
      ['opportunity', 'Quokka raise 1', `/admin/investments/opportunities/${opportunityIds[1]}/edit`],
      ['opportunity', 'Quokka raise 3', `/admin/investments/opportunities/${opportunityIds[3]}/details`],
      ['opportunity', 'Quokka raise 5', `/admin/investments/existing/${opportunityIds[5]}/details`],
    ]);
    expect(data?.find((result) => result.type === 'opportunity')).toMatchObject({
      email: null,
      detail: 'Quokka Ltd',
    });
  });

  it('shows each role only the kinds spec §6 lets it list', async () => {
    for (const roleId of ROLE_IDS) {
      const { status, data } = await results(roleId, 'quokka');
      if (roleId === ROLES.USER) {
        expect(status).toBe(403);
        continue;
      }
      expect(status).toBe(200);
      const kinds = new Set(data?.map((result) => result.type));
      expect(kinds.has('investor'), `role ${roleId} investors`).toBe(can(roleId, 'investors', 'index'));
      expect(kinds.has('pipeline_deal'), `role ${roleId} deals`).toBe(can(roleId, 'pipeline_deals', 'index'));
      const stages = (data ?? [])
        .filter((result) => result.type === 'opportunity')
        .map((result) => result.url);
      const expected = [1, 3, 5]
        .filter((stage) => can(roleId, opportunityResource(stage), 'index'))
        .map((stage) => opportunityAdminPath(opportunityIds[stage] ?? 0, stage));
      expect(stages, `role ${roleId} opportunities`).toEqual(expected);
    }
    // The Entrepreneur lists deals and opportunities, never investors.
    const entrepreneur = await results(ROLES.ENTREPRENEUR, 'quokka');
    expect(entrepreneur.data?.map((result) => result.type)).toEqual([
      'pipeline_deal',
      'opportunity',
      'opportunity',
      'opportunity',
    ]);
  });

  it('answers nothing below two characters', async () => {
    expect((await results(ROLES.CUSTODIAN, 'q')).data).toEqual([]);
    const agent = await t.as(await createStaff(t.ctx.db, ROLES.CREATOR));
    expect((await agent.get('/api/search?q=quokka')).statusCode).toBe(200);
  });
});
