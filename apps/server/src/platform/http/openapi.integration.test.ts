import { readFileSync } from 'node:fs';
import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../cli/openapi';
import { createStaff } from '../../test/factories';
import type { OpenApiDocument, Parameter } from '../../test/fuzz-payloads';
import { seedFuzzRecords, type FuzzRecords } from '../../test/fuzz-records';
import { createTestApp, enableAllFeatures, type Agent, type TestApp } from '../../test/test-app';
import type { Access } from '../auth/access';

/**
 * docs/openapi.json says what the server enforces: each operation the access its route declares (the
 * kernel checks it before anything else), and each list operation the very names its list-query parser
 * allows (API-CONTRACT.md §2), asked of the running server.
 */

const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);

let t: TestApp;
let admin: Agent;
let investor: Agent;
let records: FuzzRecords;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
  records = await seedFuzzRecords(t, adminUser, admin);
  investor = await t.as(records.investor);
  // Lists behind a feature answer 404 while it is off.
  await enableAllFeatures(admin);
});
afterAll(() => t.close());

/** The Pusher protocol's WebSocket (API-CONTRACT.md §4) is no HTTP operation: the document leaves it out. */
const UNDOCUMENTED = new Set(['GET /app/{key}']);

/** A session unless public; the XSRF header on every method that changes something. */
function expectedSecurity(access: Access, method: string) {
  const requirement = {
    ...(access.kind === 'public' ? {} : { session: [] }),
    ...(['GET', 'HEAD', 'OPTIONS'].includes(method) ? {} : { xsrf: [] }),
  };
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

describe('each operation’s stated access', () => {
  it('is the access its route declares, in words, as x-access and as its security', () => {
    const declared: string[] = [];
    for (const route of t.app.routeRegistry) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const where = `${route.method} ${path}`;
      if (UNDOCUMENTED.has(where)) continue;
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${where} is in the document`).toBeDefined();
      expect(operation?.['x-access'], where).toEqual(route.access);
      // The rules a route adds before the body is read are stated too.
      expect(operation?.['x-access-also'] ?? [], where).toEqual(route.also);
      expect(operation?.description, where).toMatch(/Access: [^\n]+\.$/);
      expect(operation?.security, where).toEqual(expectedSecurity(route.access, route.method));
      declared.push(where);
    }
    // Nothing in the document claims an access that no route declares.
    const stated = operations
      .filter(({ operation }) => operation['x-access'] !== undefined)
      .map(({ method, path }) => `${method} ${path}`);
    expect(stated.sort()).toEqual(declared.sort());
  });
});

/** The names a 400 from the list-query parser lists as allowed (none: "There are no allowed …"). */
function allowedIn(body: string): string[] {
  const { message } = JSON.parse(body) as { message: string };
  const names = /Allowed \w+\(s\) are `([^`]*)`/.exec(message)?.[1];
  return names === undefined ? [] : names.split(', ');
}

/** The names a list parameter's schema allows (its items' enum, all strings). */
const documented = (parameters: Parameter[], name: string) =>
  (parameters.find((parameter) => parameter.name === name)?.schema?.items?.enum ?? []).map(String);

describe('each list operation’s parameters', () => {
  it('are never JSON Schema keywords (a record schema flattened into parameters)', () => {
    const names = operations.flatMap(({ operation }) => (operation.parameters ?? []).map((p) => p.name));
    for (const keyword of ['type', 'propertyNames', 'additionalProperties', 'properties'])
      expect(names).not.toContain(keyword);
  });

  it('are the names its list-query parser allows, and page and per_page where it pages', async () => {
    // A query in the list grammar: comma-separated lists, not exploded into repeated names.
    const lists = operations.filter(
      ({ method, operation }) =>
        method === 'GET' &&
        (operation.parameters ?? []).some((p) => p.style === 'form' && p.explode === false),
    );
    expect(lists.length).toBeGreaterThan(40);
    for (const { path, operation } of lists) {
      const parameters = operation.parameters ?? [];
      const agent = operation['x-access']?.kind === 'investor' ? investor : admin;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => records.idFor(path, name));
      const ask = async (query: string) => {
        const response = await agent.get(`${url}?${query}`);
        expect(response.statusCode, `${path}?${query}: ${response.body}`).toBe(400);
        return allowedIn(response.body);
      };
      const filters = parameters.flatMap((p) => /^filter\[(.+)\]$/.exec(p.name)?.[1] ?? []);
      expect(await ask('filter[zz_probe]=1'), `${path} filters`).toEqual(filters);
      const sorts = documented(parameters, 'sort').filter((name) => !name.startsWith('-'));
      expect(await ask('sort=zz_probe'), `${path} sorts`).toEqual(sorts);

      // A file export reads only the filters and the sort; a list answers in the shape asked for.
      const isExport = path.endsWith('/export');
      if (!isExport) {
        expect(await ask('include=zz_probe'), `${path} includes`).toEqual(documented(parameters, 'include'));
        const fields = parameters.find((p) => p.name.startsWith('fields['));
        const table = /^fields\[(.+)\]$/.exec(fields?.name ?? '')?.[1];
        expect(await ask('fields[zz_probe]=x'), `${path} fields`).toEqual(
          documented(parameters, fields?.name ?? '').map((name) => `${table ?? ''}.${name}`),
        );
        expect(await ask('append=zz_probe'), `${path} appends`).toEqual(documented(parameters, 'append'));
      }

      const plain = await agent.get(url);
      expect(plain.statusCode, `${path}: ${plain.body.slice(0, 200)}`).toBe(200);
      const paged =
        parameters.some((p) => p.name === 'page') && parameters.some((p) => p.name === 'per_page');
      const meta = isExport ? undefined : (JSON.parse(plain.body) as { meta?: { per_page?: number } }).meta;
      expect(meta?.per_page !== undefined, `${path} pages`).toBe(paged);
    }
  });
});
