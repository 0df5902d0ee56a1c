import type { ParsedListQuery } from '@portico/contracts';
import { onboardingReviewsListQuery } from '@portico/contracts';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { documents, onboardingDocuments, onboardingRequirements, users } from '../../db/schema';
import { buildListQuery, exact, partial, type ListQueryBinding } from '../../platform/list-query/drizzle';

export type SubmissionRecord = typeof onboardingDocuments.$inferSelect;
export interface SubmissionRow {
  submission: SubmissionRecord;
  document: typeof documents.$inferSelect | null;
  uploader_name: string | null;
  reviewer_name: string | null;
}
export interface ReviewRow extends SubmissionRow {
  investor: { id: number; name: string; email: string };
  requirement: { id: number; name: string; kind: 'upload' | 'sign' };
}

const uploader = alias(users, 'uploader');
const reviewer = alias(users, 'reviewer');
const investor = alias(users, 'investor');

const selection = {
  submission: onboardingDocuments,
  document: documents,
  uploader_name: uploader.name,
  reviewer_name: reviewer.name,
};

const joined = (db: DbOrTx) =>
  db
    .select(selection)
    .from(onboardingDocuments)
    .leftJoin(documents, eq(documents.id, onboardingDocuments.document_id))
    .leftJoin(uploader, eq(uploader.id, documents.uploaded_by))
    .leftJoin(reviewer, eq(reviewer.id, onboardingDocuments.reviewed_by));

const newestFirst = [desc(onboardingDocuments.created_at), desc(onboardingDocuments.id)];

/** Every submission of an investor, newest first. */
export function submissionsOf(db: DbOrTx, userId: number): Promise<SubmissionRow[]> {
  return joined(db)
    .where(eq(onboardingDocuments.user_id, userId))
    .orderBy(...newestFirst);
}

/** One submission of an investor, locked for a decision. */
export async function lockSubmission(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(onboardingDocuments)
    .where(and(eq(onboardingDocuments.id, id), eq(onboardingDocuments.user_id, userId)))
    .for('update');
  return row;
}

export async function latestSubmission(db: DbOrTx, userId: number, requirementId: number) {
  const [row] = await db
    .select()
    .from(onboardingDocuments)
    .where(
      and(eq(onboardingDocuments.user_id, userId), eq(onboardingDocuments.requirement_id, requirementId)),
    )
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

export async function insertSubmission(db: DbOrTx, values: typeof onboardingDocuments.$inferInsert) {
  const [row] = await db.insert(onboardingDocuments).values(values).returning();
  if (!row) throw new Error('insert into onboarding_documents returned no row');
  return row;
}

export async function updateSubmission(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof onboardingDocuments.$inferInsert>,
) {
  await db
    .update(onboardingDocuments)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(onboardingDocuments.id, id));
}

/**
 * Makes uploads for one investor's requirement wait for each other until their transaction ends, so
 * each closes the one before it rather than both staying pending.
 */
export async function lockRequirementOf(db: DbOrTx, userId: number, requirementId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('onboarding_documents'), hashtext(${`${userId}:${requirementId}`}))`,
  );
}

/** Earlier submissions for the same requirement still awaiting review are closed by a newer upload. */
export async function supersedePendingSubmissions(
  db: DbOrTx,
  userId: number,
  requirementId: number,
  reason: string,
) {
  return db
    .update(onboardingDocuments)
    .set({ status: 'rejected', reason, reviewed_at: new Date(), updated_at: new Date() })
    .where(
      and(
        eq(onboardingDocuments.user_id, userId),
        eq(onboardingDocuments.requirement_id, requirementId),
        eq(onboardingDocuments.status, 'pending'),
        // A file of an identity check is decided with the check, never replaced on its own.
        isNull(onboardingDocuments.screening_check_id),
      ),
    )
    .returning({ id: onboardingDocuments.id });
}

/** The active sign-up documents that are files of the identity check (issue 18). */
export function evidenceRequirements(db: DbOrTx) {
  return db
    .select()
    .from(onboardingRequirements)
    .where(and(eq(onboardingRequirements.active, true), isNotNull(onboardingRequirements.identity_evidence)));
}

/** One submission of an investor (no lock). */
export async function findSubmission(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(onboardingDocuments)
    .where(and(eq(onboardingDocuments.id, id), eq(onboardingDocuments.user_id, userId)));
  return row;
}

const binding: ListQueryBinding<typeof onboardingReviewsListQuery> = {
  spec: onboardingReviewsListQuery,
  filters: {
    status: exact(onboardingDocuments.status),
    requirement_id: exact(onboardingDocuments.requirement_id, 'int'),
    investor_id: exact(onboardingDocuments.user_id, 'int'),
    search: partial(investor.name, investor.email),
  },
  sorts: {
    created_at: onboardingDocuments.created_at,
    reviewed_at: onboardingDocuments.reviewed_at,
  },
  tiebreaker: onboardingDocuments.id,
};

/** The review queue: submissions across investors, filtered and sorted by the list-query grammar. */
export async function listReviews(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(binding, query);
  const rows: ReviewRow[] = await db
    .select({
      ...selection,
      investor: { id: investor.id, name: investor.name, email: investor.email },
      requirement: {
        id: onboardingRequirements.id,
        name: onboardingRequirements.name,
        kind: onboardingRequirements.kind,
      },
    })
    .from(onboardingDocuments)
    .innerJoin(investor, eq(investor.id, onboardingDocuments.user_id))
    .innerJoin(onboardingRequirements, eq(onboardingRequirements.id, onboardingDocuments.requirement_id))
    .leftJoin(documents, eq(documents.id, onboardingDocuments.document_id))
    .leftJoin(uploader, eq(uploader.id, documents.uploaded_by))
    .leftJoin(reviewer, eq(reviewer.id, onboardingDocuments.reviewed_by))
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db
    .select({ value: count() })
    .from(onboardingDocuments)
    .innerJoin(investor, eq(investor.id, onboardingDocuments.user_id))
    .where(plan.where);
  return { rows, total: total?.value ?? 0 };
}
