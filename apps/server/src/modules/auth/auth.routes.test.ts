import { AUTH_MESSAGES, ROLES } from '@portico/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, kvEntries, mailOutbox, users } from '../../db/schema';
import { createStaff, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = (response: { body: string }) => JSON.parse(response.body) as Record<string, unknown>;
const cookie = (agent: Agent, name: string) => agent.cookies.get(name);

async function lastMailTo(email: string) {
  const [mail] = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

const linkIn = (text: string) => {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
};

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 and sets a readable XSRF-TOKEN and an HttpOnly session cookie', async () => {
    const response = await t.agent().csrfCookie();
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const xsrf = setCookie.find((value) => value.startsWith('XSRF-TOKEN='));
    const session = setCookie.find((value) => value.startsWith('portico_session='));
    expect(xsrf).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{40};/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});

describe('CSRF', () => {
  it('refuses a state change without the token with 419', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'a@b.test', password: 'x' },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
    expect(json(response)).toMatchObject({ message: 'CSRF token mismatch.' });
  });

  it('refuses a wrong token and a request with no session', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const wrong = await agent.post(
      '/login',
      { email: 'a@b.test', password: 'x' },
      { headers: { 'x-xsrf-token': 'nope' } },
    );
    expect(wrong.statusCode).toBe(419);
    const stranger = await t.request({
      method: 'POST',
      url: '/login',
      payload: { email: 'a@b.test', password: 'x' },
    });
    expect(stranger.statusCode).toBe(419);
  });

  it('accepts the token as a _token form field, as Laravel does', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.request({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: user.email,
        password: TEST_PASSWORD,
        _token: agent.xsrf ?? '',
      }).toString(),
      csrf: false,
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('POST /login', () => {
  it('signs in with 204, renews the session id and the token, and /api/user answers the user', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    const before = { session: cookie(agent, 'portico_session'), xsrf: agent.xsrf };
    const response = await agent.post('/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(cookie(agent, 'portico_session')).not.toBe(before.session);
    expect(agent.xsrf).not.toBe(before.xsrf);
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(json(me).data).toMatchObject({ id: user.id, email: user.email, role_id: ROLES.USER });
    expect(json(me).data).not.toHaveProperty('password');
  });

  it('answers 422 on email with the credentials message for a wrong password or an unknown email', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    for (const body of [
      { email: user.email, password: 'wrong password here' },
      { email: 'nobody@example.test', password: 'whatever password' },
    ]) {
      const response = await agent.post('/login', body);
      expect(response.statusCode).toBe(422);
      expect(json(response)).toMatchObject({
        message: AUTH_MESSAGES.failed,
        errors: { email: [AUTH_MESSAGES.failed] },
      });
    }
  });

  it('answers 422 with field errors for a missing password', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.post('/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({
      email: ['The email field must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });

  it('locks out after five failures per email and address with 429 and Retry-After', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await agent.post('/login', { email: user.email, password: 'bad password 123' })).statusCode,
      ).toBe(422);
    }
    const locked = await agent.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(json(locked).message).toBe(`Too many login attempts. Please try again in ${retryAfter} seconds.`);
    // Another address is not locked out.
    const elsewhere = t.agent();
    await elsewhere.request({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: '10.0.0.9' });
    const other = await elsewhere.request({
      method: 'POST',
      url: '/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(204);
  });

  it('redirects a signed-in user home with 302', async () => {
    const agent = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    const response = await agent.post('/login', { email: 'x@y.test', password: 'whatever password' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/admin');
  });

  it('refuses a deactivated user', async () => {
    const user = await createStaff(t.ctx.db, ROLES.CUSTODIAN, { deactivated_at: new Date() });
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({ email: [AUTH_MESSAGES.deactivated] });
  });
});

describe('sessions', () => {
  it('POST /logout ends the session and renews the token', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    const token = agent.xsrf;
    expect((await agent.post('/logout')).statusCode).toBe(204);
    expect(agent.xsrf).not.toBe(token);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('GET /api/logout ends the session and redirects to /login', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    const response = await agent.get('/api/logout');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    expect(agent.cookies.has('XSRF-TOKEN')).toBe(false);
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(401);
    expect(json(me)).toMatchObject({ message: 'Unauthenticated.' });
  });

  it('expires after 120 idle minutes', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(kvEntries);
    for (const row of rows.filter((entry) => entry.key.startsWith('session:'))) {
      const data = JSON.parse(row.value) as { last_activity_at: number };
      data.last_activity_at = Date.now() - 121 * 60_000;
      await t.ctx.db
        .update(kvEntries)
        .set({ value: JSON.stringify(data) })
        .where(eq(kvEntries.key, row.key));
    }
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('stays alive while in use within the idle window', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    for (const row of await t.ctx.db.select().from(kvEntries)) {
      if (!row.key.startsWith('session:')) continue;
      const data = JSON.parse(row.value) as { last_activity_at: number };
      data.last_activity_at = Date.now() - 119 * 60_000;
      await t.ctx.db
        .update(kvEntries)
        .set({ value: JSON.stringify(data) })
        .where(eq(kvEntries.key, row.key));
    }
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  });
});

describe('registration and email verification', () => {
  const registration = (email: string) => ({
    name: 'Rita Investor',
    email,
    password: 'a perfectly long password',
    password_confirmation: 'a perfectly long password',
    accept_terms: true,
  });

  it('registers an unverified investor, signs them in and emails a signed link that verifies them', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.post('/register', registration('Rita@Example.test'));
    expect(response.statusCode).toBe(204);
    const me = json(await agent.get('/api/user')).data as Record<string, unknown>;
    expect(me).toMatchObject({
      email: 'rita@example.test',
      role_id: 5,
      email_verified_at: null,
      accepted_terms_version: 1,
    });

    const mail = await lastMailTo('rita@example.test');
    expect(mail.subject).toMatch(/verify/i);
    const link = linkIn(mail.text_body);
    expect(link.pathname).toMatch(/^\/email\/verify\/\d+\/[0-9a-f]{40}$/);
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);

    const visit = await agent.get(link.pathname + link.search);
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/investor?verified=1');
    expect(
      (json(await agent.get('/api/user')).data as Record<string, unknown>).email_verified_at,
    ).not.toBeNull();
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'user.registered'));
    expect(audit).toBeDefined();
  });

  it('refuses a tampered or expired link', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    await agent.post('/register', registration('tamper@example.test'));
    const link = linkIn((await lastMailTo('tamper@example.test')).text_body);
    const tampered = await agent.get(link.pathname.replace(/\/(\d+)\//, '/999/') + link.search);
    expect(tampered.headers.location).toBe('/verify-email?status=invalid');
    const expired = new URL(t.ctx.signer.sign(link.pathname, new Date(Date.now() - 1000)));
    expect((await agent.get(expired.pathname + expired.search)).headers.location).toBe(
      '/verify-email?status=expired',
    );
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'tamper@example.test'));
    expect(user?.email_verified_at).toBeNull();
  });

  it('sends the link again on POST /email/resend', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    await agent.post('/register', registration('resend@example.test'));
    const first = await lastMailTo('resend@example.test');
    const response = await agent.post('/email/resend');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: AUTH_MESSAGES.verificationSent });
    expect((await lastMailTo('resend@example.test')).id).toBeGreaterThan(first.id);
  });

  it('requires the terms to be accepted', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.post('/register', {
      ...registration('noterms@example.test'),
      accept_terms: false,
    });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({ accept_terms: ['You must accept the terms and conditions.'] });
  });

  it('answers field errors for a short password, a mismatch and a taken email', async () => {
    const existing = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    const short = await agent.post('/register', {
      ...registration('s@example.test'),
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(json(short).errors).toEqual({ password: ['The password field must be at least 12 characters.'] });
    const taken = await agent.post('/register', registration(existing.email));
    expect(taken.statusCode).toBe(422);
    expect(json(taken).errors).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
    const mismatch = await agent.post('/register', {
      ...registration('m@example.test'),
      password_confirmation: 'something else entirely',
    });
    expect(json(mismatch).errors).toEqual({ password: ['The password field confirmation does not match.'] });
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email exists, and emails only a real account', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    const known = await agent.post('/password/email', { email: user.email });
    const unknown = await agent.post('/password/email', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(json(known)).toEqual(json(unknown));
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'ghost@example.test'));
    expect(mails).toHaveLength(0);
    expect((await lastMailTo(user.email)).sensitive).toBe(true);
  });

  it('resets with a single-use token and ends every session of the user', async () => {
    const user = await createUser(t.ctx.db);
    const signedIn = await t.as(user);
    const agent = t.agent();
    await agent.csrfCookie();
    await agent.post('/password/email', { email: user.email });
    const link = linkIn((await lastMailTo(user.email)).text_body);
    expect(link.pathname).toBe('/reset-password');
    const body = {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'my brand new password',
      password_confirmation: 'my brand new password',
    };
    const reset = await agent.post('/password/reset', body);
    expect(reset.statusCode).toBe(200);
    expect(json(reset)).toEqual({ status: AUTH_MESSAGES.passwordReset });
    expect((await signedIn.get('/api/user')).statusCode).toBe(401);
    const again = await agent.post('/password/reset', body);
    expect(again.statusCode).toBe(422);
    expect(json(again).errors).toEqual({ email: [AUTH_MESSAGES.invalidResetToken] });
    await t.agent().login(user.email, 'my brand new password');
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    await agent.post('/password/email', { email: user.email });
    const link = linkIn((await lastMailTo(user.email)).text_body);
    const { authTokens } = await import('../../db/schema');
    await t.ctx.db
      .update(authTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(authTokens.user_id, user.id));
    const response = await agent.post('/password/reset', {
      token: link.searchParams.get('token'),
      email: user.email,
      password: 'my brand new password',
      password_confirmation: 'my brand new password',
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /api/auth/update-password', () => {
  it('needs the current password', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    const response = await agent.post('/api/auth/update-password', {
      current_password: 'not my password',
      password: 'a new long password',
      password_confirmation: 'a new long password',
    });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({ current_password: [AUTH_MESSAGES.currentPassword] });
  });

  it('changes the password and ends the user’s other sessions but not this one', async () => {
    const user = await createUser(t.ctx.db);
    const here = await t.as(user);
    const elsewhere = await t.as(user);
    const response = await here.post('/api/auth/update-password', {
      current_password: TEST_PASSWORD,
      password: 'a new long password',
      password_confirmation: 'a new long password',
    });
    expect(response.statusCode).toBe(200);
    expect((await here.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    await t.agent().login(user.email, 'a new long password');
  });

  it('is refused without a session', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    expect((await agent.post('/api/auth/update-password', {})).statusCode).toBe(401);
  });
});
