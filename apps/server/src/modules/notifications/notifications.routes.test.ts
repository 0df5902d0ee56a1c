import type { AddressInfo } from 'node:net';
import { NOTIFICATION_EVENT, ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { userChannel } from '../broadcasting/channels';

let t: TestApp;
let admin: Agent;
let investor: UserRow;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  investor = await createUser(t.ctx.db);
  agent = await t.as(investor);
});
afterAll(() => t.close());

type Item = {
  id: string;
  data: { message: string; cta: string; icon: string };
  read_at: string | null;
  notifiable_id: number;
};
const items = (response: { body: string }) => (JSON.parse(response.body) as { data: Item[] }).data;
const send = (body: object) => admin.post('/api/notifications/send', body);

describe('sending and reading notifications', () => {
  it('stores a staff message for chosen investors, emails a copy, and lists it newest first', async () => {
    const response = await send({
      recipients: 'users',
      user_ids: [investor.id],
      message: 'Hello **there**',
      cta: '/investor/profile/view',
    });
    expect(response.statusCode).toBe(202);
    expect(JSON.parse(response.body)).toEqual({ data: { sent: 1 } });
    const unread = items(await agent.get('/api/notifications/user/unread'));
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({
      data: { message: 'Hello **there**', cta: '/investor/profile/view', icon: 'default' },
      read_at: null,
      notifiable_id: investor.id,
    });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, investor.email));
    expect(mails.at(-1)?.text_body).toContain('Hello there');
  });

  it('marks one read, idempotently, and refuses someone else’s with 404', async () => {
    const [first] = items(await agent.get('/api/notifications/user/unread'));
    if (!first) throw new Error('no notification');
    expect((await agent.post(`/api/notifications/user/mark-read/${first.id}`)).statusCode).toBe(204);
    const readAt = items(await agent.get('/api/notifications/user')).find(
      (item) => item.id === first.id,
    )?.read_at;
    expect(readAt).not.toBeNull();
    expect((await agent.post(`/api/notifications/user/mark-read/${first.id}`)).statusCode).toBe(204);
    expect(
      items(await agent.get('/api/notifications/user')).find((item) => item.id === first.id)?.read_at,
    ).toBe(readAt);
    const stranger = await t.as(await createUser(t.ctx.db));
    expect((await stranger.post(`/api/notifications/user/mark-read/${first.id}`)).statusCode).toBe(404);
    expect((await agent.post('/api/notifications/user/mark-read/not-a-uuid')).statusCode).toBe(404);
  });

  it('counts 100 unread, then marks all read', async () => {
    const someone = await createUser(t.ctx.db, { notification_emails: false });
    for (let index = 0; index < 100; index += 1)
      await send({ recipients: 'users', user_ids: [someone.id], message: `Message ${index}` });
    const theirs = await t.as(someone);
    expect(items(await theirs.get('/api/notifications/user/unread'))).toHaveLength(100);
    expect((await theirs.post('/api/notifications/user/mark-read')).statusCode).toBe(204);
    expect(items(await theirs.get('/api/notifications/user/unread'))).toHaveLength(0);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, someone.email));
    expect(mails).toHaveLength(0);
  });

  it('sends to every investor at once', async () => {
    const others = [await createUser(t.ctx.db), await createUser(t.ctx.db)];
    const response = await send({ recipients: 'all_investors', message: 'Platform news' });
    expect(JSON.parse(response.body)).toMatchObject({ data: { sent: expect.any(Number) as unknown } });
    for (const user of others) {
      const list = items(await (await t.as(user)).get('/api/notifications/user/unread'));
      expect(list.map((item) => item.data.message)).toContain('Platform news');
    }
  });

  it('validates the message, the recipients and the cta', async () => {
    const response = await send({
      recipients: 'users',
      user_ids: [],
      message: '',
      cta: 'https://evil.example',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys((JSON.parse(response.body) as { errors: object }).errors).sort()).toEqual([
      'cta',
      'message',
      'user_ids',
    ]);
  });

  it('takes only a same-site path as the cta (issue 8)', async () => {
    for (const cta of [
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      'https://evil.example',
      'investor/profile',
      '/\t/evil.example',
      '/investor\u001b[0m',
      '/investor\u0007x',
    ]) {
      const response = await send({ recipients: 'users', user_ids: [investor.id], message: 'Hi', cta });
      expect(response.statusCode, JSON.stringify(cta)).toBe(422);
      expect(JSON.parse(response.body), JSON.stringify(cta)).toMatchObject({
        errors: { cta: ['The cta field must be a path inside the app, starting with /.'] },
      });
    }
    const ok = await send({
      recipients: 'users',
      user_ids: [investor.id],
      message: 'Hi',
      cta: '/investor/news/reports/5?tab=files#top',
    });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });

  it('keeps admin notifications to staff, and staff messages to those who may update investors', async () => {
    expect((await agent.get('/api/notifications/admin')).statusCode).toBe(403);
    expect((await admin.get('/api/notifications/admin')).statusCode).toBe(200);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect(
      (await custodian.post('/api/notifications/send', { recipients: 'all_investors', message: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('tells staff who see the overview when an investor registers', async () => {
    const visitor = t.agent();
    await visitor.csrfCookie();
    await visitor.post('/register', {
      name: 'Ravi Registrant',
      email: 'ravi@example.test',
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      accept_terms: true,
    });
    const list = items(await admin.get('/api/notifications/admin/unread'));
    expect(list[0]?.data.message).toBe('**Ravi Registrant** registered as an investor.');
  });
});

describe('live delivery', () => {
  it('broadcasts a notification created through the API to the investor’s open connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const pusher = new Pusher(t.ctx.config.PUSHER_APP_KEY, {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        endpoint: '/api/broadcasting/auth',
        transport: 'ajax',
        customHandler: ({ socketId, channelName }, callback) => {
          void agent
            .post('/api/broadcasting/auth', { socket_id: socketId, channel_name: channelName })
            .then((response) => callback(null, JSON.parse(response.body) as { auth: string }));
        },
      },
    });
    try {
      const channel = pusher.subscribe(userChannel(investor.id));
      await new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
      const received = new Promise<Record<string, unknown>>((resolve) =>
        channel.bind(NOTIFICATION_EVENT, resolve),
      );
      await send({ recipients: 'users', user_ids: [investor.id], message: 'Live **now**', cta: '/investor' });
      const payload = await received;
      expect(payload).toMatchObject({
        message: 'Live **now**',
        cta: '/investor',
        icon: 'default',
        type: 'App\\Notifications\\StaffMessage',
        audience: 'user',
        socket: null,
      });
      expect(payload.id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      pusher.disconnect();
    }
  });
});
