import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { NOTHING_TO_CHANGE } from './kernel';

/** Issue 8, item 3: a PATCH (or PUT) with no known field is one 422 everywhere, never a 500. */
let t: TestApp;
let admin: Agent;
let investorId: number;
let documentId: number;
let noteId: number;
let taskId: number;
let leadStatusId: number;
let staffId: number;

const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  investorId = (await createUser(t.ctx.db, { role_id: ROLES.USER })).id;
  staffId = (await createStaff(t.ctx.db, ROLES.ADVISER)).id;
  const { payload, headers } = multipartBody(
    {},
    { files: { name: 'passport.png', type: 'image/png', body: PNG_1PX } },
  );
  const uploaded = await admin.post(`/api/investors/${investorId}/documents`, payload, { headers });
  documentId = json<{ data: Array<{ id: number }> }>(uploaded).data[0]?.id ?? 0;
  noteId = json<{ data: { id: number } }>(
    await admin.post(`/api/investors/${investorId}/notes`, { body: 'A note' }),
  ).data.id;
  taskId = json<{ data: { id: number } }>(
    await admin.post(`/api/investors/${investorId}/tasks`, { title: 'A task' }),
  ).data.id;
  leadStatusId = json<{ data: { id: number } }>(await admin.post('/api/lead-statuses', { name: 'Warm' })).data
    .id;
});
afterAll(() => t.close());

describe('PATCH with nothing to change', () => {
  it('answers 422 with one message on every kind of record', async () => {
    const urls = [
      `/api/investors/${investorId}/documents/${documentId}`,
      `/api/investors/${investorId}/tasks/${taskId}`,
      `/api/investors/${investorId}`,
      `/api/lead-statuses/${leadStatusId}`,
      `/api/admin-accounts/${staffId}`,
    ];
    for (const url of urls) {
      for (const payload of [{}, { unknown_field: 'x', another: 1 }]) {
        const response = await admin.patch(url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(422);
        expect(json(response)).toEqual({
          message: NOTHING_TO_CHANGE,
          code: 'VALIDATION_FAILED',
          errors: { body: [NOTHING_TO_CHANGE] },
        });
      }
    }
    // A note's one field is required, so an empty note PATCH fails on that field first.
    const note = await admin.patch(`/api/investors/${investorId}/notes/${noteId}`, { unknown: 1 });
    expect(note.statusCode).toBe(422);
    expect(json(note)).toMatchObject({ errors: { body: ['The body field is required.'] } });
    // The same through method spoofing, and with only the fields the kernel itself reads.
    const spoofed = await admin.post(`/api/investors/${investorId}/documents/${documentId}`, {
      _method: 'PATCH',
    });
    expect(spoofed.statusCode, spoofed.body).toBe(422);
  });

  it('still changes a record when one known field is given', async () => {
    const renamed = await admin.patch(`/api/investors/${investorId}/documents/${documentId}`, {
      name: 'Passport scan',
      unknown_field: 'ignored',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed)).toMatchObject({ data: { name: 'Passport scan' } });
  });

  it('lets a branding PATCH that carries only a file through', async () => {
    const { payload, headers } = multipartBody(
      { _method: 'PATCH' },
      { logo: { name: 'logo.png', type: 'image/png', body: PNG_1PX } },
    );
    const response = await admin.post('/api/branding/1', payload, { headers });
    expect(response.statusCode, response.body).toBe(200);
    const empty = multipartBody({ _method: 'PATCH' });
    const nothing = await admin.post('/api/branding/1', empty.payload, { headers: empty.headers });
    expect(nothing.statusCode, nothing.body).toBe(422);
  });

  it('answers 422 to a PATCH of a record that takes no file, when it carries only a file', async () => {
    const { payload, headers } = multipartBody(
      {},
      { file: { name: 'other.png', type: 'image/png', body: PNG_1PX } },
    );
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/investors/${investorId}/documents/${documentId}`,
      payload,
      headers,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response)).toMatchObject({ errors: { body: [NOTHING_TO_CHANGE] } });
  });
});
