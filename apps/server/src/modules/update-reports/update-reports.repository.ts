import { newsListQuery, ROLES, updateReportsListQuery, type ParsedListQuery } from '@portico/contracts';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  funds,
  opportunities,
  updateReportAttachments,
  updateReportReads,
  updateReports,
  updateReportVersions,
  users,
  type UpdateReportRow,
} from '../../db/schema';
import { buildListQuery, exact, partial, type ListQueryBinding } from '../../platform/list-query/drizzle';
import { holdsFundCommitment } from '../portfolio/fund-holdings';
import { shownToInvestor } from '../portfolio/portfolio.repository';

/**
 * Who holds or held an existing investment: as the portfolio decides holdings, an investor with a holding
 * transaction in it that they see (not the allotment of a private_manual investment, decision 014).
 */
export const holdsOrHeld = (userId: SQL, opportunityId: SQL) => sql`exists (
    select 1 from holding_transactions ht
    where ht.user_id = ${userId} and ht.opportunity_id = ${opportunityId} and ${shownToInvestor()})`;

/**
 * Every investor a publication tells (the users condition of notifications.insertForUsers, which adds
 * "not deactivated"): the verified investors who hold or held the investment, who hold a commitment to the
 * fund (issue 20, as the fund page decides it), or every verified investor for general news.
 */
export function recipientsCondition(subject: Pick<UpdateReportRow, 'opportunity_id' | 'fund_id'>): SQL {
  const verifiedInvestor = sql`users.role_id = ${ROLES.USER} and users.email_verified_at is not null`;
  if (subject.opportunity_id !== null)
    return sql`${verifiedInvestor} and ${holdsOrHeld(sql`users.id`, sql`${subject.opportunity_id}::bigint`)}`;
  if (subject.fund_id !== null)
    return sql`${verifiedInvestor} and ${holdsFundCommitment(sql`users.id`, sql`${subject.fund_id}::bigint`)}`;
  return verifiedInvestor;
}

/** The report row, locked for the rest of the transaction (publish, correct, withdraw: one at a time). */
export async function lockReport(tx: DbOrTx, id: number): Promise<UpdateReportRow | undefined> {
  const [row] = await tx.select().from(updateReports).where(eq(updateReports.id, id)).for('update');
  return row;
}

export async function findReport(db: DbOrTx, id: number): Promise<UpdateReportRow | undefined> {
  const [row] = await db.select().from(updateReports).where(eq(updateReports.id, id));
  return row;
}

const creator = alias(users, 'creator');

/** Reports with their opportunity's (or fund's) and creator's names. */
const withNames = (db: DbOrTx) =>
  db
    .select({
      report: updateReports,
      opportunity: {
        id: opportunities.id,
        name: opportunities.name,
        company_name: opportunities.company_name,
      },
      fund: { id: funds.id, name: funds.name },
      creator: { id: creator.id, name: creator.name },
    })
    .from(updateReports)
    .leftJoin(opportunities, eq(opportunities.id, updateReports.opportunity_id))
    .leftJoin(funds, eq(funds.id, updateReports.fund_id))
    .leftJoin(creator, eq(creator.id, updateReports.created_by));

export type NamedReport = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

export async function findNamedReport(db: DbOrTx, id: number): Promise<NamedReport | undefined> {
  const [row] = await withNames(db).where(eq(updateReports.id, id));
  return row;
}

const staffBinding: ListQueryBinding<typeof updateReportsListQuery> = {
  spec: updateReportsListQuery,
  filters: {
    status: exact(updateReports.status),
    // null: general news (no opportunity and no fund)
    opportunity_id: (value) =>
      value === 'null' || value === ''
        ? and(isNull(updateReports.opportunity_id), isNull(updateReports.fund_id))
        : exact(updateReports.opportunity_id, 'int')(value),
    fund_id: (value) =>
      value === 'null' || value === ''
        ? isNull(updateReports.fund_id)
        : exact(updateReports.fund_id, 'int')(value),
    title: partial(updateReports.title),
  },
  sorts: {
    published_at: updateReports.published_at,
    created_at: updateReports.created_at,
    title: updateReports.title,
  },
  tiebreaker: updateReports.id,
};

export async function listReports(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(staffBinding, query);
  const rows = await withNames(db)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db.select({ value: count() }).from(updateReports).where(plan.where);
  return { rows, total: total?.value ?? 0 };
}

export async function attachmentsOf(db: DbOrTx, reportIds: number[]) {
  if (reportIds.length === 0) return [];
  return db
    .select()
    .from(updateReportAttachments)
    .where(inArray(updateReportAttachments.report_id, reportIds))
    .orderBy(asc(updateReportAttachments.id));
}

export async function versionsOf(db: DbOrTx, reportId: number) {
  return db
    .select({ version: updateReportVersions, publisher: { id: users.id, name: users.name } })
    .from(updateReportVersions)
    .leftJoin(users, eq(users.id, updateReportVersions.published_by))
    .where(eq(updateReportVersions.report_id, reportId))
    .orderBy(asc(updateReportVersions.version));
}

/**
 * A live report the investor may read: general news, about an investment they hold or held, or (with the
 * funds feature on) about a fund they hold a commitment to.
 */
export const visibleTo = (userId: number, fundsOn: boolean) =>
  and(
    eq(updateReports.status, 'live'),
    or(
      and(isNull(updateReports.opportunity_id), isNull(updateReports.fund_id)),
      holdsOrHeld(sql`${userId}::bigint`, sql`${updateReports.opportunity_id}`),
      fundsOn ? holdsFundCommitment(sql`${userId}::bigint`, sql`${updateReports.fund_id}`) : undefined,
    ),
  );

/** Reports with their names and when the investor read each. */
const newsOf = (db: DbOrTx, userId: number) =>
  db
    .select({
      report: updateReports,
      opportunity: {
        id: opportunities.id,
        name: opportunities.name,
        company_name: opportunities.company_name,
      },
      fund: { id: funds.id, name: funds.name },
      creator: { id: creator.id, name: creator.name },
      read_at: updateReportReads.read_at,
    })
    .from(updateReports)
    .leftJoin(opportunities, eq(opportunities.id, updateReports.opportunity_id))
    .leftJoin(funds, eq(funds.id, updateReports.fund_id))
    .leftJoin(creator, eq(creator.id, updateReports.created_by))
    .leftJoin(
      updateReportReads,
      and(eq(updateReportReads.report_id, updateReports.id), eq(updateReportReads.user_id, userId)),
    );

const newsBinding: ListQueryBinding<typeof newsListQuery> = {
  spec: newsListQuery,
  filters: {
    opportunity_id: exact(updateReports.opportunity_id, 'int'),
    fund_id: exact(updateReports.fund_id, 'int'),
  },
  sorts: { published_at: updateReports.published_at },
  tiebreaker: updateReports.id,
};

/** The investor's news: their visible live reports, with when they read each. */
export async function listNews(db: DbOrTx, userId: number, fundsOn: boolean, query: ParsedListQuery) {
  const plan = buildListQuery(newsBinding, query);
  // Newest first, and the newest id first among reports published at the same instant.
  const orderBy = [...plan.orderBy.slice(0, -1), desc(updateReports.id)];
  const where = and(visibleTo(userId, fundsOn), plan.where);
  const rows = await newsOf(db, userId)
    .where(where)
    .orderBy(...orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db.select({ value: count() }).from(updateReports).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findNews(db: DbOrTx, userId: number, fundsOn: boolean, id: number) {
  const [row] = await newsOf(db, userId).where(and(eq(updateReports.id, id), visibleTo(userId, fundsOn)));
  return row;
}

export async function unreadCount(db: DbOrTx, userId: number, fundsOn: boolean) {
  const [row] = await db
    .select({ value: count() })
    .from(updateReports)
    .where(
      and(
        visibleTo(userId, fundsOn),
        sql`not exists (select 1 from update_report_reads r where r.report_id = ${updateReports.id} and r.user_id = ${userId})`,
      ),
    );
  return row?.value ?? 0;
}

/** Marks read once; the first read_at stays. */
export async function markRead(db: DbOrTx, userId: number, reportId: number, at: Date) {
  await db
    .insert(updateReportReads)
    .values({ user_id: userId, report_id: reportId, read_at: at })
    .onConflictDoNothing();
  const [row] = await db
    .select({ read_at: updateReportReads.read_at })
    .from(updateReportReads)
    .where(and(eq(updateReportReads.user_id, userId), eq(updateReportReads.report_id, reportId)));
  return row?.read_at ?? at;
}

/** Scheduled reports whose time has come, oldest first. */
export async function dueReports(db: DbOrTx, now: Date) {
  return db
    .select({ id: updateReports.id })
    .from(updateReports)
    .where(
      and(
        eq(updateReports.status, 'scheduled'),
        sql`${updateReports.publish_at} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(updateReports.publish_at), asc(updateReports.id))
    .limit(100);
}
