import { can, isStaffRole, ROLES, type RoleId } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { agentsByRole, data, expected, json, type Errors } from './test-helpers';

let t: TestApp;
let admin: Agent;
let agents: Map<RoleId, Agent>;

type Kpi = { id: number; name: string; unit: string; position: number; category: { name: string } };

async function category(name: string) {
  const response = await admin.post('/api/kpi-categories', { name });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<{ id: number }>(response).id;
}

async function kpi(name: string, kpi_category_id: number, unit = 'currency') {
  const response = await admin.post('/api/kpis', { name, kpi_category_id, unit });
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Kpi>(response);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  agents = await agentsByRole(t);
});
afterAll(() => t.close());

describe('KPI definitions', () => {
  it('lists by category then position, moves, reorders and deletes', async () => {
    const financial = await category('Financial');
    const team = await category('Team');
    const revenue = await kpi('Revenue', financial);
    const headcount = await kpi('Headcount', team, 'number');
    const burn = await kpi('Monthly burn', financial);
    expect([revenue.position, burn.position, headcount.position]).toEqual([0, 1, 0]);
    const list = json<{ data: Kpi[] }>(await admin.get('/api/kpis'));
    expect(list.data.map((item) => `${item.category.name}: ${item.name}`)).toEqual([
      'Financial: Revenue',
      'Financial: Monthly burn',
      'Team: Headcount',
    ]);
    const reordered = await admin.post('/api/kpis/reorder', {
      kpi_category_id: financial,
      ids: [burn.id, revenue.id],
    });
    expect(data<Kpi[]>(reordered).map((item) => item.name)).toEqual(['Monthly burn', 'Revenue']);

    const moved = await admin.patch(`/api/kpis/${burn.id}`, {
      kpi_category_id: team,
      description: 'Net cash out per month',
    });
    expect(data<Kpi>(moved)).toMatchObject({
      category: { name: 'Team' },
      position: 1,
      description: 'Net cash out per month',
    });

    const inUse = await admin.delete(`/api/kpi-categories/${financial}`);
    expect(json<Errors>(inUse).errors).toEqual({ id: ['Used by 1 KPI: change them first.'] });
    expect((await admin.delete(`/api/kpis/${revenue.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/kpi-categories/${financial}`)).statusCode).toBe(204);
  });

  it('answers field errors: unit, category and a duplicate name', async () => {
    const cash = await category('Cash');
    await kpi('Cash runway', cash, 'number');
    const response = await admin.post('/api/kpis', { name: 'Churn', kpi_category_id: 999999, unit: 'stars' });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).errors.unit).toEqual([
      'The unit field must be currency, number, percentage or text.',
    ]);
    const noCategory = await admin.post('/api/kpis', {
      name: 'Churn',
      kpi_category_id: 999999,
      unit: 'percentage',
    });
    expect(json<Errors>(noCategory).errors).toEqual({
      kpi_category_id: ['The selected KPI category is invalid.'],
    });
    const duplicate = await admin.post('/api/kpis', {
      name: 'CASH RUNWAY',
      kpi_category_id: cash,
      unit: 'number',
    });
    expect(json<Errors>(duplicate).errors).toEqual({ name: ['A KPI with that name already exists.'] });
  });

  it('lets every staff role read them and only the attributes roles change them', async () => {
    const home = await category('Permission probes');
    for (const [role, agent] of agents) {
      const allowed = (action: 'create' | 'update' | 'delete') => can(role, 'attributes', action);
      const label = `role ${role}`;
      expect((await agent.get('/api/kpis')).statusCode, label).toBe(expected(isStaffRole(role), 200));
      const mine = await kpi(`Probe ${role}`, home);
      expect((await agent.get(`/api/kpis/${mine.id}`)).statusCode, label).toBe(
        expected(isStaffRole(role), 200),
      );
      const created = await agent.post('/api/kpis', {
        name: `New ${role}`,
        kpi_category_id: home,
        unit: 'text',
      });
      expect(created.statusCode, label).toBe(expected(allowed('create'), 201));
      expect((await agent.patch(`/api/kpis/${mine.id}`, { unit: 'percentage' })).statusCode, label).toBe(
        expected(allowed('update'), 200),
      );
      const ids = json<{ data: Kpi[] }>(
        await admin.get(`/api/kpis?filter[kpi_category_id]=${home}&per_page=100`),
      ).data.map((item) => item.id);
      expect(
        (await agent.post('/api/kpis/reorder', { kpi_category_id: home, ids: ids.reverse() })).statusCode,
        label,
      ).toBe(expected(allowed('update'), 200));
      expect((await agent.delete(`/api/kpis/${mine.id}`)).statusCode, label).toBe(
        expected(allowed('delete'), 204),
      );
    }
  });
});
