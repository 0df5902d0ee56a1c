import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/** Issue 8, item 5: a path id is a plain positive decimal integer; anything else is a 404. */
let t: TestApp;
let admin: Agent;
let investorId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  investorId = (await createUser(t.ctx.db, { role_id: ROLES.USER })).id;
});
afterAll(() => t.close());

const LOOSE = (id: number) => [
  `0x${id.toString(16)}`,
  `0${id}`,
  `+${id}`,
  `${id}.0`,
  `%20${id}`,
  `${id}%20`,
  `${id}e0`,
  '1e1',
  '0',
  '-1',
  '9999999999999999999999',
  '9223372036854775807',
  '9007199254740993',
];

describe('path ids', () => {
  it('reads the plain id', async () => {
    expect((await admin.get(`/api/investors/${investorId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/investors/${investorId}/notes`)).statusCode).toBe(200);
  });

  it('answers 404 for every other spelling, on records and their sub-resources', async () => {
    for (const id of LOOSE(investorId)) {
      for (const url of [`/api/investors/${id}`, `/api/investors/${id}/notes`, `/api/nominees/${id}`]) {
        const response = await admin.get(url);
        expect(response.statusCode, url).toBe(404);
        expect(JSON.parse(response.body), url).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
  });
});
