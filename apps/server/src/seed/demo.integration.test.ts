import { ROLE_IDS } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_INVITEE, DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, resetDatabase, seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('holds one user per role, two investors, and an invited colleague with their email', async () => {
    expect(await isDatabaseEmpty(t.ctx.db)).toBe(true);
    await seedDemo(t.ctx);
    const rows = await t.ctx.db.select().from(users);
    expect(new Set(rows.map((row) => row.role_id))).toEqual(new Set(ROLE_IDS));
    expect(rows.filter((row) => row.role_id === 5)).toHaveLength(2);
    expect(rows.find((row) => row.email === DEMO_INVITEE.email)?.password).toBeNull();
    const mails = await t.ctx.db.select().from(mailOutbox);
    expect(mails.map((mail) => mail.to_address)).toContain(DEMO_INVITEE.email);
  });

  it('lets every demo user sign in with the demo password', async () => {
    for (const user of DEMO_USERS) await t.agent().login(user.email, DEMO_PASSWORD);
  });

  it('can be reset and loaded again', async () => {
    await resetDatabase(t.ctx.db);
    expect(await isDatabaseEmpty(t.ctx.db)).toBe(true);
    await seedDemo(t.ctx);
    expect(await isDatabaseEmpty(t.ctx.db)).toBe(false);
  });
});
