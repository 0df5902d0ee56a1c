import { MAX_PAGE, ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/** Issue 8, item 4: page numbers nobody can reach are an empty page or page 1 (§2.1), never a 500. */
let t: TestApp;
let admin: Agent;
let investorId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  investorId = (await createUser(t.ctx.db, { role_id: ROLES.USER })).id;
});
afterAll(() => t.close());

interface Page {
  data: unknown[];
  meta: { current_page: number; per_page: number; from: number | null; to: number | null; total: number };
}

const LISTS = () => [
  '/api/investors',
  '/api/contacts',
  '/api/admin-accounts',
  '/api/organisations',
  '/api/tasks',
  '/api/mail-outbox',
  `/api/investors/${investorId}/activity`,
];

describe('huge and malformed page numbers on list endpoints', () => {
  it('reads a page past every safe offset as an empty last page with sound meta', async () => {
    for (const list of LISTS()) {
      for (const page of ['99999999999999999999', '9'.repeat(400), '9007199254740991']) {
        const response = await admin.get(`${list}?page=${page}`);
        expect(response.statusCode, `${list} page ${page}: ${response.body}`).toBe(200);
        const body = JSON.parse(response.body) as Page;
        expect(body.data, list).toEqual([]);
        expect(body.meta, list).toMatchObject({ current_page: MAX_PAGE, from: null, to: null });
      }
    }
  });

  it('reads a page or per_page that is not an integer ≥ 1 as the default', async () => {
    for (const list of LISTS()) {
      for (const query of [
        'page=1e308',
        'page=-1',
        'page=4.0',
        'per_page=-1',
        'per_page=1e400',
        'page=0x10',
      ]) {
        const response = await admin.get(`${list}?${query}`);
        expect(response.statusCode, `${list}?${query}: ${response.body}`).toBe(200);
        const body = JSON.parse(response.body) as Page;
        expect(body.meta.current_page, `${list}?${query}`).toBe(1);
        expect(body.meta.per_page, `${list}?${query}`).toBeGreaterThanOrEqual(15);
      }
      const huge = await admin.get(`${list}?per_page=99999999999999999999`);
      expect(huge.statusCode, list).toBe(200);
      expect((JSON.parse(huge.body) as Page).meta.per_page, list).toBe(100);
    }
  });
});
