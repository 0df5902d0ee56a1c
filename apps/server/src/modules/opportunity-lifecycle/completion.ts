import { isZeroDecimal, wholeSharesFor } from '@portico/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  holdingTransactions,
  investments,
  sharePrices,
  users,
  type InvestmentRow,
  type OpportunityRow,
} from '../../db/schema';
import { fieldError } from '../../platform/http/errors';
import { formatAmount, formatShareCount } from '../../platform/money';

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

/**
 * Closed → Completed (issue 11): refuses (422 on status) while any commitment is reserved or awaiting
 * payment; otherwise every paid investment is completed, its shares confirmed and allotted (one
 * `allotment` holding transaction at the paid amount and the share price, dated today by the server
 * clock), and the round's price becomes the first point of the share-price history (unless that day has
 * one). Runs in the transition's transaction, with the opportunity locked.
 */
export async function completeRound(
  tx: DbOrTx,
  opportunity: OpportunityRow,
  options: { today: string; now: Date; recordedBy: number | null },
): Promise<Allotment[]> {
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
      occurred_on: options.today,
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
        effective_on: options.today,
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
