import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { investorSubscriptions, type InvestorSubscriptionRow } from '../../db/schema';

export type SubscriptionValues = Omit<
  typeof investorSubscriptions.$inferInsert,
  'id' | 'user_id' | 'created_at' | 'updated_at'
>;

export async function findSubscription(
  db: DbOrTx,
  userId: number,
): Promise<InvestorSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(investorSubscriptions)
    .where(eq(investorSubscriptions.user_id, userId));
  return row;
}

/** One membership per investor: the unique index on user_id makes concurrent saves one row. */
export async function upsertSubscription(db: DbOrTx, userId: number, values: SubscriptionValues) {
  const now = new Date();
  const [row] = await db
    .insert(investorSubscriptions)
    .values({ user_id: userId, ...values, updated_at: now })
    .onConflictDoUpdate({ target: investorSubscriptions.user_id, set: { ...values, updated_at: now } })
    .returning();
  if (!row) throw new Error('upsert into investor_subscriptions returned no row');
  return row;
}
