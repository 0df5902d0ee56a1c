import { ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorisations, investorProfiles, mailOutbox, notifications } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { isoDate, monthsAgo, signing } from './compliance.test-fixtures';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

const job = (name: string) => {
  const found = t.ctx.scheduler.jobs().find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
};
/** Runs a job as its period's run would (once a period across nodes is the job queue's own test). */
const runNow = (name: string) => job(name).run();

describe('categorisations over time', () => {
  it('reminds an investor once, a month before their categorisation expires', async () => {
    const investor = await createUser(t.ctx.db);
    const signed = new Date(monthsAgo(11).getTime() - 15 * 86_400_000);
    const recorded = await admin.post(
      `/api/investors/${investor.id}/categorisations`,
      signing('high_net_worth', { signed_at: isoDate(signed) }),
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    await runNow('categorisations.remind');
    await runNow('categorisations.remind');
    const notices = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.notifiable_id, investor.id));
    const reminders = notices.filter(
      (notice) => notice.type === 'App\\Notifications\\CategorisationExpiring',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.data.message).toMatch(
      /certified high net worth investor\*\* expires on \d{1,2} [A-Z][a-z]+ \d{4}\. /,
    );
    // The email's subject is the whole first sentence, not the text cut at a fixed length.
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, investor.email));
    expect(mails.map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(
        /: Your categorisation as a certified high net worth investor expires on \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
      ),
    );
  });

  it('takes the category away when it expires, and onboarding follows', async () => {
    const investor = await createUser(t.ctx.db);
    await admin.post(
      `/api/investors/${investor.id}/categorisations`,
      signing('restricted', { signed_at: isoDate(monthsAgo(1)) }),
    );
    const [before] = await t.ctx.db
      .select()
      .from(investorProfiles)
      .where(eq(investorProfiles.user_id, investor.id));
    expect(before?.category).toBe('restricted');
    // A year passes.
    const past = new Date(Date.now() - 1000);
    await t.ctx.db
      .update(categorisations)
      .set({ expires_at: past })
      .where(eq(categorisations.user_id, investor.id));
    await t.ctx.db
      .update(investorProfiles)
      .set({ category_expires_at: past })
      .where(eq(investorProfiles.user_id, investor.id));
    await runNow('categorisations.expire');
    const [after] = await t.ctx.db
      .select()
      .from(investorProfiles)
      .where(eq(investorProfiles.user_id, investor.id));
    expect(after).toMatchObject({ category: null, onboarding_state: 'verified' });
  });
});
