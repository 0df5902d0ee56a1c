import { ROLES } from '@portico/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, portfolioSettings } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let manager: Agent;
let investor: Agent;

type Setting = {
  id: number;
  kind: string;
  key: string;
  position: number;
  shown: boolean;
  label: string | null;
  default_label: string;
};
type Layout = { columns: { key: string; label: string }[]; stats: { key: string; label: string }[] };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;
const put = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ url, method: 'PUT', payload: payload as string });

const DEFAULT_COLUMNS = [
  'company',
  'date',
  'invested',
  'shares',
  'value',
  'multiple',
  'irr',
  'realised',
  'unrealised',
];
const DEFAULT_STATS = ['invested', 'value', 'realised', 'unrealised', 'multiple', 'irr'];

const columns = async () => data<Setting[]>(await admin.get('/api/settings/portfolio-columns'));
const layout = async () => data<{ layout: Layout }>(await investor.get('/api/portfolio')).layout;

/** Back to the seeded defaults: every test starts from what a new deployment has. */
async function reset() {
  const keys = [
    'company',
    'date',
    'invested',
    'shares',
    'value',
    'multiple',
    'irr',
    'realised',
    'unrealised',
  ];
  const columnChoices = [...keys, 'price', 'gain'].map((key) => ({ key, shown: keys.includes(key) }));
  expect((await put(admin, '/api/settings/portfolio-columns', { columns: columnChoices })).statusCode).toBe(
    200,
  );
  const statChoices = [...DEFAULT_STATS, 'gain', 'holdings'].map((key) => ({
    key,
    shown: DEFAULT_STATS.includes(key),
  }));
  expect((await put(admin, '/api/settings/portfolio-stats', { stats: statChoices })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
  investor = await t.as(await createUser(t.ctx.db));
});
afterAll(() => t.close());

describe('the seeded defaults', () => {
  it('are what the portfolio page showed before: nine columns and six figures, labelled by the terminology', async () => {
    const all = await columns();
    expect(all.map((column) => column.key)).toEqual([...DEFAULT_COLUMNS, 'price', 'gain']);
    expect(all.filter((column) => column.shown).map((column) => column.key)).toEqual(DEFAULT_COLUMNS);
    expect(all[0]).toMatchObject({ kind: 'column', label: null, default_label: 'Company', position: 0 });
    expect(all.find((column) => column.key === 'date')?.default_label).toBe('Date invested');

    const stats = data<Setting[]>(await admin.get('/api/settings/portfolio-stats'));
    expect(stats.filter((stat) => stat.shown).map((stat) => stat.key)).toEqual(DEFAULT_STATS);
    expect(stats.map((stat) => stat.key)).toEqual([...DEFAULT_STATS, 'gain', 'holdings']);

    const shown = await layout();
    expect(shown.columns.map((column) => column.key)).toEqual(DEFAULT_COLUMNS);
    expect(shown.columns[6]).toEqual({ key: 'irr', label: 'IRR' });
    expect(shown.stats.map((stat) => stat.key)).toEqual(DEFAULT_STATS);
  });
});

describe('choosing, ordering and labelling', () => {
  beforeEach(reset);

  it('round-trips a new order, hidden columns and a label, and the investor’s portfolio follows it', async () => {
    const response = await put(admin, '/api/settings/portfolio-columns', {
      columns: [
        { key: 'value', shown: true, label: 'Worth today' },
        { key: 'company', shown: true },
        { key: 'shares', shown: false },
        { key: 'gain', shown: true, label: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved = data<Setting[]>(response);
    // the listed ones first, then the rest in their order with their state
    expect(saved.map((column) => column.key)).toEqual([
      'value',
      'company',
      'shares',
      'gain',
      'date',
      'invested',
      'multiple',
      'irr',
      'realised',
      'unrealised',
      'price',
    ]);
    expect(saved.map((column) => column.position)).toEqual(saved.map((_, index) => index));
    expect(await columns()).toEqual(saved);
    expect(saved[0]).toMatchObject({ label: 'Worth today', default_label: 'Current value' });

    const shown = await layout();
    expect(shown.columns.slice(0, 4)).toEqual([
      { key: 'value', label: 'Worth today' },
      { key: 'company', label: 'Company' },
      { key: 'gain', label: 'Gain' },
      { key: 'date', label: 'Date invested' },
    ]);
    expect(shown.columns.map((column) => column.key)).not.toContain('shares');
    expect(shown.columns.map((column) => column.key)).not.toContain('price');

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'portfolio_columns.updated'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toMatchObject({
      columns: expect.arrayContaining([{ key: 'value', shown: true, label: 'Worth today' }]) as unknown,
    });
    expect(audit?.before).toMatchObject({
      columns: expect.arrayContaining([{ key: 'shares', shown: true, label: null }]) as unknown,
    });
  });

  it('orders, hides and relabels the headline figures, and may hide them all', async () => {
    const response = await put(admin, '/api/settings/portfolio-stats', {
      stats: [
        { key: 'holdings', shown: true, label: 'Companies held' },
        { key: 'multiple', shown: true, label: 'TVPI' },
        { key: 'invested', shown: false },
        { key: 'value', shown: false },
        { key: 'realised', shown: false },
        { key: 'unrealised', shown: false },
        { key: 'irr', shown: false },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect((await layout()).stats).toEqual([
      { key: 'holdings', label: 'Companies held' },
      { key: 'multiple', label: 'TVPI' },
    ]);
    const none = await put(admin, '/api/settings/portfolio-stats', {
      stats: [
        { key: 'holdings', shown: false },
        { key: 'multiple', shown: false },
      ],
    });
    expect(none.statusCode).toBe(200);
    expect((await layout()).stats).toEqual([]);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'portfolio_stats.updated'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.actor_id).not.toBeNull();
  });

  it('edits one column with GET and PATCH /api/settings/portfolio-columns/{id}', async () => {
    const irr = (await columns()).find((column) => column.key === 'irr');
    if (!irr) throw new Error('no irr column');
    const one = await admin.get(`/api/settings/portfolio-columns/${irr.id}`);
    expect(data<Setting>(one)).toMatchObject({ key: 'irr', shown: true, label: null });

    const renamed = await admin.patch(`/api/settings/portfolio-columns/${irr.id}`, {
      label: '  Annual return  ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(data<Setting>(renamed)).toMatchObject({ label: 'Annual return', shown: true });
    expect((await layout()).columns).toContainEqual({ key: 'irr', label: 'Annual return' });

    const hidden = await admin.patch(`/api/settings/portfolio-columns/${irr.id}`, {
      shown: false,
      label: null,
    });
    expect(data<Setting>(hidden)).toMatchObject({ label: null, shown: false, default_label: 'IRR' });
    expect((await layout()).columns.map((column) => column.key)).not.toContain('irr');

    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portfolio_column.updated'), eq(auditLog.subject_id, irr.id)));
    expect(rows).toHaveLength(2);
  });

  it('labels follow the terminology until staff set their own', async () => {
    const changed = await admin.post('/api/branding', { navigation: { column_company: 'Investee' } });
    expect(changed.statusCode).toBeLessThan(300);
    expect((await layout()).columns[0]).toEqual({ key: 'company', label: 'Investee' });
    expect((await columns())[0]?.default_label).toBe('Investee');
    await admin.post('/api/branding', { navigation: { column_company: 'Company' } });
  });
});

describe('refusals', () => {
  beforeEach(reset);

  it('answers 422 with the field for unknown and repeated keys, no column shown and bad labels', async () => {
    const unknown = await put(admin, '/api/settings/portfolio-columns', {
      columns: [{ key: 'favourite_colour', shown: true }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(unknown).errors)).toEqual(['columns.0.key']);

    const twice = await put(admin, '/api/settings/portfolio-columns', {
      columns: [
        { key: 'company', shown: true },
        { key: 'company', shown: false },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(json<Errors>(twice).errors['columns.1.key']).toEqual(['The company entry is listed twice.']);

    const noneShown = await put(admin, '/api/settings/portfolio-columns', {
      columns: (await columns()).map((column) => ({ key: column.key, shown: false })),
    });
    expect(noneShown.statusCode).toBe(422);
    expect(json<Errors>(noneShown).errors.columns).toEqual(['At least one column must be shown.']);

    const empty = await put(admin, '/api/settings/portfolio-columns', {
      columns: [{ key: 'company', shown: true, label: '   ' }],
    });
    expect(empty.statusCode).toBe(422);
    expect(json<Errors>(empty).errors).toHaveProperty(['columns.0.label']);
    const long = await put(admin, '/api/settings/portfolio-stats', {
      stats: [{ key: 'value', shown: true, label: 'x'.repeat(61) }],
    });
    expect(long.statusCode).toBe(422);
    expect(json<Errors>(long).errors).toHaveProperty(['stats.0.label']);
    const unknownStat = await put(admin, '/api/settings/portfolio-stats', {
      stats: [{ key: 'company', shown: true }],
    });
    expect(unknownStat.statusCode).toBe(422);

    // nothing was changed by any of them
    expect((await columns()).filter((column) => column.shown).map((column) => column.key)).toEqual(
      DEFAULT_COLUMNS,
    );
  });

  it('refuses to hide the last column shown, and answers 404 for a figure’s id or no such id', async () => {
    const all = await columns();
    const [first, ...rest] = all;
    if (!first) throw new Error('no columns');
    expect(
      (
        await put(admin, '/api/settings/portfolio-columns', {
          columns: [
            { key: first.key, shown: true },
            ...rest.map((column) => ({ key: column.key, shown: false })),
          ],
        })
      ).statusCode,
    ).toBe(200);
    const last = await admin.patch(`/api/settings/portfolio-columns/${first.id}`, { shown: false });
    expect(last.statusCode).toBe(422);
    expect(json<Errors>(last).errors.shown).toEqual(['At least one column must be shown.']);
    expect(
      (await admin.patch(`/api/settings/portfolio-columns/${first.id}`, { label: 'x'.repeat(61) }))
        .statusCode,
    ).toBe(422);

    const [stat] = await t.ctx.db.select().from(portfolioSettings).where(eq(portfolioSettings.kind, 'stat'));
    expect((await admin.get(`/api/settings/portfolio-columns/${stat?.id ?? 0}`)).statusCode).toBe(404);
    expect(
      (await admin.patch(`/api/settings/portfolio-columns/${stat?.id ?? 0}`, { shown: true })).statusCode,
    ).toBe(404);
    expect((await admin.get('/api/settings/portfolio-columns/999999')).statusCode).toBe(404);
  });

  it('keeps the settings to staff who manage the branding: investors and other staff get 403', async () => {
    const [column] = await columns();
    const calls = (agent: Agent) => [
      agent.get('/api/settings/portfolio-columns'),
      put(agent, '/api/settings/portfolio-columns', { columns: [{ key: 'company', shown: true }] }),
      agent.get(`/api/settings/portfolio-columns/${column?.id ?? 0}`),
      agent.patch(`/api/settings/portfolio-columns/${column?.id ?? 0}`, { label: 'Mine' }),
      agent.get('/api/settings/portfolio-stats'),
      put(agent, '/api/settings/portfolio-stats', { stats: [{ key: 'value', shown: false }] }),
    ];
    for (const agent of [investor, manager])
      expect((await Promise.all(calls(agent))).map((response) => response.statusCode)).toEqual(
        Array(6).fill(403),
      );
    expect((await t.agent().get('/api/settings/portfolio-columns')).statusCode).toBe(401);
    expect((await columns())[0]?.label).toBeNull();
  });
});
