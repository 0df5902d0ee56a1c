import { asc, count, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categorisations, onboardingDocuments, onboardingRequirements } from '../../db/schema';

export type RequirementRow = typeof onboardingRequirements.$inferSelect;
export type NewRequirementRow = typeof onboardingRequirements.$inferInsert;

/** Settings order: by position, then by when they were added. */
export function listRequirements(db: DbOrTx, activeOnly = false): Promise<RequirementRow[]> {
  return db
    .select()
    .from(onboardingRequirements)
    .where(activeOnly ? eq(onboardingRequirements.active, true) : undefined)
    .orderBy(asc(onboardingRequirements.position), asc(onboardingRequirements.id));
}

export async function findRequirement(db: DbOrTx, id: number) {
  const [row] = await db.select().from(onboardingRequirements).where(eq(onboardingRequirements.id, id));
  return row;
}

export async function nextPosition(db: DbOrTx) {
  const [row] = await db.select({ value: max(onboardingRequirements.position) }).from(onboardingRequirements);
  return (row?.value ?? -1) + 1;
}

export async function insertRequirement(db: DbOrTx, values: NewRequirementRow) {
  const [row] = await db.insert(onboardingRequirements).values(values).returning();
  if (!row) throw new Error('insert into onboarding_requirements returned no row');
  return row;
}

export async function updateRequirement(db: DbOrTx, id: number, patch: Partial<NewRequirementRow>) {
  const [row] = await db
    .update(onboardingRequirements)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(onboardingRequirements.id, id))
    .returning();
  return row;
}

export async function deleteRequirement(db: DbOrTx, id: number) {
  await db.delete(onboardingRequirements).where(eq(onboardingRequirements.id, id));
}

export async function countSubmissions(db: DbOrTx, requirementId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(onboardingDocuments)
    .where(eq(onboardingDocuments.requirement_id, requirementId));
  return row?.value ?? 0;
}

/**
 * Investors whose onboarding state can depend on the requirements: those ever approved in a
 * categorisation (the others stop at registered or verified, whatever is required).
 */
export async function categorisedInvestorIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ user_id: categorisations.user_id })
    .from(categorisations)
    .where(eq(categorisations.status, 'approved'));
  return rows.map((row) => row.user_id);
}
