import { ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

const SUPPORT = 'help@firm.example.test';

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: SUPPORT });
});
afterAll(() => t.close());

describe('POST /api/support/contact', () => {
  it('emails the support address through the outbox, replying to the investor, and answers 201', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Katherine Johnson' });
    const agent = await t.as(investor);
    const response = await agent.post('/api/support/contact', {
      subject: 'Cannot find my certificate',
      message: 'Where do I find the share certificate for my last investment?',
      category: 'documents',
    });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: { message: string } }>(response).data.message).toMatch(/sent to our support team/);

    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, SUPPORT));
    const mail = mails.find((row) => row.subject === '[Support] Cannot find my certificate');
    expect(mail).toBeDefined();
    expect(mail?.reply_to).toBe(investor.email);
    expect(mail?.text_body).toContain('Katherine Johnson');
    expect(mail?.text_body).toContain('Category: Documents');
    expect(mail?.text_body).toContain('share certificate for my last investment');
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_id, investor.id), eq(auditLog.action, 'user.support_contacted')));
    expect(audit?.after).toEqual({ subject: 'Cannot find my certificate', category: 'documents' });
  });

  it('is open to staff too, and closed to guests', async () => {
    const staff = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    const body = { subject: 'Help', message: 'The export button does nothing.' };
    expect((await staff.post('/api/support/contact', body)).statusCode).toBe(201);
    const guest = t.agent();
    await guest.csrfCookie();
    expect((await guest.post('/api/support/contact', body)).statusCode).toBe(401);
    // replies go to the sender's address: it must be one they proved
    const unproven = await t.as(await createUser(t.ctx.db, { email_verified_at: null }));
    expect((await unproven.post('/api/support/contact', body)).statusCode).toBe(403);
    const twoLines = await t.as(await createUser(t.ctx.db));
    const injected = await twoLines.post('/api/support/contact', { ...body, subject: 'Hi\r\nBcc: x@y.z' });
    expect(injected.statusCode).toBe(422);
  });

  it('answers 422 with the limits on each field', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    const response = await agent.post('/api/support/contact', {
      subject: 'x'.repeat(151),
      message: 'short',
      category: 'gossip',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = json<Errors>(response);
    expect(errors.subject?.[0]).toMatch(/150 characters/);
    expect(errors.message?.[0]).toMatch(/at least 10 characters/);
    expect(errors.category).toBeDefined();
    const missing = await agent.post('/api/support/contact', { to: 'someone@else.test' });
    expect(missing.statusCode).toBe(422);
  });

  it('allows five messages in ten minutes, then a 429 with Retry-After', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    const body = { subject: 'Again', message: 'Another message for support.' };
    for (let index = 0; index < 5; index++)
      expect((await agent.post('/api/support/contact', body)).statusCode).toBe(201);
    const limited = await agent.post('/api/support/contact', body);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('goes to the address in MAIL_FROM when no support address is set', async () => {
    const other = await createTestApp({ MAIL_FROM: 'Acme Ventures <hello@acme.example.test>' });
    try {
      const agent = await other.as(await createUser(other.ctx.db));
      await agent.post('/api/support/contact', { subject: 'Hello', message: 'Is anyone there at all?' });
      const rows = await other.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to_address, 'hello@acme.example.test'));
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
