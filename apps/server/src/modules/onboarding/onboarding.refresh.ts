import { isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { investorProfiles } from '../../db/schema';
import { refreshOnboardingStates } from '../investors/investors.repository';

const BATCH = 2_000;

/**
 * A platform setting that changes what onboarding asks (the appropriateness test or screening switched
 * on or off, a new terms version) moves every investor past categorisation: their stored state is
 * recomputed, a batch at a time, in the change's transaction. Investors without a valid categorisation
 * cannot be complete either way, and are left as they are.
 */
export async function refreshCategorisedOnboardingStates(tx: DbOrTx) {
  const rows = await tx
    .select({ id: investorProfiles.user_id })
    .from(investorProfiles)
    .where(isNotNull(investorProfiles.category));
  const ids = rows.map((row) => row.id);
  for (let start = 0; start < ids.length; start += BATCH)
    await refreshOnboardingStates(tx, ids.slice(start, start + BATCH));
}
