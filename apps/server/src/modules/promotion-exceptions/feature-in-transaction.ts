import { isFeatureAvailable, type FeatureKey } from '@portico/contracts';
import type { DbOrTx } from '../../db/client';
import { findBranding } from '../branding/branding.repository';

/**
 * A feature flag read through the caller's transaction: hooks run inside registration's and investor creation's
 * transactions, where a read through the branding service's `db` would wait forever on PGlite's one connection
 * (decision 006). Off unless stored on and built, as the branding service reads it.
 */
export async function featureOnIn(tx: DbOrTx, key: FeatureKey): Promise<boolean> {
  const row = await findBranding(tx);
  return row?.features[key] === true && isFeatureAvailable(key);
}
