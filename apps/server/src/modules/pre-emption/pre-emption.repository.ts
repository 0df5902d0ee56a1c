import {
  compareDecimal,
  COMMITTED_INVESTMENT_STATUSES,
  PRE_EMPTION_CHOICE,
  subtractDecimal,
  sumDecimals,
} from '@portico/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { investments, preEmptionChoices, users, type OpportunityRow } from '../../db/schema';
import { preEmptiveSharesOf } from '../cap-table/cap-table.repository';
import { claimOf, entitlementOf, outstandingOf, totalOutstanding, windowOpen } from './pre-emption.math';

/**
 * Shares held in an existing investment now, per platform holder, in the classes that carry pre-emption
 * (decision 020): allotted and bought, less sold. `shares` counts every holding (the cap table, hence the
 * pro-rata); `shown_shares` only what the investor may see (not a private_manual allotment, decision 014):
 * a right, a notice and the figures shown to them rest on it.
 */
export async function holdersOf(db: DbOrTx, existingId: number) {
  return (await preEmptiveSharesOf(db, existingId)).platform;
}

/**
 * The statutory base of a round's entitlements (decision 020): the platform holders' and the off-platform
 * holders' shares in the classes that carry pre-emption, and their whole (the denominator).
 */
export async function preEmptionBaseOf(db: DbOrTx, existingId: number) {
  const { platform, offPlatform } = await preEmptiveSharesOf(db, existingId);
  const total = sumDecimals(
    [...platform.map((row) => row.shares), ...offPlatform.map((row) => row.shares)],
    6,
  );
  return { platform, offPlatform, total };
}

/**
 * Gives each holder of the existing investment a choice on the round (decision 015): Awaiting, or Not
 * applicable for a holder with no shares they can see. A choice already made is kept. Answers the
 * choices it created.
 */
export async function insertHolderChoices(
  tx: DbOrTx,
  roundId: number,
  holders: Array<{ user_id: number; shown_shares: string }>,
  now: Date,
) {
  if (holders.length === 0) return [];
  return tx
    .insert(preEmptionChoices)
    .values(
      holders.map((holder) => ({
        opportunity_id: roundId,
        user_id: holder.user_id,
        choice:
          compareDecimal(holder.shown_shares, '0') > 0
            ? PRE_EMPTION_CHOICE.AWAITING
            : PRE_EMPTION_CHOICE.NOT_APPLICABLE,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ user_id: preEmptionChoices.user_id, choice: preEmptionChoices.choice });
}

/** Money each user has committed (reserved, called, paid) to a round: all of it, and what they may see. */
async function committedByUser(
  db: DbOrTx,
  roundId: number,
): Promise<Map<number, { total: string; shown: string }>> {
  const rows = await db
    .select({
      user_id: investments.user_id,
      total: sql<string>`coalesce(sum(${investments.amount}), 0)::numeric(16, 2)::text`,
      shown: sql<string>`coalesce(sum(${investments.amount}) filter (where ${investments.type} is distinct from 'private_manual'), 0)::numeric(16, 2)::text`,
    })
    .from(investments)
    .where(
      and(
        eq(investments.opportunity_id, roundId),
        inArray(investments.status, [...COMMITTED_INVESTMENT_STATUSES]),
      ),
    )
    .groupBy(investments.user_id);
  return new Map(rows.map((row) => [row.user_id, { total: row.total, shown: row.shown }]));
}

const decider = alias(users, 'decider');

/**
 * Every holder's row on a round: their shares in the existing investment, entitlement, choice, what they
 * have committed, and the claim still outstanding (decision 015). Read inside the caller's transaction.
 */
export async function claimsOf(db: DbOrTx, round: OpportunityRow) {
  if (round.pre_emption_of_id === null) return [];
  const { platform: holders, total } = await preEmptionBaseOf(db, round.pre_emption_of_id);
  const held = new Map(holders.map((row) => [row.user_id, row] as const));
  const committed = await committedByUser(db, round.id);
  const rows = await db
    .select({
      choice: preEmptionChoices,
      user: { id: users.id, name: users.name, email: users.email },
      decided_by: { id: decider.id, name: decider.name },
    })
    .from(preEmptionChoices)
    .innerJoin(users, eq(users.id, preEmptionChoices.user_id))
    .leftJoin(decider, eq(decider.id, preEmptionChoices.decided_by))
    .where(eq(preEmptionChoices.opportunity_id, round.id))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => {
    const holding = held.get(row.user.id);
    const shares = holding?.shares ?? '0';
    const entitlement = entitlementOf(shares, total, round);
    const userCommitted = committed.get(row.user.id)?.total ?? '0.00';
    const claim = claimOf(row.choice.choice, row.choice.amount, entitlement?.amount ?? null);
    return {
      ...row,
      decided_by: row.decided_by?.id ? row.decided_by : null,
      shares,
      /** what the investor is shown: their holding and commitments without private_manual ones */
      shown_shares: holding?.shown_shares ?? '0',
      shown_committed: committed.get(row.user.id)?.shown ?? '0.00',
      entitlement,
      committed: userCommitted,
      outstanding: outstandingOf(claim, userCommitted),
    };
  });
}
export type Claim = Awaited<ReturnType<typeof claimsOf>>[number];

/** The issued shares of the classes that carry pre-emption, platform and off-platform (decision 020). */
export async function totalHeld(db: DbOrTx, existingId: number): Promise<string> {
  return (await preEmptionBaseOf(db, existingId)).total;
}

/**
 * Whether the round can keep its promises: its holders' outstanding entitlements against what it has left
 * (its maximum less what is committed). Null when it can (or holds nothing: no maximum, window closed).
 * Read under the round's row lock by every writer that can grow the entitlements.
 */
export async function unkeptPromise(tx: DbOrTx, round: OpportunityRow, today: string) {
  if (round.maximum_amount === null || !windowOpen(round, today)) return null;
  const promised = totalOutstanding(await claimsOf(tx, round));
  const committed = sumDecimals([...(await committedByUser(tx, round.id)).values()].map((row) => row.total));
  const left = subtractDecimal(round.maximum_amount, committed);
  if (compareDecimal(promised, left) <= 0) return null;
  return { promised, left: left.startsWith('-') ? '0.00' : left };
}
