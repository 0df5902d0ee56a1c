import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/** Issue 8, item 2: a lone UTF-16 surrogate is refused on its field like NUL, never a 500. */
let t: TestApp;
let admin: Agent;
let investorId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  investorId = (await createUser(t.ctx.db, { role_id: ROLES.USER })).id;
});
afterAll(() => t.close());

/** JSON text with escapes JSON.stringify would never write: `\ud800` alone is a lone surrogate. */
const rawJson = (text: string) => ({
  headers: { 'content-type': 'application/json' },
  payload: text,
});

const NOT_ALLOWED = (attribute: string) => `The ${attribute} field contains a character that is not allowed.`;

describe('lone surrogates in request text', () => {
  it('answers 422 on the field for lead status names, note bodies and task titles', async () => {
    const cases = [
      { url: '/api/lead-statuses', json: '{"name":"bad \\ud800 text"}', field: 'name' },
      { url: '/api/lead-statuses', json: '{"name":"low \\udfff alone"}', field: 'name' },
      { url: `/api/investors/${investorId}/notes`, json: '{"body":"bad \\ud800 text"}', field: 'body' },
      { url: `/api/investors/${investorId}/tasks`, json: '{"title":"bad \\udbff"}', field: 'title' },
      {
        url: `/api/investors/${investorId}/tasks`,
        json: '{"title":"fine","description":"reversed \\udc00\\ud800 pair"}',
        field: 'description',
      },
    ];
    for (const { url, json, field } of cases) {
      const response = await admin.request({ method: 'POST', url, ...rawJson(json) });
      expect(response.statusCode, `${url} ${json}: ${response.body}`).toBe(422);
      const body = JSON.parse(response.body) as { errors: Record<string, string[]> };
      expect(body.errors[field]?.[0], json).toMatch(/contains a character that is not allowed\.$/);
    }
    const nul = await admin.request({
      method: 'POST',
      url: '/api/lead-statuses',
      ...rawJson('{"name":"nul \\u0000 here"}'),
    });
    expect(JSON.parse(nul.body)).toMatchObject({ errors: { name: [NOT_ALLOWED('name')] } });
  });

  it('answers 422 for a lone surrogate in a key, and still stores a real pair (an emoji)', async () => {
    const key = await admin.request({
      method: 'POST',
      url: '/api/lead-statuses',
      ...rawJson('{"name":"Key","\\ud800":"x"}'),
    });
    expect(key.statusCode).toBe(422);
    const emoji = await admin.request({
      method: 'POST',
      url: '/api/lead-statuses',
      ...rawJson('{"name":"Hot \\ud83d\\udd25"}'),
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(JSON.parse(emoji.body)).toMatchObject({ data: { name: 'Hot 🔥' } });
  });
});
