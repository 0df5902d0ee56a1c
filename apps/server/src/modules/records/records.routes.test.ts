import { ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, NOT_AN_IMAGE, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let investor: UserRow;
let investorAgent: Agent;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
type Doc = {
  id: number;
  name: string;
  visibility: string;
  url: string;
  uploaded_by: { name: string } | null;
};

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  admin = await t.as(adminUser);
  investor = await createUser(t.ctx.db, { name: 'Ivy Investor' });
  investorAgent = await t.as(investor);
});
afterAll(() => t.close());

const upload = (
  files: Record<string, { name: string; type: string; body: Buffer }>,
  fields: Record<string, string> = {},
) => {
  const { payload, headers } = multipartBody(fields, files);
  return admin.post(`/api/investors/${investor.id}/documents`, payload, { headers });
};

describe('documents', () => {
  it('uploads several at once, checked by content, and lists them newest first with signed links', async () => {
    const first = await upload(
      { files: { name: 'passport.png', type: 'image/png', body: PNG_1PX } },
      { visibility: 'public', category: 'KYC' },
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload({ files: { name: 'agreement.pdf', type: 'application/pdf', body: PDF } });
    const [doc] = json<{ data: Doc[] }>(second).data;
    expect(doc).toMatchObject({
      name: 'agreement.pdf',
      visibility: 'private',
      uploaded_by: { name: 'Ada Admin' },
    });
    const list = json<{ data: Doc[] }>(await admin.get(`/api/investors/${investor.id}/documents`)).data;
    expect(list.map((item) => item.name)).toEqual(['agreement.pdf', 'passport.png']);
    const download = await t.request({ url: doc?.url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a file whose content is not an accepted type, naming it', async () => {
    const response = await upload({
      files: { name: 'notes.pdf', type: 'application/pdf', body: NOT_AN_IMAGE },
    });
    expect(response.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(response).errors['files.0']?.[0]).toMatch(
      /^The file “notes\.pdf” must be a file of type: PDF/,
    );
    const none = await upload({});
    expect(json<{ errors: Record<string, string[]> }>(none).errors).toEqual({
      files: ['Choose at least one file to upload.'],
    });
  });

  it('never lets an investor reach a private document, by id or by URL', async () => {
    const list = json<{ data: Doc[] }>(await admin.get(`/api/investors/${investor.id}/documents`)).data;
    const secret = list.find((item) => item.visibility === 'private');
    if (!secret) throw new Error('no private document');
    expect((await investorAgent.get(`/api/investors/${investor.id}/documents`)).statusCode).toBe(403);
    const own = json<{ data: Doc[] }>(await investorAgent.get('/api/profile/documents')).data;
    expect(own.map((item) => item.name)).toEqual(['passport.png']);
    const unsigned = secret.url.split('?')[0] ?? '';
    expect((await investorAgent.get(unsigned)).statusCode).toBe(404);
    const tampered = secret.url.replace(/signature=[0-9a-f]+/, 'signature=00');
    expect((await investorAgent.get(tampered)).statusCode).toBe(404);
  });

  it('expires download links', async () => {
    const [doc] = json<{ data: Doc[] }>(await admin.get(`/api/investors/${investor.id}/documents`)).data;
    const key = /\/files\/(documents\/[^?]+)/.exec(doc?.url ?? '')?.[1] ?? '';
    const old = new URL(t.ctx.signer.sign(`/files/${key}`, new Date(Date.now() - 1000)));
    expect((await t.request({ url: old.pathname + old.search })).statusCode).toBe(404);
  });

  it('changes visibility and deletes with the right permissions', async () => {
    const [doc] = json<{ data: Doc[] }>(await admin.get(`/api/investors/${investor.id}/documents`)).data;
    const changed = await admin.patch(`/api/investors/${investor.id}/documents/${doc?.id}`, {
      visibility: 'public',
    });
    expect(json<{ data: Doc }>(changed).data.visibility).toBe('public');
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    expect((await committee.delete(`/api/investors/${investor.id}/documents/${doc?.id}`)).statusCode).toBe(
      403,
    );
    expect((await admin.delete(`/api/investors/${investor.id}/documents/${doc?.id}`)).statusCode).toBe(204);
    expect((await t.request({ url: doc?.url ?? '' })).statusCode).toBe(404);
  });

  it('answers 404 for documents of a record that does not exist', async () => {
    expect((await admin.get('/api/investors/999999/documents')).statusCode).toBe(404);
  });
});

describe('notes, calls and tasks', () => {
  it('adds, edits and deletes notes; only the author (or a deleter) may change one', async () => {
    const added = await admin.post(`/api/investors/${investor.id}/notes`, {
      body: 'Met at the **EIS** seminar',
    });
    expect(added.statusCode).toBe(201);
    const note = json<{ data: { id: number; author: { name: string } } }>(added).data;
    expect(note.author.name).toBe('Ada Admin');
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    expect(
      (await committee.patch(`/api/investors/${investor.id}/notes/${note.id}`, { body: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.patch(`/api/investors/${investor.id}/notes/${note.id}`, { body: 'Edited' })).statusCode,
    ).toBe(204);
    const list = json<{ data: Array<{ body: string }> }>(
      await admin.get(`/api/investors/${investor.id}/notes`),
    ).data;
    expect(list[0]?.body).toBe('Edited');
  });

  it('logs calls with an outcome and refuses one in the future', async () => {
    const ok = await admin.post(`/api/investors/${investor.id}/calls`, {
      occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
      duration_minutes: 12,
      outcome: 'connected',
      summary: 'Interested in the next raise',
    });
    expect(ok.statusCode).toBe(201);
    const future = await admin.post(`/api/investors/${investor.id}/calls`, {
      occurred_at: new Date(Date.now() + 86_400_000).toISOString(),
      duration_minutes: 1,
      outcome: 'busy',
    });
    expect(json<{ errors: Record<string, string[]> }>(future).errors).toEqual({
      occurred_at: ['A call cannot be logged in the future.'],
    });
  });

  it('assigns a task to a colleague, who is notified and sees it, overdue, in their tasks', async () => {
    const colleague = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER, { name: 'Colin Colleague' });
    const response = await admin.post(`/api/investors/${investor.id}/tasks`, {
      title: 'Chase the proof of address',
      due_at: new Date(Date.now() - 86_400_000).toISOString(),
      assignee_id: colleague.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const task = json<{ data: { id: number; overdue: boolean; subject: { name: string } } }>(response).data;
    expect(task).toMatchObject({ overdue: true, subject: { name: 'Ivy Investor' } });

    const theirs = await t.as(colleague);
    const mine = json<{ data: Array<{ id: number; title: string; overdue: boolean }> }>(
      await theirs.get('/api/tasks?filter[status]=open'),
    );
    expect(mine.data).toEqual([
      expect.objectContaining({ id: task.id, title: 'Chase the proof of address', overdue: true }),
    ]);
    const [notice] = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.notifiable_id, colleague.id));
    expect(notice?.data.message).toContain('Chase the proof of address');
    expect(notice?.audience).toBe('admin');

    // Someone without investors.index sees only their own tasks.
    expect((await theirs.get(`/api/tasks?filter[assignee]=${adminUser.id}`)).statusCode).toBe(200);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(`/api/tasks?filter[assignee]=${colleague.id}`)).statusCode).toBe(403);

    const done = await theirs.patch(`/api/investors/${investor.id}/tasks/${task.id}`, { done: true });
    expect(json<{ data: { done_at: string | null; overdue: boolean } }>(done).data).toMatchObject({
      overdue: false,
    });
    const open = json<{ data: unknown[] }>(await theirs.get('/api/tasks?filter[status]=open'));
    expect(open.data).toHaveLength(0);
  });

  it('refuses an assignee who is not staff', async () => {
    const response = await admin.post(`/api/investors/${investor.id}/tasks`, {
      title: 'x',
      assignee_id: investor.id,
    });
    expect(json<{ errors: Record<string, string[]> }>(response).errors).toEqual({
      assignee_id: ['The selected assignee must be an active staff member.'],
    });
  });
});

describe('activity', () => {
  it('tells everything that happened to the investor, newest first, emails included', async () => {
    const page = json<{
      data: Array<{ action: string; description: string; actor: { name: string } | null }>;
      meta: { total: number };
    }>(await admin.get(`/api/investors/${investor.id}/activity?per_page=50`));
    const actions = page.data.map((line) => line.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'document.uploaded',
        'note.added',
        'call.logged',
        'task.created',
        'task.completed',
        'document.deleted',
      ]),
    );
    const call = page.data.find((line) => line.action === 'call.logged');
    expect(call).toMatchObject({
      description: 'Logged a call: Connected, 12 min',
      actor: { name: 'Ada Admin' },
    });
    expect(page.meta.total).toBe(page.data.length);
  });

  it('lists an edit’s changed fields in people’s words, without bookkeeping fields', async () => {
    const edited = await admin.patch(`/api/investors/${investor.id}`, {
      phone: '+44 20 7946 0000',
      bank_sort_code: '12-34-56',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [latest] = json<{ data: Array<{ action: string; description: string }> }>(
      await admin.get(`/api/investors/${investor.id}/activity?per_page=1`),
    ).data;
    expect(latest).toMatchObject({ action: 'investor.updated' });
    expect(latest?.description, latest?.description).toMatch(/^Details changed: /);
    expect(latest?.description).toContain('Phone');
    expect(latest?.description).toContain('Sort code');
    expect(latest?.description).not.toMatch(/updated at|_|(: |, )Name\b/i);
  });
});

describe('search and lead statuses', () => {
  it('finds investors by name or email as you type', async () => {
    const results = json<{ data: Array<{ type: string; name: string; url: string }> }>(
      await admin.get('/api/search?q=ivy'),
    );
    expect(results.data).toEqual([
      expect.objectContaining({
        type: 'investor',
        name: 'Ivy Investor',
        url: `/admin/investors/${investor.id}/details`,
      }),
    ]);
    expect(json<{ data: unknown[] }>(await admin.get('/api/search?q=i')).data).toEqual([]);
  });

  it('manages lead statuses, one default at a time, names unique', async () => {
    const first = await admin.post('/api/lead-statuses', {
      name: 'New',
      colour: '#228be6',
      is_default: true,
    });
    expect(first.statusCode).toBe(201);
    await admin.post('/api/lead-statuses', { name: 'Qualified', is_default: true });
    const list = json<{ data: Array<{ name: string; is_default: boolean }> }>(
      await admin.get('/api/lead-statuses'),
    ).data;
    expect(list.filter((status) => status.is_default).map((status) => status.name)).toEqual(['Qualified']);
    const dupe = await admin.post('/api/lead-statuses', { name: 'new' });
    expect(json<{ errors: Record<string, string[]> }>(dupe).errors).toEqual({
      name: ['A lead status with that name already exists.'],
    });
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/lead-statuses')).statusCode).toBe(200);
    expect((await adviser.post('/api/lead-statuses', { name: 'Nope' })).statusCode).toBe(403);
  });
});
