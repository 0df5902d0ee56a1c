import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branding, type BrandingRow } from '../../db/schema';

export const BRANDING_ID = 1;

export async function findBranding(db: DbOrTx): Promise<BrandingRow | undefined> {
  const [row] = await db.select().from(branding).where(eq(branding.id, BRANDING_ID));
  return row;
}

export type BrandingPatch = Partial<Omit<typeof branding.$inferInsert, 'id'>>;

/** Writes the one record, creating it the first time. */
export async function saveBranding(db: DbOrTx, patch: BrandingPatch): Promise<BrandingRow> {
  const [row] = await db
    .insert(branding)
    .values({ id: BRANDING_ID, ...patch })
    .onConflictDoUpdate({ target: branding.id, set: patch })
    .returning();
  if (!row) throw new Error('branding upsert returned no row');
  return row;
}

/** Locks the record for a change (or answers undefined when there is none yet). */
export async function lockBranding(db: DbOrTx): Promise<BrandingRow | undefined> {
  const [row] = await db.select().from(branding).where(eq(branding.id, BRANDING_ID)).for('update');
  return row;
}
