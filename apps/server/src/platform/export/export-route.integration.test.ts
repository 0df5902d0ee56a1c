import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { csvLines, xlsxSheet } from '../../test/exports';
import { createTestApp, enableAllFeatures, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  // Every list that has an export, the nominees' and the others behind a feature too.
  await enableAllFeatures(admin);
});
afterAll(() => t.close());

/**
 * The list exports: every GET …/export but the WIP report's, which is a document of fixed sections (Excel
 * or PDF, its own and a saved snapshot's), not a list with columns to choose.
 */
const exportPaths = () =>
  t.app.routeRegistry
    .filter((route) => route.method === 'GET' && route.url.endsWith('/export'))
    .map((route) => route.url)
    .filter((url) => !url.startsWith('/api/reports/wip'));

describe('list exports', () => {
  it('answers every export asked for columns the list does not have with a 422 on columns', async () => {
    const paths = exportPaths();
    expect(paths.length).toBeGreaterThanOrEqual(14);
    for (const path of paths) {
      // None recognised (an Excel export of no columns answered 500), then one unknown among a known one
      // (the first the answer offers: not every list has a name).
      let known = '';
      for (const query of ['format=xlsx&columns=nonsense', 'format=csv&columns=nonsense,']) {
        const response = await admin.get(`${path}?${query}${known}`);
        expect(response.statusCode, `${path}?${query}${known}: ${response.body.slice(0, 200)}`).toBe(422);
        const body = JSON.parse(response.body) as { errors: { columns: string[] } };
        const message = body.errors.columns[0] ?? '';
        expect(message).toMatch(/^This list has no column “nonsense”: choose from \w+/);
        known = /choose from (\w+)/.exec(message)?.[1] ?? '';
      }
    }
  });

  it('writes phone numbers and formula-like text as plain text cells, on a worker thread', async () => {
    const created = await admin.post('/api/contacts', {
      first_name: '=HYPERLINK("http://evil")',
      last_name: 'Exported',
      email: 'exported@example.test',
      phone: '+44 20 7946 0000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = t.ctx.workers.started;
    const query = 'filter[search]=exported@example.test&columns=name,phone';
    const sheet = await xlsxSheet(await admin.get(`/api/contacts/export?format=xlsx&${query}`), 'contacts');
    expect(sheet.rows).toEqual([
      ['Name', 'Phone'],
      ['=HYPERLINK("http://evil") Exported', '+44 20 7946 0000'],
    ]);
    const lines = csvLines(await admin.get(`/api/contacts/export?format=csv&${query}`), 'contacts');
    expect(lines).toEqual(['Name,Phone', `"'=HYPERLINK(""http://evil"") Exported",+44 20 7946 0000`]);
    expect(t.ctx.workers.started).toBe(before + 2);
  });

  it('answers 503 with Retry-After, not 500, to an export cut off because the server is stopping', async () => {
    // A second node of the same deployment, stopping: its worker threads are closed.
    const stopping = await createTestApp({}, { shareDatabaseWith: t });
    try {
      const agent = await stopping.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
      await stopping.ctx.workers.close();
      for (const format of ['csv', 'xlsx']) {
        const response = await agent.get(`/api/contacts/export?format=${format}`);
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(JSON.parse(response.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      await stopping.close();
    }
  });
});
