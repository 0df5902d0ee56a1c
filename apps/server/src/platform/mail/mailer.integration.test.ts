import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A real SMTP peer on loopback: what it receives is what a mail server would. */
const received: Array<{ to: string[]; raw: string }> = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('mail over SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Acme <hello@acme.test>' });
  });
  afterAll(() => t.close());

  it('sends the password reset email with its working link, keeps it in the outbox and marks it sent', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.csrfCookie();
    await agent.post('/password/email', { email: user.email });
    await t.ctx.mailer.deliver();
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, user.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row?.sent_at).toBeInstanceOf(Date);
    const mail = received.find((message) => message.to.includes(user.email));
    expect(mail?.raw).toMatch(/^From: Acme <hello@acme\.test>/m);
    expect(mail?.raw).toMatch(/Subject: Reset your Portico password/);
    expect(mail?.raw.replace(/=\r?\n/g, '')).toMatch(
      /http:\/\/portico\.test\/reset-password\?token=3D[\w-]+/,
    );
  });

  it('retries a failed delivery and gives up after five attempts', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const user = await createUser(broken.ctx.db);
      const agent = broken.agent();
      await agent.csrfCookie();
      await agent.post('/password/email', { email: user.email });
      for (let attempt = 0; attempt < 6; attempt += 1) await broken.ctx.mailer.deliver();
      const [row] = await broken.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to_address, user.email));
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
      expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await broken.close();
    }
  });
});
