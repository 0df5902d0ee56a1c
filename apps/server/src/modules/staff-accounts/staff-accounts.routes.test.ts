import { ROLES, STAFF_MESSAGES } from '@portico/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  adminId = user.id;
  admin = await t.as(user);
});
afterAll(() => t.close());

const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
type Page = {
  data: Array<Record<string, unknown>>;
  links: Record<string, string | null>;
  meta: Record<string, unknown> & { links: Array<{ url: string | null; label: string; active: boolean }> };
};

describe('GET /api/admin-accounts', () => {
  beforeAll(async () => {
    for (let index = 0; index < 20; index += 1)
      await createStaff(t.ctx.db, index % 2 ? ROLES.FUND_MANAGER : ROLES.CUSTODIAN, {
        name: `Lister ${String(index).padStart(2, '0')}`,
        email: `lister${index}@example.test`,
      });
    await createUser(t.ctx.db, { name: 'Lister Investor', email: 'lister-investor@example.test' });
  });

  it('answers Laravel’s paginator, staff only, with links that keep the query', async () => {
    const response = await admin.get('/api/admin-accounts?filter[search]=lister&per_page=5&page=2&sort=name');
    expect(response.statusCode).toBe(200);
    const page = json<Page>(response);
    expect(Object.keys(page)).toEqual(['data', 'links', 'meta']);
    expect(page.data.map((row) => row.name)).toEqual([
      'Lister 05',
      'Lister 06',
      'Lister 07',
      'Lister 08',
      'Lister 09',
    ]);
    expect(page.meta).toMatchObject({
      current_page: 2,
      from: 6,
      to: 10,
      last_page: 4,
      per_page: 5,
      total: 20,
    });
    expect(page.meta.path).toBe('http://portico.test/api/admin-accounts');
    expect(page.links.next).toBe(
      'http://portico.test/api/admin-accounts?filter%5Bsearch%5D=lister&per_page=5&page=3&sort=name',
    );
    expect(page.meta.links[0]).toMatchObject({ label: '&laquo; Previous', active: false });
    expect(page.meta.links.at(-1)).toMatchObject({ label: 'Next &raquo;' });
    expect(page.meta.links.find((link) => link.active)?.label).toBe('2');
  });

  it('filters by role with IN and sorts descending', async () => {
    const page = json<Page>(
      await admin.get(
        `/api/admin-accounts?filter[role_id]=${ROLES.FUND_MANAGER}&filter[search]=lister&sort=-name`,
      ),
    );
    expect(page.data.every((row) => row.role_id === ROLES.FUND_MANAGER)).toBe(true);
    expect(page.data[0]?.name).toBe('Lister 19');
    const both = json<Page>(
      await admin.get(`/api/admin-accounts?filter[role_id]=7,11&filter[search]=lister`),
    );
    expect(both.meta.total).toBe(20);
  });

  it('gives sparse fields and the role_name append', async () => {
    const page = json<Page>(
      await admin.get('/api/admin-accounts?fields[users]=id,name&append=role_name&filter[search]=lister 00'),
    );
    expect(page.data).toEqual([{ id: expect.any(Number) as unknown, name: 'Lister 00' }]);
    const withRole = json<Page>(
      await admin.get('/api/admin-accounts?append=role_name&filter[search]=lister 01'),
    );
    expect(withRole.data[0]).toMatchObject({ role_name: 'Fund Manager', status: 'active' });
    const without = json<Page>(await admin.get('/api/admin-accounts?filter[search]=lister 01'));
    expect(without.data[0]).not.toHaveProperty('role_name');
  });

  it('names roles as the deployment’s terminology does', async () => {
    await admin.post('/api/branding', { navigation: { role_11: 'Portfolio Manager' } });
    const page = json<Page>(await admin.get('/api/admin-accounts?append=role_name&filter[search]=lister 01'));
    expect(page.data[0]).toMatchObject({ role_name: 'Portfolio Manager' });
    await admin.post('/api/branding', { navigation: { role_11: 'Fund Manager' } });
  });

  it('answers 400 with the exact message for names it does not allow', async () => {
    const response = await admin.get('/api/admin-accounts?sort=password');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(
      'Requested sort(s) `password` is not allowed. Allowed sort(s) are `name, email, role_id, created_at, last_login_at`.',
    );
    expect((await admin.get('/api/admin-accounts?fields[users]=password')).statusCode).toBe(400);
    expect((await admin.get('/api/admin-accounts?include=sessions')).statusCode).toBe(400);
  });

  it('escapes LIKE wildcards and matches nothing for a role that is not a number', async () => {
    expect(json<Page>(await admin.get('/api/admin-accounts?filter[search]=%25')).meta.total).toBe(0);
    expect(json<Page>(await admin.get('/api/admin-accounts?filter[role_id]=abc')).meta.total).toBe(0);
  });

  it('returns an empty page past the end with from and to null', async () => {
    const page = json<Page>(await admin.get('/api/admin-accounts?filter[search]=lister&page=99'));
    expect(page.data).toEqual([]);
    expect(page.meta).toMatchObject({ from: null, to: null, current_page: 99 });
  });
});

describe('inviting staff', () => {
  it('creates an invited account, emails a set-password link, and the link activates it', async () => {
    const response = await admin.post('/api/admin-accounts', {
      name: 'Nina New',
      email: 'Nina.New@Example.test',
      role_id: ROLES.FUND_MANAGER,
    });
    expect(response.statusCode).toBe(201);
    const created = json<{ data: Record<string, unknown> }>(response).data;
    expect(created).toMatchObject({
      email: 'nina.new@example.test',
      status: 'invited',
      role_name: 'Fund Manager',
    });

    const [mail] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'nina.new@example.test'))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.text_body).toContain('Ada Admin has invited you');
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '');
    expect(link.pathname).toBe('/set-password');

    const invitee = t.agent();
    await invitee.csrfCookie();
    const set = await invitee.post('/api/auth/set-password', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'nina chooses a password',
      password_confirmation: 'nina chooses a password',
    });
    expect(set.statusCode).toBe(200);
    expect(json<{ data: Record<string, unknown> }>(set).data).toMatchObject({ role_id: ROLES.FUND_MANAGER });
    expect(json<{ data: { email_verified_at: string | null } }>(set).data.email_verified_at).not.toBeNull();
    expect((await invitee.get('/api/user')).statusCode).toBe(200);
    const after = json<{ data: Record<string, unknown> }>(
      await admin.get(`/api/admin-accounts/${String(created.id)}`),
    );
    expect(after.data.status).toBe('active');

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.invited'), eq(auditLog.subject_id, Number(created.id))));
    expect(audit).toMatchObject({ actor_id: adminId });
  });

  it('refuses a taken email, an investor role and a missing name with field errors', async () => {
    const existing = await createStaff(t.ctx.db, ROLES.ADVISER);
    const taken = await admin.post('/api/admin-accounts', {
      name: 'X',
      email: existing.email,
      role_id: ROLES.ADVISER,
    });
    expect(taken.statusCode).toBe(422);
    expect(json(taken).errors).toEqual({ email: ['The email has already been taken.'] });
    const investorRole = await admin.post('/api/admin-accounts', {
      email: 'who@example.test',
      role_id: ROLES.USER,
    });
    expect(investorRole.statusCode).toBe(422);
    expect(json(investorRole).errors).toEqual({
      name: ['The name field is required.'],
      role_id: ['The selected role is invalid.'],
    });
  });

  it('lets only a Super Admin grant the Super Admin role', async () => {
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    const response = await support.post('/api/admin-accounts', {
      name: 'Sneaky',
      email: 'sneaky@example.test',
      role_id: ROLES.SUPER_ADMIN,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(response).errors)).toEqual(['role_id']);
  });
});

describe('changing and deactivating staff', () => {
  it('changes a role and writes the audit row with before and after', async () => {
    const colleague = await createStaff(t.ctx.db, ROLES.CUSTODIAN);
    const response = await admin.patch(`/api/admin-accounts/${colleague.id}`, {
      role_id: ROLES.INVESTMENT_MANAGER,
    });
    expect(response.statusCode).toBe(200);
    expect(json<{ data: Record<string, unknown> }>(response).data.role_id).toBe(ROLES.INVESTMENT_MANAGER);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.updated'), eq(auditLog.subject_id, colleague.id)));
    expect(audit?.before).toMatchObject({ role_id: ROLES.CUSTODIAN });
    expect(audit?.after).toMatchObject({ role_id: ROLES.INVESTMENT_MANAGER });
    expect(audit?.request_id).toBeTruthy();
  });

  it('does not let a user change their own role, nor anyone but a Super Admin demote one', async () => {
    const own = await admin.patch(`/api/admin-accounts/${adminId}`, { role_id: ROLES.ADVISER });
    expect(json(own).errors).toEqual({ role_id: [STAFF_MESSAGES.selfRole] });
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    const demote = await support.patch(`/api/admin-accounts/${adminId}`, { role_id: ROLES.ADVISER });
    expect(Object.keys(json<{ errors: object }>(demote).errors)).toEqual(['role_id']);
    expect((await support.post(`/api/admin-accounts/${adminId}/deactivate`)).statusCode).toBe(422);
  });

  it('deactivates: the user’s sessions end and they cannot sign in; reactivation restores access', async () => {
    const colleague = await createStaff(t.ctx.db, ROLES.ADVISER);
    const theirs = await t.as(colleague);
    const response = await admin.post(`/api/admin-accounts/${colleague.id}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(json<{ data: Record<string, unknown> }>(response).data.status).toBe('deactivated');
    expect((await theirs.get('/api/user')).statusCode).toBe(401);
    await expect(t.agent().login(colleague)).rejects.toThrow(/422/);
    expect((await admin.post(`/api/admin-accounts/${colleague.id}/reactivate`)).statusCode).toBe(200);
    await t.agent().login(colleague);
  });

  it('refuses to deactivate oneself', async () => {
    const self = await admin.post(`/api/admin-accounts/${adminId}/deactivate`);
    expect(self.statusCode).toBe(422);
    expect(json(self).errors).toEqual({ id: [STAFF_MESSAGES.self] });
  });

  it('resends a pending invitation only', async () => {
    const invited = json<{ data: { id: number } }>(
      await admin.post('/api/admin-accounts', {
        name: 'Pending',
        email: 'pending@example.test',
        role_id: ROLES.CREATOR,
      }),
    ).data;
    expect((await admin.post(`/api/admin-accounts/${invited.id}/resend-invitation`)).statusCode).toBe(200);
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'pending@example.test'));
    expect(mails).toHaveLength(2);
    const active = await createStaff(t.ctx.db, ROLES.CREATOR);
    expect((await admin.post(`/api/admin-accounts/${active.id}/resend-invitation`)).statusCode).toBe(422);
  });
});

describe('who may manage staff', () => {
  it('refuses investors and unpermitted staff with 403, and visitors with 401', async () => {
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.get('/api/admin-accounts')).statusCode).toBe(403);
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.post('/api/admin-accounts', {})).statusCode).toBe(403);
    expect((await t.request({ url: '/api/admin-accounts' })).statusCode).toBe(401);
  });
});
