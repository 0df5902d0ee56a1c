import {
  addDecimal,
  COMMITTED_INVESTMENT_STATUSES,
  compareDecimal,
  isZeroDecimal,
  maxDecimal,
  OPPORTUNITY_STATUS,
  sharesFit,
  subtractDecimal,
  wholeSharesFor,
} from '@portico/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { investments, opportunities, type OpportunityRow } from '../../db/schema';
import { fieldError, notFound } from '../../platform/http/errors';
import { longDate } from '../../platform/dates';
import { formatAmount, formatPrice } from '../../platform/money';
import { totalOutstanding, windowOpen } from '../pre-emption/pre-emption.math';
import { claimsOf } from '../pre-emption/pre-emption.repository';

/** Whoever adds committed money says whose money it is and how a refusal is worded. */
export interface CommitmentCheck {
  /** the 422's field for an amount refused: "amount" for both the investor's reservation and a manual investment */
  field?: string;
  /** the opportunity must be taking commitments (Live - External or Live - Internal); default true */
  requireOpen?: boolean;
  /** the investor the money is for: their own pre-emption entitlement in the round is not held against them */
  userId?: number;
  /** the business date (London, YYYY-MM-DD) by the app's clock: the pre-emption window is open to its last day */
  today: string;
  /**
   * The investment this transaction has already inserted, when the caller takes the lock last (issue 22:
   * the rows that do not need the lock are written first, so the lock is held for the check and the
   * commit alone). It is left out of what is committed, so the check and its wording are those of
   * the lock taken first.
   */
  ownInvestmentId?: number;
  /**
   * "investor": the portal's words (a closed round on `opportunity_id`, "Only £X remains."); "staff"
   * (default): the admin's ("That would take the opportunity past its maximum …").
   */
  voice?: 'investor' | 'staff';
}

/** What the gate admitted, under the lock: the opportunity, the amount, and the room around it. */
export interface Commitment {
  opportunity: OpportunityRow;
  /** the amount admitted (an amount given as a function is the function's answer on the locked row) */
  amount: string;
  committed: string;
  /** the maximum less what is committed; null without a maximum */
  remaining: string | null;
  /** holders' pre-emption entitlements held back from this commitment (decision 015) */
  heldForHolders: string;
}

const OPPORTUNITY_CLOSED = 'This opportunity is no longer taking commitments.';
/** The money an opportunity has committed (reserved, called, paid) now, read in the caller's transaction. */
export async function committedOf(
  tx: DbOrTx,
  opportunityId: number,
  /** an investment to leave out (the caller's own, inserted before the lock) */
  exceptInvestmentId?: number,
): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${investments.amount}), 0)::numeric(16, 2)::text` })
    .from(investments)
    .where(
      and(
        eq(investments.opportunity_id, opportunityId),
        inArray(investments.status, [...COMMITTED_INVESTMENT_STATUSES]),
        exceptInvestmentId === undefined ? undefined : ne(investments.id, exceptInvestmentId),
      ),
    );
  return row?.total ?? '0.00';
}

/**
 * The opportunity's row lock (`SELECT … FOR NO KEY UPDATE`), the one every change to what it holds takes:
 * commitments here, and holders' pre-emption choices (which change what is held for them). It excludes
 * every other holder of this lock (and `FOR UPDATE`), but not the `FOR KEY SHARE` lock PostgreSQL's
 * foreign-key check takes when a row naming the opportunity is inserted: so a reservation that inserts
 * its investment first and takes this lock last (issue 22) never deadlocks with another doing the same
 * (two key-share holders each asking for `FOR UPDATE` would).
 */
export async function lockOpportunityRow(
  tx: DbOrTx,
  opportunityId: number,
): Promise<OpportunityRow | undefined> {
  const [row] = await tx
    .select()
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .for('no key update');
  return row;
}

/**
 * THE gate for adding committed money to an opportunity (decisions 014 and 015), used by the investor's
 * reservation (POST /api/investments) and staff manual investments alike. It takes the opportunity's row
 * lock (`lockOpportunityRow`), so concurrent writers queue, then sums what is committed and refuses
 * (422) an amount that would pass the maximum. While a follow-on round's pre-emption window is open, the
 * entitlements holders have not yet taken up are held for them: anyone else (and the part of a holder's
 * increase above their entitlement) fits only into maximum − committed − others' outstanding
 * entitlements, so a holder reserving up to their entitlement is never refused for lack of room. Call it
 * inside the transaction that inserts the investment; the lock holds until that transaction ends. The
 * investor's reservation calls it last, after inserting its rows (`ownInvestmentId`), so the lock is held
 * for the check and the commit alone; staff manual investments call it first.
 * `amount` may be a function of the locked row (the investor's whole shares at its share price).
 */
export async function lockForCommitment(
  tx: DbOrTx,
  opportunityId: number,
  amount: string | ((opportunity: OpportunityRow) => string),
  check: CommitmentCheck,
): Promise<Commitment> {
  const opportunity = await lockOpportunityRow(tx, opportunityId);
  if (!opportunity) throw notFound('No opportunity with that id.');
  return admit(tx, opportunity, amount, check);
}

/**
 * The gate's check without its lock, on a row the caller read (issue 22): the same refusals, in the same
 * order and words, against what is committed now. A reservation that takes the lock last asks it before
 * writing anything, so a round already full refuses at once instead of after its writes; the locked
 * check (`lockForCommitment`) still decides.
 */
export async function precheckCommitment(
  tx: DbOrTx,
  opportunity: OpportunityRow,
  amount: string | ((opportunity: OpportunityRow) => string),
  check: CommitmentCheck,
): Promise<void> {
  await admit(tx, opportunity, amount, check);
}

async function admit(
  tx: DbOrTx,
  opportunity: OpportunityRow,
  amount: string | ((opportunity: OpportunityRow) => string),
  check: CommitmentCheck,
): Promise<Commitment> {
  const field = check.field ?? 'amount';
  const investor = check.voice === 'investor';
  const open =
    opportunity.status === OPPORTUNITY_STATUS.LIVE_EXTERNAL ||
    opportunity.status === OPPORTUNITY_STATUS.LIVE_INTERNAL;
  if ((check.requireOpen ?? true) && !open)
    throw investor
      ? fieldError('opportunity_id', OPPORTUNITY_CLOSED)
      : fieldError(
          field,
          'The opportunity is not taking commitments: only a live opportunity can (reopen a closed round first).',
        );
  // The closing date is the last day commitments are taken (London date), whether or not staff have
  // closed the round yet (issue 18).
  if (
    (check.requireOpen ?? true) &&
    opportunity.closing_date !== null &&
    opportunity.closing_date < check.today
  )
    throw investor
      ? fieldError(
          'opportunity_id',
          `This opportunity closed on ${longDate(opportunity.closing_date)}: it no longer takes commitments.`,
        )
      : fieldError(
          field,
          `The closing date (${longDate(opportunity.closing_date)}) has passed: the opportunity no longer takes commitments. Move the closing date first if the round is to take more.`,
        );
  const money = (value: string) => formatAmount(value, opportunity.currency);
  const admitted = typeof amount === 'function' ? amount(opportunity) : amount;
  const overflow = sharesOverflow(admitted, opportunity);
  if (overflow) throw fieldError(field, overflow);
  const { committed, remaining, heldForHolders, available } = await roomOf(tx, opportunity, {
    today: check.today,
    ...(check.userId === undefined ? {} : { userId: check.userId }),
    ...(check.ownInvestmentId === undefined
      ? {}
      : { committed: await committedOf(tx, opportunity.id, check.ownInvestmentId) }),
  });
  if (remaining === null || available === null)
    return { opportunity, amount: admitted, committed, remaining: null, heldForHolders: '0.00' };
  const left = available;
  const held = isZeroDecimal(heldForHolders)
    ? ''
    : ` ${money(heldForHolders)} is held for existing holders’ pre-emption${opportunity.pre_emption_ends_on ? ` until ${longDate(opportunity.pre_emption_ends_on)}` : ''}.`;
  if (investor && compareDecimal(left, '0') <= 0)
    throw fieldError(
      field,
      isZeroDecimal(heldForHolders)
        ? 'This opportunity is fully committed: nothing remains to invest.'
        : `Nothing remains to invest now:${held}`,
    );
  if (compareDecimal(admitted, left) > 0)
    throw fieldError(
      field,
      investor
        ? `Only ${money(left)} remains.${held}`
        : `That would take the opportunity past its maximum of ${money(opportunity.maximum_amount ?? '0')}: ${money(left)} remains.${held}`,
    );
  return { opportunity, amount: admitted, committed, remaining, heldForHolders };
}

/** The room around an opportunity's maximum, as the gate measures it. */
export interface Room {
  committed: string;
  /** the maximum less what is committed (may be negative); null without a maximum */
  remaining: string | null;
  /** holders' pre-emption entitlements not yet taken up, held while the window is open (decision 015) */
  heldForHolders: string;
  /** what is left to invest: remaining less what is held, never below zero; null without a maximum */
  available: string | null;
}

/**
 * THE one computation of what remains in a round (issue 18): the commitment gate measures an amount
 * against it under the round's lock, and every view that shows an investor "remaining" (the opportunity
 * page and cards, the invest step) shows its `available`. For `userId`, a holder's own outstanding
 * entitlement is not held against them.
 */
export async function roomOf(
  tx: DbOrTx,
  opportunity: OpportunityRow,
  options: { today: string; userId?: number; committed?: string },
): Promise<Room> {
  const committed = options.committed ?? (await committedOf(tx, opportunity.id));
  if (opportunity.maximum_amount === null)
    return { committed, remaining: null, heldForHolders: '0.00', available: null };
  const remaining = subtractDecimal(opportunity.maximum_amount, committed);
  const heldForHolders = windowOpen(opportunity, options.today)
    ? totalOutstanding((await claimsOf(tx, opportunity)).filter((claim) => claim.user.id !== options.userId))
    : '0.00';
  const available = maxDecimal(subtractDecimal(remaining, heldForHolders), '0.00');
  return { committed, remaining, heldForHolders, available };
}

/**
 * The least a round's maximum may be lowered to (issue 18): what is committed plus what pre-emption still
 * holds for every holder. Entitlements are a share of the maximum, so what is held is measured at the
 * maximum proposed. Call it under the round's row lock (lockOpportunityRow).
 */
export async function maximumFloor(
  tx: DbOrTx,
  locked: OpportunityRow,
  proposedMaximum: string,
  today: string,
): Promise<{ floor: string; committed: string; heldForHolders: string }> {
  const { committed, heldForHolders } = await roomOf(
    tx,
    { ...locked, maximum_amount: proposedMaximum },
    { today },
  );
  return { floor: addDecimal(committed, heldForHolders), committed, heldForHolders };
}

/**
 * Why an amount's whole shares at the round's price would not fit the shares column (numeric(20,6): 14
 * whole digits), as a sentence for a 422; null when they fit or the round has no price. The one guard
 * every path that computes shares uses: the commitment gate (investor and manual), setting a share price
 * and re-pricing.
 */
export function sharesOverflow(
  amount: string,
  round: Pick<OpportunityRow, 'share_price' | 'currency'>,
): string | null {
  if (round.share_price === null || isZeroDecimal(round.share_price)) return null;
  if (sharesFit(wholeSharesFor(amount, round.share_price))) return null;
  return `At ${formatPrice(round.share_price, round.currency)} a share, ${formatAmount(amount, round.currency)} buys more shares than can be recorded (at most 99,999,999,999,999): the share price is too small for this amount.`;
}

/** What the investor quotes when paying: the opportunity and the investment, e.g. "P12-000345". */
export const paymentReferenceFor = (opportunityId: number, investmentId: number) =>
  `P${opportunityId}-${String(investmentId).padStart(6, '0')}`;
