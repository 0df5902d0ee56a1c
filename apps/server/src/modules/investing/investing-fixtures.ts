import { FIRST_INVESTMENT_COOLING_OFF_SECONDS } from '@portico/contracts';
import type { DbOrTx } from '../../db/client';
import { categorisations, firstInvestmentWarnings, type UserRow } from '../../db/schema';
import type { Clock } from '../../platform/time';
import { createUser } from '../../test/factories';

const DAY_MS = 86_400_000;

/** Test data: an approved categorisation that runs for most of a year (tests and benchmarks only). */
export async function categorise(db: DbOrTx, userId: number) {
  const now = Date.now();
  await db.insert(categorisations).values({
    user_id: userId,
    category: 'restricted',
    statement_version: '1',
    statement_text: 'I am a restricted investor.',
    signed_at: new Date(now - DAY_MS),
    expires_at: new Date(now + 300 * DAY_MS),
    status: 'approved',
  });
}

/** Test data: the first-investment warning seen and acknowledged, its cooling-off over by the clock. */
export async function pastCoolingOff(db: DbOrTx, clock: Clock, userId: number) {
  const shown = new Date(clock.now().getTime() - FIRST_INVESTMENT_COOLING_OFF_SECONDS * 1000 - DAY_MS);
  await db.insert(firstInvestmentWarnings).values({
    user_id: userId,
    warning_text: 'Test, this is a high-risk investment.',
    shown_at: shown,
    cooling_off_ends_at: new Date(shown.getTime() + FIRST_INVESTMENT_COOLING_OFF_SECONDS * 1000),
    acknowledged_at: shown,
  });
}

/**
 * Test data: an investor allowed to invest (verified, categorised, terms accepted) whose cooling-off is
 * over, unless `firstTime` leaves the first-investment warning still to see.
 */
export async function readyInvestor(
  db: DbOrTx,
  clock: Clock,
  options: { firstTime?: boolean; name?: string } = {},
): Promise<UserRow> {
  const user = await createUser(db, options.name ? { name: options.name } : {});
  await categorise(db, user.id);
  if (!options.firstTime) await pastCoolingOff(db, clock, user.id);
  return user;
}
