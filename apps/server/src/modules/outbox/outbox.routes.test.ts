import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
type Mail = { id: number; to: string; subject: string; text: string; status: string };

async function requestReset(t: TestApp, email: string) {
  const agent = t.agent();
  await agent.csrfCookie();
  await agent.post('/password/email', { email });
}

describe('the mail outbox without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows staff with the user permission every email, newest first, with working links', async () => {
    const someone = await createStaff(t.ctx.db, ROLES.CUSTODIAN);
    await requestReset(t, someone.email);
    const admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    const page = json<{ data: Mail[] }>(
      await admin.get(`/api/mail-outbox?filter[to]=${encodeURIComponent(someone.email)}`),
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ to: someone.email, status: 'stored' });
    expect(page.data[0]?.text).toMatch(/http:\/\/portico\.test\/reset-password\?token=/);
    const one = await admin.get(`/api/mail-outbox/${page.data[0]?.id ?? 0}`);
    expect(json<{ data: Mail }>(one).data.subject).toMatch(/reset/i);
  });

  it('is closed to staff without the user permission', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get('/api/mail-outbox')).statusCode).toBe(403);
  });
});

describe('the mail outbox with SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: delivery fails, which is beside the point here.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('hides the links of sensitive mail once mail is really sent, so staff cannot take over accounts', async () => {
    const someone = await createStaff(t.ctx.db, ROLES.CUSTODIAN);
    await requestReset(t, someone.email);
    const admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    const page = json<{ data: Mail[] }>(
      await admin.get(`/api/mail-outbox?filter[to]=${encodeURIComponent(someone.email)}`),
    );
    expect(page.data[0]?.text).not.toMatch(/token=/);
    expect(page.data[0]?.text).toContain('[link hidden: it was emailed to the recipient]');
    expect(['queued', 'failed']).toContain(page.data[0]?.status);
  });
});
