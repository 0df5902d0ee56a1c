import { organisationApplicationsListQuery, type ParsedListQuery } from '@portico/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { organisationApplications, organisations, users } from '../../db/schema';
import { buildListQuery, exact, partial, type ListQueryBinding } from '../../platform/list-query/drizzle';

const investor = alias(users, 'investor');
const reviewer = alias(users, 'reviewer');

export type ApplicationRecord = typeof organisationApplications.$inferSelect;
export type NewApplicationRecord = typeof organisationApplications.$inferInsert;

export interface ApplicationRow {
  application: ApplicationRecord;
  investor: { id: number; name: string; email: string };
  organisation: { id: number; name: string } | null;
  reviewer: { id: number; name: string } | null;
}

const binding: ListQueryBinding<typeof organisationApplicationsListQuery> = {
  spec: organisationApplicationsListQuery,
  filters: {
    status: exact(organisationApplications.status),
    search: partial(
      investor.name,
      investor.email,
      organisationApplications.proposed_name,
      organisations.name,
    ),
  },
  sorts: { created_at: organisationApplications.created_at, status: organisationApplications.status },
  tiebreaker: organisationApplications.id,
};

const joined = (db: DbOrTx) =>
  db
    .select({
      application: organisationApplications,
      investor: { id: investor.id, name: investor.name, email: investor.email },
      organisation: { id: organisations.id, name: organisations.name },
      reviewer: { id: reviewer.id, name: reviewer.name },
    })
    .from(organisationApplications)
    .innerJoin(investor, eq(investor.id, organisationApplications.user_id))
    .leftJoin(organisations, eq(organisations.id, organisationApplications.organisation_id))
    .leftJoin(reviewer, eq(reviewer.id, organisationApplications.reviewed_by))
    .$dynamic();

export async function listApplications(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(binding, query);
  const rows: ApplicationRow[] = await joined(db)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db
    .select({ value: count() })
    .from(organisationApplications)
    .innerJoin(investor, eq(investor.id, organisationApplications.user_id))
    .leftJoin(organisations, eq(organisations.id, organisationApplications.organisation_id))
    .where(plan.where);
  return { rows, total: total?.value ?? 0 };
}

export async function applicationsOf(db: DbOrTx, userId: number): Promise<ApplicationRow[]> {
  return joined(db)
    .where(eq(organisationApplications.user_id, userId))
    .orderBy(desc(organisationApplications.created_at), desc(organisationApplications.id));
}

export async function findApplication(db: DbOrTx, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await joined(db).where(eq(organisationApplications.id, id));
  return row;
}

/** The investor's pending application to join this organisation, or to create one of this name. */
export async function findPendingDuplicate(
  db: DbOrTx,
  userId: number,
  target: { organisationId: number } | { proposedName: string },
) {
  const [row] = await db
    .select({ id: organisationApplications.id })
    .from(organisationApplications)
    .where(
      and(
        eq(organisationApplications.user_id, userId),
        eq(organisationApplications.status, 'pending'),
        'organisationId' in target
          ? eq(organisationApplications.organisation_id, target.organisationId)
          : sql`lower(${organisationApplications.proposed_name}) = lower(${target.proposedName})`,
      ),
    );
  return row;
}

export async function insertApplication(db: DbOrTx, values: NewApplicationRecord) {
  const [row] = await db.insert(organisationApplications).values(values).returning();
  if (!row) throw new Error('organisation application insert returned no row');
  return row;
}

export async function updateApplication(
  db: DbOrTx,
  id: number,
  patch: Partial<Omit<NewApplicationRecord, 'id' | 'created_at'>>,
) {
  await db
    .update(organisationApplications)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(organisationApplications.id, id));
}

/**
 * Decides a pending application: true when this call changed it. The conditional update locks the
 * row, so of two staff deciding at once only the first wins.
 */
export async function decidePending(
  db: DbOrTx,
  id: number,
  patch: Pick<NewApplicationRecord, 'status' | 'reason' | 'reviewed_by'>,
) {
  const rows = await db
    .update(organisationApplications)
    .set({ ...patch, reviewed_at: new Date(), updated_at: new Date() })
    .where(and(eq(organisationApplications.id, id), eq(organisationApplications.status, 'pending')))
    .returning({ id: organisationApplications.id });
  return rows.length > 0;
}

/** Pending applications to join an organisation that is being deleted are closed with a reason. */
export async function closePendingFor(db: DbOrTx, organisationId: number, reviewerId: number | null) {
  const rows = await db
    .update(organisationApplications)
    .set({
      status: 'rejected',
      reason: 'The organisation was removed.',
      reviewed_by: reviewerId,
      reviewed_at: new Date(),
      updated_at: new Date(),
    })
    .where(
      and(
        eq(organisationApplications.organisation_id, organisationId),
        eq(organisationApplications.status, 'pending'),
      ),
    )
    .returning({ id: organisationApplications.id });
  return rows.length;
}
