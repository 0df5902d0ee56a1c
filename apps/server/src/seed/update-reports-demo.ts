import { ROLES } from '@portico/contracts';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  funds,
  opportunities,
  updateReportReads,
  updateReports,
  updateReportVersions,
  users,
} from '../db/schema';
import { recipientsCondition } from '../modules/update-reports/update-reports.repository';

const DAY_MS = 86_400_000;

interface DemoReport {
  title: string;
  body: string;
  /** the existing investment's slug; null for general news */
  about: string | null;
  /** days before `now` it was published; null for a draft */
  publishedDaysAgo: number | null;
  /** whether the demo investor has read it */
  read?: boolean;
}

/**
 * Issue 19: six update reports (decision 022). Three live updates about the existing investments the demo
 * investor (investor@portico.test) holds, one live general news item, and two drafts; published over the
 * last months. No notifications are seeded; the oldest two are marked read by the demo investor.
 */
const REPORTS: DemoReport[] = [
  {
    title: 'Harbour Lane Coffee: supermarket listing and a record quarter',
    body: '<h2>Highlights</h2><ul><li>Listing signed with a national supermarket: 320 stores from spring.</li><li>Revenue up 40% on the same quarter last year.</li><li>A first dividend of 2p a share was paid.</li></ul><p>The roastery runs two shifts to meet the listing. Cash covers 14 months of costs.</p>',
    about: 'harbour-lane-coffee',
    publishedDaysAgo: 95,
    read: true,
  },
  {
    title: 'Fenwick Medical Devices: CE mark granted',
    body: '<p>Fenwick received its <strong>CE mark</strong> for the infusion monitor this month, which opens sales in the EU.</p><h3>What comes next</h3><p>The first distributor agreements are in negotiation. NHS procurement remains slower than planned, as reported in the last update.</p>',
    about: 'fenwick-medical-devices',
    publishedDaysAgo: 40,
  },
  {
    title: 'Old Forge Brewing: trade sale completed',
    body: '<p>The sale of Old Forge Brewing to a regional brewer has completed at <strong>£1.85 a share</strong>. Proceeds have been paid to every holder.</p><p>Thank you for backing the brewery from its first taproom.</p>',
    about: 'old-forge-brewing',
    publishedDaysAgo: 150,
    read: true,
  },
  {
    title: 'Our investor evening in London',
    body: '<p>Join the team and founders from our portfolio for an evening of short talks and questions.</p><p>Invitations with the date and venue follow by email.</p>',
    about: null,
    publishedDaysAgo: 12,
  },
  {
    title: 'Harbour Lane Coffee: half-year results (draft)',
    body: '<p>Figures to be confirmed with the company’s finance director.</p>',
    about: 'harbour-lane-coffee',
    publishedDaysAgo: null,
  },
  {
    title: 'Tax year end: what EIS investors should know',
    body: '<p>A reminder of the EIS certificates issued this year and where to find them in your documents.</p>',
    about: null,
    publishedDaysAgo: null,
  },
];

export async function seedUpdateReportsDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(updateReports);
    if ((existing?.value ?? 0) > 0) return;
    const [admin] = await tx
      .select({ id: users.id, created_at: users.created_at })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const [investor] = await tx
      .select({ id: users.id, created_at: users.created_at })
      .from(users)
      .where(and(eq(users.email, 'investor@portico.test'), eq(users.role_id, ROLES.USER)));
    const slugs = REPORTS.flatMap((report) => (report.about ? [report.about] : []));
    const companies = await tx
      .select({ id: opportunities.id, slug: opportunities.slug, completed_at: opportunities.completed_at })
      .from(opportunities)
      .where(and(inArray(opportunities.slug, slugs), inArray(opportunities.status, [5, 6])));
    const idOf = new Map(companies.map((company) => [company.slug, company.id]));
    const completedOf = new Map(companies.map((company) => [company.slug, company.completed_at]));
    // A consistent story: nothing is published before its author joined or its company completed, nothing
    // after now, and nothing read before its reader joined.
    const notBefore = (candidate: Date, report: DemoReport) => {
      const floors = [admin?.created_at, report.about ? completedOf.get(report.about) : null]
        .filter((value): value is Date => value instanceof Date)
        .map((value) => value.getTime() + DAY_MS);
      return new Date(Math.min(Math.max(candidate.getTime(), ...floors), now.getTime() - 3_600_000));
    };

    for (const report of REPORTS) {
      const opportunityId = report.about ? idOf.get(report.about) : null;
      if (opportunityId === undefined) continue;
      const publishedAt =
        report.publishedDaysAgo === null
          ? null
          : notBefore(new Date(now.getTime() - report.publishedDaysAgo * DAY_MS), report);
      const created = new Date(
        Math.max((publishedAt ?? now).getTime() - 2 * DAY_MS, (admin?.created_at ?? now).getTime()),
      );
      let recipients: number | null = null;
      if (publishedAt) {
        const [counted] = await tx
          .select({ value: count() })
          .from(users)
          .where(
            and(
              isNull(users.deactivated_at),
              sql`${recipientsCondition({ opportunity_id: opportunityId, fund_id: null })}`,
            ),
          );
        recipients = counted?.value ?? 0;
      }
      const [row] = await tx
        .insert(updateReports)
        .values({
          title: report.title,
          body: report.body,
          opportunity_id: opportunityId,
          status: publishedAt ? 'live' : 'draft',
          published_at: publishedAt,
          version: publishedAt ? 1 : 0,
          recipients,
          created_by: admin?.id ?? null,
          updated_by: admin?.id ?? null,
          created_at: created,
          updated_at: publishedAt ?? created,
        })
        .returning({ id: updateReports.id });
      if (!row || !publishedAt) continue;
      await tx.insert(updateReportVersions).values({
        report_id: row.id,
        version: 1,
        title: report.title,
        body: report.body,
        published_at: publishedAt,
        published_by: admin?.id ?? null,
      });
      if (report.read && investor)
        await tx.insert(updateReportReads).values({
          user_id: investor.id,
          report_id: row.id,
          read_at: new Date(
            Math.min(Math.max(publishedAt.getTime(), investor.created_at.getTime()) + DAY_MS, now.getTime()),
          ),
        });
    }
  });
}

const FUND_REPORT = {
  fund: 'Portico Ventures Fund I',
  title: 'Portico Ventures Fund I: annual letter to investors',
  body: '<h2>The year in brief</h2><ul><li>Eight portfolio companies: six growing, one exited (Kestrel Analytics, whose proceeds were returned as capital) and one written off.</li><li>The fund is fully invested; no further capital will be called except for fees.</li><li>The latest NAV and your capital account are on the fund’s page.</li></ul><h3>Looking ahead</h3><p>Two companies are preparing Series B rounds this year, which the fund expects to lead in part from reserves.</p>',
  publishedDaysAgo: 20,
};

/**
 * Issue 20: one live update report about Portico Ventures Fund I, which its committed investors (the demo
 * investor among them) read from the fund's page. Runs after the funds demo; does nothing when the fund is
 * missing or already has a report.
 */
export async function seedFundUpdateReportsDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [fund] = await tx
      .select({ id: funds.id, created_at: funds.created_at })
      .from(funds)
      .where(eq(funds.name, FUND_REPORT.fund));
    if (!fund) return;
    const [existing] = await tx
      .select({ value: count() })
      .from(updateReports)
      .where(eq(updateReports.fund_id, fund.id));
    if ((existing?.value ?? 0) > 0) return;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const publishedAt = new Date(now.getTime() - FUND_REPORT.publishedDaysAgo * DAY_MS);
    const [counted] = await tx
      .select({ value: count() })
      .from(users)
      .where(
        and(
          isNull(users.deactivated_at),
          sql`${recipientsCondition({ opportunity_id: null, fund_id: fund.id })}`,
        ),
      );
    const [row] = await tx
      .insert(updateReports)
      .values({
        title: FUND_REPORT.title,
        body: FUND_REPORT.body,
        fund_id: fund.id,
        status: 'live',
        published_at: publishedAt,
        version: 1,
        recipients: counted?.value ?? 0,
        created_by: admin?.id ?? null,
        updated_by: admin?.id ?? null,
        created_at: new Date(publishedAt.getTime() - 2 * DAY_MS),
        updated_at: publishedAt,
      })
      .returning({ id: updateReports.id });
    if (!row) return;
    await tx.insert(updateReportVersions).values({
      report_id: row.id,
      version: 1,
      title: FUND_REPORT.title,
      body: FUND_REPORT.body,
      published_at: publishedAt,
      published_by: admin?.id ?? null,
    });
  });
}
