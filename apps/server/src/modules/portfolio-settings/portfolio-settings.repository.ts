import type { PortfolioSettingKind } from '@portico/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { portfolioSettings, type PortfolioSettingRow } from '../../db/schema';

/** Every change takes this lock first, so "at least one column shown" holds against concurrent changes. */
export const lockPortfolioSettings = (tx: DbOrTx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('portfolio_settings'))`);

export const rowsOfKind = (db: DbOrTx, kind: PortfolioSettingKind): Promise<PortfolioSettingRow[]> =>
  db
    .select()
    .from(portfolioSettings)
    .where(eq(portfolioSettings.kind, kind))
    .orderBy(asc(portfolioSettings.position), asc(portfolioSettings.id));

export const allRows = (db: DbOrTx): Promise<PortfolioSettingRow[]> =>
  db.select().from(portfolioSettings).orderBy(asc(portfolioSettings.position), asc(portfolioSettings.id));

export async function rowById(db: DbOrTx, kind: PortfolioSettingKind, id: number) {
  const [row] = await db
    .select()
    .from(portfolioSettings)
    .where(and(eq(portfolioSettings.id, id), eq(portfolioSettings.kind, kind)));
  return row;
}

export async function updateRow(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<PortfolioSettingRow, 'position' | 'shown' | 'label'>>,
) {
  const [row] = await db
    .update(portfolioSettings)
    .set({ ...values, updated_at: new Date() })
    .where(eq(portfolioSettings.id, id))
    .returning();
  return row;
}
