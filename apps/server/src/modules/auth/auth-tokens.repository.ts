import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, type AuthTokenPurpose } from '../../db/schema';

export async function replaceToken(
  db: DbOrTx,
  values: { user_id: number; purpose: AuthTokenPurpose; token_hash: string; expires_at: Date },
) {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.user_id, values.user_id), eq(authTokens.purpose, values.purpose)));
  await db.insert(authTokens).values(values);
}

/** Marks a live token used and answers its user id; a used, expired or unknown token answers undefined. */
export async function useToken(db: DbOrTx, purpose: AuthTokenPurpose, tokenHash: string, now: Date) {
  const [row] = await db
    .update(authTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(authTokens.token_hash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.used_at),
        gt(authTokens.expires_at, now),
      ),
    )
    .returning({ user_id: authTokens.user_id });
  return row?.user_id;
}
