import { FEATURE_KEYS, isFeatureAvailable, ROLES, type FeatureKey, type RoleId } from '@portico/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rowsOf, type Db } from '../db/client';
import { createAuthService } from '../modules/auth/auth.service';
import {
  DEFAULT_MARKET_SOUNDING_DESCRIPTION,
  DEFAULT_RISK_SUMMARY,
} from '../modules/branding/branding.defaults';
import { saveBranding } from '../modules/branding/branding.repository';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { insertUser } from '../modules/users/users.repository';
import { investorSubscriptions, users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { seedCrmDemo } from './crm-demo';
import { seedComplianceTestDemo } from './compliance-test-demo';
import { seedAttributesDemo } from './attributes-demo';
import { seedDealsDemo } from './deals-demo';
import { seedOpportunitiesDemo } from './opportunities-demo';
import { seedInvestingDemo } from './investing-demo';
import { seedPortfolioDemo } from './portfolio-demo';
import { seedTaxReliefDemo } from './tax-relief-demo';
import { seedFundUpdateReportsDemo, seedUpdateReportsDemo } from './update-reports-demo';
import { seedKpiReportsDemo } from './kpi-reports-demo';
import { seedPreEmptionDemo } from './pre-emption-demo';
import { seedWipDemo } from './wip-demo';
import { seedClientGroupsDemo } from './client-groups-demo';
import { seedFundsDemo } from './funds-demo';
import { seedMarketSoundingsDemo } from './market-soundings-demo';
import { seedPaDealsDemo } from './pa-deals-demo';
import { seedInsiderListsDemo } from './insider-lists-demo';
import { seedPromotionExceptionsDemo } from './promotion-exceptions-demo';

export const DEMO_PASSWORD = 'portico-demo';

/** One staff user per role and two verified investors (issue 2); crm-demo.ts adds the CRM (issue 4). */
export const DEMO_USERS: ReadonlyArray<{ email: string; name: string; role_id: RoleId }> = [
  { email: 'admin@portico.test', name: 'Alex Morgan', role_id: ROLES.SUPER_ADMIN },
  { email: 'entrepreneur@portico.test', name: 'Priya Shah', role_id: ROLES.ENTREPRENEUR },
  { email: 'committee@portico.test', name: 'Hugh Bennett', role_id: ROLES.INVESTMENT_COMMITTEE },
  { email: 'investor@portico.test', name: 'Olivia Carter', role_id: ROLES.USER },
  { email: 'investor2@portico.test', name: 'James Whitaker', role_id: ROLES.USER },
  { email: 'custodian@portico.test', name: 'Fiona Campbell', role_id: ROLES.CUSTODIAN },
  { email: 'support@portico.test', name: 'Sam Okafor', role_id: ROLES.SUPPORT },
  { email: 'creator@portico.test', name: 'Chloe Evans', role_id: ROLES.CREATOR },
  { email: 'manager@portico.test', name: 'Daniel Hughes', role_id: ROLES.INVESTMENT_MANAGER },
  { email: 'fundmanager@portico.test', name: 'Grace Li', role_id: ROLES.FUND_MANAGER },
  { email: 'adviser@portico.test', name: 'Tom Fletcher', role_id: ROLES.ADVISER },
];

/**
 * How many days ago each demo user joined. The Super Admin set the platform up first; the staff who
 * work the CRM joined before its oldest records (about 660 days back); the others since; the two demo
 * investors recently, so their categorisations are current.
 */
/** Flags that take something away from the screens and emails: off in the demo. */
const HIDING_FEATURES: readonly FeatureKey[] = ['hideBank', 'hideBankAdmin', 'hidePayee'];
/**
 * Issue 21 (decision 032): off in the demo. Promotion exemptions would hide the live opportunities from investors
 * without one (the demo records them, so switching it on shows sensible data); invite on register and the default
 * associates change what every new registrant gets, which the demo's walk-throughs do not expect.
 */
const LAST_SWITCHES_OFF: readonly FeatureKey[] = [
  'financialPromotionExceptions',
  'inviteOnRegister',
  'defaultInvestorAssociates',
];

const JOINED_DAYS_AGO: Record<string, number> = {
  'admin@portico.test': 1000,
  'support@portico.test': 960,
  'committee@portico.test': 900,
  'manager@portico.test': 820,
  'fundmanager@portico.test': 760,
  'adviser@portico.test': 720,
  'entrepreneur@portico.test': 450,
  'custodian@portico.test': 300,
  'creator@portico.test': 120,
  'investor@portico.test': 60,
  'investor2@portico.test': 30,
};

const DAY_MS = 24 * 3_600_000;

const DEMO_TERMS = [
  'Portico platform terms and conditions (demo)',
  '1. About us. Portico Capital Ltd arranges investments in private companies and funds for its members. These terms govern your use of the platform.',
  '2. Your categorisation. You may only view investment opportunities after confirming the investor category that applies to you, and you must confirm it again every twelve months.',
  '3. Risk. Investments in early-stage companies are high risk. You could lose all the money you invest, and you are unlikely to be protected by the Financial Services Compensation Scheme.',
  '4. Your information. We process your personal data to run your account, to meet our anti-money-laundering duties and to keep you informed about your investments.',
  '5. Changes. We will tell you when these terms change and ask you to accept the new version before you continue to use the platform.',
].join('\n\n');

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}

/** Empties every table of the schema (db:seed --reset). */
export async function resetDatabase(db: Db) {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = rowsOf<{ tablename: string }>(result).map((row) => `"${row.tablename}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

/** A colleague invited but not yet joined: the staff list shows the state, the outbox the email. */
export const DEMO_INVITEE = {
  email: 'newcolleague@portico.test',
  name: 'Maya Patel',
  role_id: ROLES.FUND_MANAGER,
};

export async function seedDemo(ctx: AppContext) {
  const { db } = ctx;
  const now = new Date();
  const values = await Promise.all(
    DEMO_USERS.map(async (user, index) => {
      const joined = new Date(now.getTime() - (JOINED_DAYS_AGO[user.email] ?? 0) * DAY_MS);
      const staff = user.role_id !== ROLES.USER;
      return {
        ...user,
        password: await hashPassword(DEMO_PASSWORD),
        email_verified_at: new Date(joined.getTime() + 20 * 60_000),
        accepted_terms_version: 1,
        // Staff use the platform daily; the demo investors have yet to sign in.
        last_login_at: staff ? new Date(now.getTime() - (index + 1) * 3_600_000) : null,
        created_at: joined,
        updated_at: joined,
      };
    }),
  );
  const notifications = createNotificationsService(ctx);
  const auth = createAuthService(ctx, notifications, async () => 1);
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(users).values(values).returning();
    const admin = inserted.find((user) => user.role_id === ROLES.SUPER_ADMIN);
    const invitee = await insertUser(tx, { ...DEMO_INVITEE, invited_at: now, invited_by: admin?.id ?? null });
    await auth.sendInvitation(tx, invitee, admin?.name ?? 'The Portico team');
    // The demo shows the whole product: every feature that exists on, real terms and risk texts.
    await saveBranding(tx, {
      // Categorisation pop-ups stay off: they cover the portal of every new investor until dismissed. The
      // hide flags stay off too: the demo shows the bank details and payment references they would hide.
      features: Object.fromEntries(
        FEATURE_KEYS.map((key) => [
          key,
          isFeatureAvailable(key) &&
            key !== 'investorTypePopup' &&
            !HIDING_FEATURES.includes(key) &&
            !LAST_SWITCHES_OFF.includes(key),
        ]),
      ),
      terms_text: DEMO_TERMS,
      terms_format: 'text',
      terms_version: 1,
      risk_warning_text: DEFAULT_RISK_SUMMARY,
      market_sounding_description: DEFAULT_MARKET_SOUNDING_DESCRIPTION,
      logo_alt: 'Portico',
    });
    const investors = inserted.filter((user) => user.role_id === ROLES.USER);
    await notifications.record(tx, investors, {
      type: 'App\\Notifications\\Welcome',
      audience: 'user',
      data: {
        message: 'Welcome to **Portico**. Complete your profile to get ready to invest.',
        cta: '/investor/profile/view',
        icon: 'default',
      },
    });
  });
  // Issue 4: the CRM, alive: investors, contacts, organisations, methods and a nominee.
  await seedCrmDemo(ctx, DEMO_PASSWORD);
  // Issue 9: the appropriateness test's banks and tries; the demo's risk warning (on) picks the bank.
  await seedComplianceTestDemo(ctx, isFeatureAvailable('riskWarning') ? 'risk_warning' : 'standard');
  await seedDemoMembership(db, now);
  // Issue 10: the attribute lists, the deal flow, client groups of investors, and opportunities over every
  // status with their pages, investments and invitations.
  await seedAttributesDemo(ctx);
  await seedDealsDemo(ctx);
  await seedClientGroupsDemo(ctx);
  await seedOpportunitiesDemo(ctx, now);
  // Issue 11: the money behind the live and closed rounds (payments, cash calls, bank details).
  await seedInvestingDemo(ctx, now);
  // Issue 11: the completed and matured opportunities as existing investments with holdings and prices.
  await seedPortfolioDemo(ctx, now);
  // Issue 20: EIS3 certificates of the existing investments' allotments, some received, some awaited.
  await seedTaxReliefDemo(ctx, now);
  // Issue 19: six update reports (two drafts, one general news, three about the demo investor's holdings).
  await seedUpdateReportsDemo(ctx, now);
  // Issue 19: eight quarters of KPIs for the existing investments; Fenwick is overdue.
  await seedKpiReportsDemo(ctx, now);
  // Issue 11: Harbour Lane raises again; its holders' pre-emption choices in several states.
  await seedPreEmptionDemo(ctx, now);
  // Issue 19: an overdue cash call, so the WIP report and the overview show one.
  await seedWipDemo(ctx, now);
  // Issue 20: a live EIS fund raising and a 2021 venture fund with calls, fees, a distribution and NAVs.
  await seedFundsDemo(ctx, now);
  // Issue 20: a live update report about Portico Ventures Fund I, read from the fund's page.
  await seedFundUpdateReportsDemo(ctx, now);
  // Issue 21: an open market sounding (accepted and answered, declined, not yet opened) and a cleansed one.
  await seedMarketSoundingsDemo(ctx, now);
  // Issue 21: the insider list of the sounded deal (two staff, the accepting investor) and a permanent insider.
  await seedInsiderListsDemo(ctx, now);
  // Issue 21: two personal account deals, one approved and executed, one refused.
  await seedPaDealsDemo(ctx, now);
  // Issue 21: financial promotion exemptions (valid, one expired) and the default associates, features off.
  await seedPromotionExceptionsDemo(ctx, now);
}

/** Issue 9: the first demo investor is a member (Profile → Membership); the second has no plan. */
async function seedDemoMembership(db: Db, now: Date) {
  const [investor] = await db
    .select({ id: users.id, created_at: users.created_at })
    .from(users)
    .where(eq(users.email, 'investor@portico.test'));
  if (!investor) return;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const renews = new Date(investor.created_at);
  renews.setUTCFullYear(renews.getUTCFullYear() + 1);
  await db.insert(investorSubscriptions).values({
    user_id: investor.id,
    plan_name: 'Angel Club',
    status: 'active',
    started_at: day(investor.created_at),
    renews_at: day(renews > now ? renews : now),
    amount: '250.00',
    currency: 'GBP',
    notes: 'Annual membership, paid by bank transfer.',
  });
}
