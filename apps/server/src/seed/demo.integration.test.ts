import { ROLE_IDS } from '@portico/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import {
  categorisations,
  contacts,
  documents,
  investmentMethodEntities,
  investmentMethods,
  investorProfiles,
  leadStatuses,
  mailOutbox,
  nomineeClients,
  nominees,
  onboardingRequirements,
  organisationApplications,
  organisationLinks,
  organisations,
  users,
} from '../db/schema';
import { detectFileType } from '../platform/storage/file-types';
import { createTestApp, type TestApp } from '../test/test-app';
import { CRM_DEMO_COUNTS, DEMO_LEAD_STATUSES } from './crm-demo';
import { DEMO_INVITEE, DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, resetDatabase, seedDemo } from './demo';

// The whole demo (200 investors and their records) takes a few seconds on the embedded database.
const SEED_TIMEOUT = 120_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const total = (table: Parameters<TestApp['ctx']['db']['$count']>[0]) => t.ctx.db.$count(table);

async function query<T>(text: string) {
  return rowsOf<T>(await t.ctx.db.execute(sql.raw(text)));
}

describe('demo data', () => {
  it(
    'holds one user per role, the demo investors, and an invited colleague with their email',
    async () => {
      expect(await isDatabaseEmpty(t.ctx.db)).toBe(true);
      await seedDemo(t.ctx);
      const rows = await t.ctx.db.select().from(users);
      expect(new Set(rows.map((row) => row.role_id))).toEqual(new Set(ROLE_IDS));
      expect(rows.filter((row) => row.role_id === 5)).toHaveLength(CRM_DEMO_COUNTS.investors + 2);
      expect(rows.find((row) => row.email === DEMO_INVITEE.email)?.password).toBeNull();
      const mails = await t.ctx.db.select().from(mailOutbox);
      expect(mails.map((mail) => mail.to_address)).toContain(DEMO_INVITEE.email);
    },
    SEED_TIMEOUT,
  );

  it('lets every demo user sign in with the demo password, and a generated investor too', async () => {
    for (const user of DEMO_USERS) await t.agent().login(user.email, DEMO_PASSWORD);
    const [generated] = await t.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} like '%@example.%'`)
      .limit(1);
    if (!generated) throw new Error('no generated investor');
    await t.agent().login(generated.email, DEMO_PASSWORD);
  });

  it('fills the CRM: the counts issue 4 asks for', async () => {
    expect(await total(leadStatuses)).toBe(DEMO_LEAD_STATUSES.length);
    expect(await total(onboardingRequirements)).toBe(CRM_DEMO_COUNTS.onboardingRequirements);
    expect(await total(contacts)).toBe(CRM_DEMO_COUNTS.contacts);
    expect(await total(organisations)).toBe(CRM_DEMO_COUNTS.organisations);
    expect(await total(investmentMethods)).toBe(CRM_DEMO_COUNTS.investmentMethods);
    expect(await total(nominees)).toBe(CRM_DEMO_COUNTS.nominees);
    expect(await total(nomineeClients)).toBeGreaterThanOrEqual(10);
    expect(await total(investmentMethodEntities)).toBeGreaterThan(0);
    const pending = await t.ctx.db
      .select({ value: count() })
      .from(organisationApplications)
      .where(eq(organisationApplications.status, 'pending'));
    expect(pending[0]?.value).toBe(CRM_DEMO_COUNTS.pendingApplications);

    // Every organisation has 2 to 6 members.
    const sizes = await query<{ members: number | string }>(
      'select count(l.id) as members from organisations o left join organisation_links l on l.organisation_id = o.id group by o.id',
    );
    for (const { members } of sizes) expect(Number(members)).toBeGreaterThanOrEqual(2);
    for (const { members } of sizes) expect(Number(members)).toBeLessThanOrEqual(6);
    expect(await total(organisationLinks)).toBeGreaterThanOrEqual(20);

    // Contacts: some converted (state 3, linked to the investor with their email), some inactive.
    const converted = await query<{ email: string; investor: string | null }>(
      'select c.email, u.email as investor from contacts c left join users u on u.id = c.user_id where c.state = 3',
    );
    expect(converted.length).toBeGreaterThan(0);
    for (const row of converted) expect(row.investor).toBe(row.email);
    const inactive = await t.ctx.db.select({ value: count() }).from(contacts).where(eq(contacts.state, 2));
    expect(inactive[0]?.value).toBeGreaterThan(0);
  });

  it('gives about 60% of investors a current categorisation, a few expiring soon and a few expired', async () => {
    const [profile] = await query<{ investors: string; current: string; expiring: string }>(`
      select count(*) as investors,
        count(*) filter (where p.category is not null) as current,
        count(*) filter (where p.category_expires_at < now() + interval '30 days') as expiring
      from users u join investor_profiles p on p.user_id = u.id where u.role_id = 5`);
    const share = Number(profile?.current) / Number(profile?.investors);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.7);
    expect(Number(profile?.expiring)).toBeGreaterThan(0);
    const malformed = await query<{ value: string }>(
      `select count(*) as value from categorisations where jsonb_typeof(answers) <> 'object'`,
    );
    expect(Number(malformed[0]?.value)).toBe(0);
    const expired = await query<{ value: string }>(
      `select count(*) as value from categorisations where status = 'approved' and expires_at < now()`,
    );
    expect(Number(expired[0]?.value)).toBeGreaterThan(0);
    // The denormalised state follows its sources: every onboarding state but "registered" occurs.
    const states = await t.ctx.db
      .selectDistinct({ state: investorProfiles.onboarding_state })
      .from(investorProfiles);
    expect(new Set(states.map((row) => row.state))).toEqual(
      new Set(['verified', 'categorised', 'documents', 'complete']),
    );
  });

  it('shows the demo investor a categorisation, public documents and stored files', async () => {
    const agent = t.agent();
    await agent.login('investor@portico.test', DEMO_PASSWORD);
    const own = (await agent.get('/api/profile/documents')).json<{
      data: Array<{ name: string; visibility: string; url: string }>;
    }>();
    expect(own.data.map((document) => document.name)).toEqual(
      expect.arrayContaining(['Welcome pack.pdf', 'Portfolio statement.pdf']),
    );
    expect(own.data.every((document) => document.visibility === 'public')).toBe(true);
    const [olivia] = await t.ctx.db
      .select({ category: investorProfiles.category })
      .from(investorProfiles)
      .innerJoin(users, eq(users.id, investorProfiles.user_id))
      .where(eq(users.email, 'investor@portico.test'));
    expect(olivia?.category).toBe('high_net_worth');
    const [second] = await t.ctx.db
      .select({ value: count() })
      .from(categorisations)
      .innerJoin(users, eq(users.id, categorisations.user_id))
      .where(eq(users.email, 'investor2@portico.test'));
    expect(second?.value).toBe(1);

    // Every document row has its file in storage, and it is a real PDF.
    const stored = await t.ctx.db.select({ key: documents.storage_key }).from(documents);
    expect(stored.length).toBeGreaterThan(100);
    for (const { key } of stored.slice(0, 25)) {
      const file = await t.ctx.storage.get(key);
      expect(file && detectFileType(file.body)?.contentType).toBe('application/pdf');
    }
  });

  it('has investor@portico.test ready to invest and investor2@portico.test still onboarding', async () => {
    for (const [email, ready] of [
      ['investor@portico.test', true],
      ['investor2@portico.test', false],
    ] as const) {
      const agent = t.agent();
      await agent.login(email, DEMO_PASSWORD);
      const onboarding = (await agent.get('/api/profile/onboarding')).json<{
        data: { ready_to_invest: boolean; steps: Array<{ key: string; state: string }> };
      }>();
      expect(onboarding.data.ready_to_invest).toBe(ready);
      const [row] = await t.ctx.db
        .select({ state: investorProfiles.onboarding_state })
        .from(investorProfiles)
        .innerJoin(users, eq(users.id, investorProfiles.user_id))
        .where(eq(users.email, email));
      expect(row?.state === 'complete').toBe(ready);
    }
  });

  it('keeps every address as the contract has it: countries as two-letter codes', async () => {
    const countries = await query<{ country: string }>(
      `select country from investor_profiles where country is not null
       union select country from contacts where country is not null
       union select country from organisations where country is not null
       union select country from nominees where country is not null`,
    );
    expect(countries.length).toBeGreaterThan(0);
    for (const { country } of countries) expect(country).toMatch(/^[A-Z]{2}$/);
  });

  it('writes the audit rows the activity timelines read, and the staff tasks', async () => {
    const admin = t.agent();
    await admin.login('admin@portico.test', DEMO_PASSWORD);
    const [investor] = await query<{ id: string }>(
      `select subject_id as id from audit_log where action = 'onboarding_document.approved' order by id limit 1`,
    );
    const activity = (await admin.get(`/api/investors/${investor?.id}/activity`)).json<{
      data: Array<{ description: string }>;
    }>();
    expect(activity.data.length).toBeGreaterThan(3);
    expect(activity.data.map((entry) => entry.description)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^(Proof of identity|Proof of address|Source of funds) approved$/),
      ]),
    );
    const mine = (await admin.get('/api/tasks?filter[assignee]=me&filter[status]=overdue')).json<{
      meta: { total: number };
    }>();
    expect(mine.meta.total).toBeGreaterThan(0);
  });

  it('tells a consistent story: nothing happens to a record or by a person before they exist', async () => {
    const subjects = `(select 'investor' as type, id, created_at from users
        union all select 'contact', id, created_at from contacts
        union all select 'organisation', id, created_at from organisations
        union all select 'nominee', id, created_at from nominees
        union all select 'investment_method', id, created_at from investment_methods)`;
    for (const table of ['notes', 'tasks', 'documents']) {
      const early = await query<{ id: string }>(
        `select r.id from ${table} r join ${subjects} s on s.type = r.subject_type and s.id = r.subject_id
         where r.created_at < s.created_at`,
      );
      expect(early, `${table} older than their record`).toEqual([]);
    }
    const earlyCalls = await query<{ id: string }>(
      `select r.id from calls r join ${subjects} s on s.type = r.subject_type and s.id = r.subject_id
       where r.occurred_at < s.created_at`,
    );
    expect(earlyCalls, 'calls before their record existed').toEqual([]);
    const beforeActor = await query<{ action: string; email: string }>(
      `select a.action, u.email from audit_log a join users u on u.id = a.actor_id where a.created_at < u.created_at`,
    );
    expect(beforeActor, JSON.stringify(beforeActor.slice(0, 3))).toEqual([]);
    const beforeSubject = await query<{ action: string }>(
      `select a.action from audit_log a join users u on u.id = a.subject_id
       where a.subject_type in ('investor', 'user') and a.created_at < u.created_at`,
    );
    expect(beforeSubject, 'activity older than its investor').toEqual([]);
    const beforeJoining = await query<{ email: string }>(
      `select email from users where last_login_at < created_at or email_verified_at < created_at`,
    );
    expect(beforeJoining).toEqual([]);
    const actedSignedOut = await query<{ email: string }>(
      `select distinct u.email from audit_log a join users u on u.id = a.actor_id
       where a.request_id = 'demo-seed' and (u.last_login_at is null or a.created_at > u.last_login_at)`,
    );
    expect(actedSignedOut, 'people who acted after their last sign-in').toEqual([]);
  });

  it('gives an invited colleague who never signed in no activity at all', async () => {
    const [invitee] = await query<{ id: string; last_login_at: string | null }>(
      `select id, last_login_at from users where email = '${DEMO_INVITEE.email}'`,
    );
    expect(invitee?.last_login_at).toBeNull();
    const id = Number(invitee?.id);
    const traces = await query<{ source: string }>(`
      select 'audit' as source from audit_log where actor_id = ${id}
      union all select 'owner' from investor_profiles where owner_id = ${id} or adviser_id = ${id}
      union all select 'contact owner' from contacts where owner_id = ${id}
      union all select 'note' from notes where author_id = ${id}
      union all select 'call' from calls where author_id = ${id}
      union all select 'task' from tasks where assignee_id = ${id} or created_by = ${id}
      union all select 'document' from documents where uploaded_by = ${id}
      union all select 'categorisation' from categorisations where recorded_by = ${id} or reviewed_by = ${id}
      union all select 'onboarding review' from onboarding_documents where reviewed_by = ${id}`);
    expect(traces).toEqual([]);
    // Nobody who never set a password has signed in or done anything either.
    const silent = await query<{ email: string }>(
      `select u.email from users u where u.password is null
       and (u.last_login_at is not null or exists (select 1 from audit_log a where a.actor_id = u.id))`,
    );
    expect(silent).toEqual([]);
  });

  it('has staff who joined over time, the Super Admin first', async () => {
    const staff = await query<{ email: string; role_id: number | string; created_at: string | Date }>(
      `select email, role_id, created_at from users where role_id <> 5 order by created_at, id`,
    );
    const days = new Set(staff.map((row) => new Date(row.created_at).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(staff.length / 2);
    expect(staff[0]?.email).toBe('admin@portico.test');
    expect(Number(staff[0]?.role_id)).toBe(1);
    const oldest = new Date(staff[0]?.created_at ?? 0).getTime();
    expect(Date.now() - oldest).toBeGreaterThan(365 * 24 * 3_600_000);
  });

  it(
    'can be reset and loaded again, the same',
    async () => {
      const before = await query<{ name: string; email: string }>(
        'select name, email from users order by id',
      );
      await resetDatabase(t.ctx.db);
      expect(await isDatabaseEmpty(t.ctx.db)).toBe(true);
      await seedDemo(t.ctx);
      expect(await isDatabaseEmpty(t.ctx.db)).toBe(false);
      expect(await query('select name, email from users order by id')).toEqual(before);
    },
    SEED_TIMEOUT,
  );
});
