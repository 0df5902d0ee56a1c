import {
  isZeroDecimal,
  sumDecimals,
  wholeSharesFor,
  type CompletionPreview,
  type UnrefundedInvestment,
} from '@portico/contracts';
import { and, asc, eq, gt, inArray, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  holdingTransactions,
  investmentPayments,
  investments,
  sharePrices,
  users,
  type InvestmentRow,
  type OpportunityRow,
} from '../../db/schema';
import { fieldError } from '../../platform/http/errors';
import { formatAmount, formatShareCount } from '../../platform/money';
import { toApiTimestampOrNull } from '../../platform/time';

/** Why a round cannot complete yet: the unpaid commitments, named, so staff decide on each. */
export function unpaidMessage(
  unpaid: Array<{ name: string; amount: string; paid: string }>,
  currency = 'GBP',
): string {
  const count = unpaid.length;
  const money = (value: string) => formatAmount(value, currency);
  const shown = unpaid
    .slice(0, 5)
    .map(
      (row) =>
        `${row.name} ${money(row.amount)}${isZeroDecimal(row.paid) ? '' : ` (${money(row.paid)} paid)`}`,
    );
  const more = count > 5 ? ` and ${count - 5} more` : '';
  const subject = count === 1 ? '1 commitment is unpaid' : `${count} commitments are unpaid`;
  return `${subject} (${shown.join(', ')}${more}): record their payments or cancel them before completing.`;
}

export interface Allotment {
  investment: InvestmentRow;
  shares: string;
}

/** The last day a ledger entry moved the money of these investments, or null. */
async function lastPaymentOn(tx: DbOrTx, investmentIds: number[]): Promise<string | null> {
  if (investmentIds.length === 0) return null;
  const [row] = await tx
    .select({ day: max(investmentPayments.received_on) })
    .from(investmentPayments)
    .where(
      and(inArray(investmentPayments.investment_id, investmentIds), ne(investmentPayments.paid_delta, '0')),
    );
  return row?.day ?? null;
}

/**
 * The cancelled investments of a round still holding money: their paid amount (the ledger's sum,
 * decision 019) is above zero. Completion leaves them alone, but staff are told before and after.
 */
export async function unrefundedOf(tx: DbOrTx, opportunityId: number): Promise<UnrefundedInvestment[]> {
  const rows = await tx
    .select({ investment: investments, name: users.name })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.user_id))
    .where(
      and(
        eq(investments.opportunity_id, opportunityId),
        eq(investments.status, 'cancelled'),
        gt(investments.paid_amount, '0'),
      ),
    )
    .orderBy(asc(investments.id));
  return rows.map(({ investment, name }) => ({
    investment_id: investment.id,
    investor: { id: investment.user_id, name },
    amount: investment.amount,
    received: investment.paid_amount,
    cancelled_at: toApiTimestampOrNull(investment.cancelled_at),
  }));
}

/** GET /api/opportunities/{id}/completion: what completing the round today would do. */
export async function completionPreview(
  tx: DbOrTx,
  opportunity: Pick<OpportunityRow, 'id' | 'currency'>,
  today: string,
): Promise<CompletionPreview> {
  const open = await tx
    .select({ id: investments.id, status: investments.status, paid: investments.paid_amount })
    .from(investments)
    .where(
      and(
        eq(investments.opportunity_id, opportunity.id),
        inArray(investments.status, ['reserved', 'awaiting_payment', 'paid']),
      ),
    );
  const paid = open.filter((row) => row.status === 'paid');
  return {
    currency: opportunity.currency,
    today,
    earliest_allotted_on: await lastPaymentOn(
      tx,
      paid.map((row) => row.id),
    ),
    paid_count: paid.length,
    paid_amount: sumDecimals(paid.map((row) => row.paid)),
    unpaid_count: open.length - paid.length,
    unrefunded: await unrefundedOf(tx, opportunity.id),
  };
}

/**
 * Closed → Completed (issue 11): refuses (422 on status) while any commitment is reserved or awaiting
 * payment; otherwise every paid investment is completed, its shares confirmed and allotted (one
 * `allotment` holding transaction at the paid amount and the share price), and the round's price becomes
 * the first point of the share-price history (unless that day has one). The allotment is dated
 * `allottedOn` if staff gave it, else today (London date, issue 18): never in the future (422 on
 * allotted_on), nor before the last payment of the investments allotted was received. Runs in the
 * transition's transaction, with the opportunity locked.
 */
export async function completeRound(
  tx: DbOrTx,
  opportunity: OpportunityRow,
  options: { today: string; allottedOn?: string; now: Date; recordedBy: number | null },
): Promise<Allotment[]> {
  const allottedOn = options.allottedOn ?? options.today;
  if (allottedOn > options.today)
    throw fieldError('allotted_on', 'The allotment date cannot be in the future.');
  const open = await tx
    .select({ investment: investments, name: users.name })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.user_id))
    .where(
      and(
        eq(investments.opportunity_id, opportunity.id),
        inArray(investments.status, ['reserved', 'awaiting_payment', 'paid']),
      ),
    )
    .orderBy(asc(investments.id))
    .for('update', { of: investments });
  const unpaid = open.filter((row) => row.investment.status !== 'paid');
  if (unpaid.length > 0)
    throw fieldError(
      'status',
      unpaidMessage(
        unpaid.map((row) => ({
          name: row.name,
          amount: row.investment.amount,
          paid: row.investment.paid_amount,
        })),
        opportunity.currency,
      ),
    );
  const lastPaid = await lastPaymentOn(
    tx,
    open.map((row) => row.investment.id),
  );
  if (lastPaid !== null && allottedOn < lastPaid)
    throw fieldError(
      'allotted_on',
      `The allotment date cannot be before the last payment was received (${lastPaid}).`,
    );
  const price = opportunity.share_price;
  if (open.length > 0 && price === null)
    throw fieldError('status', 'The opportunity needs a share price before its shares can be allotted.');
  const allotted: Allotment[] = [];
  for (const { investment } of open) {
    const shares = investment.shares ?? wholeSharesFor(investment.paid_amount, price ?? '1');
    const [completed] = await tx
      .update(investments)
      .set({ status: 'completed', completed_at: options.now, shares, updated_at: new Date() })
      .where(eq(investments.id, investment.id))
      .returning();
    if (!completed) throw new Error(`investment ${investment.id} vanished while locked`);
    await tx.insert(holdingTransactions).values({
      opportunity_id: opportunity.id,
      user_id: investment.user_id,
      investment_id: investment.id,
      kind: 'allotment',
      occurred_on: allottedOn,
      shares,
      amount: investment.paid_amount,
      price,
      share_class: opportunity.share_class,
      recorded_by: options.recordedBy,
    });
    allotted.push({ investment: completed, shares });
  }
  if (price !== null)
    await tx
      .insert(sharePrices)
      .values({
        opportunity_id: opportunity.id,
        price,
        effective_on: allottedOn,
        kind: 'round',
        note: 'The round’s share price at completion',
        created_by: options.recordedBy,
      })
      .onConflictDoNothing();
  return allotted;
}

/** The investor's notice of an allotment. */
export const allotmentMessage = (
  opportunity: Pick<OpportunityRow, 'name' | 'currency'>,
  allotment: Allotment,
) =>
  `**${opportunity.name}** has completed: ${formatShareCount(allotment.shares)} shares were allotted to you for ${formatAmount(allotment.investment.paid_amount, opportunity.currency)}.`;
