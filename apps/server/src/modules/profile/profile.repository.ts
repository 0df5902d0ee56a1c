import { ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { investorProfiles, users } from '../../db/schema';

export type ProfileRow = {
  user: typeof users.$inferSelect;
  profile: typeof investorProfiles.$inferSelect | null;
};

/** An investor's account and profile (the profile row may not exist yet). */
export async function findProfile(db: DbOrTx, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select({ user: users, profile: investorProfiles })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.user_id, users.id))
    .where(and(eq(users.id, userId), eq(users.role_id, ROLES.USER)));
  return row;
}

/**
 * Makes the pending address the account's address, only while it is still the one the link was sent
 * for: a second click, or a link for an address since replaced, changes nothing.
 */
export async function applyPendingEmail(db: DbOrTx, userId: number, pending: string, at: Date) {
  const [row] = await db
    .update(users)
    .set({
      email: pending,
      email_verified_at: at,
      pending_email: null,
      pending_email_requested_at: null,
      updated_at: at,
    })
    .where(and(eq(users.id, userId), eq(users.pending_email, pending)))
    .returning();
  return row;
}
