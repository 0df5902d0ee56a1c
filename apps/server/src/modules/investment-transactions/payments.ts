import { compareDecimal, subtractDecimal, type paymentInputSchema } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { opportunities, type OpportunityRow } from '../../db/schema';
import type { Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { formatAmount } from '../../platform/money';
import { findUser, lockInvestment } from './investment-transactions.repository';
import { dueOf, insertEntry, settle } from './ledger';
import { investorNotice, NO_INVESTMENT, type Kit } from './shared';

type PaymentInput = z.output<typeof paymentInputSchema>;

export const paidNotice = (opportunity: Pick<OpportunityRow, 'name' | 'currency'>, amount: string) =>
  investorNotice(
    `Cash Call - Payment Received: we have received your payment of ${formatAmount(amount, opportunity.currency)} for **${opportunity.name}**. Thank you.`,
    '/investor/investments',
    'App\\Notifications\\CashCallPaymentReceived',
  );

/** Tells the investor their investment is paid (not of a private_manual one), inside the transaction. */
export async function noticeOfPaid(
  kit: Kit,
  tx: Parameters<Parameters<Kit['db']['transaction']>[0]>[0],
  after: { type: string; opportunity_id: number; user_id: number; amount: string },
) {
  if (after.type === 'private_manual') return undefined;
  const [opportunity] = await tx
    .select()
    .from(opportunities)
    .where(eq(opportunities.id, after.opportunity_id));
  const investor = await findUser(tx, after.user_id);
  if (!opportunity || !investor) return undefined;
  const notice = paidNotice(opportunity, after.amount);
  return { rows: await kit.notifications.record(tx, [investor], notice), notice };
}

/** Money received: a bank line booked once on the ledger (decision 019). */
export function paymentOperations(kit: Kit) {
  const { db, clock } = kit;
  return {
    /**
     * POST /api/investments/{id}/payments: a bank line, booked as one ledger entry and never refused for
     * its size: what is still due pays the investment (reaching the amount makes it paid, once: the row is
     * locked, and tells the investor); anything above is held as the investor's unallocated money in the
     * round, for staff to refund or apply. A cancelled investment is due nothing: all it receives is held
     * unallocated. A reference already booked on the investment is refused (422).
     */
    async recordPayment(actor: Actor, id: number, input: PaymentInput) {
      if (input.received_on > kit.today())
        throw fieldError('received_on', 'The date received cannot be in the future.');
      const result = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        const due = dueOf(before);
        const allocated = compareDecimal(input.amount, due) > 0 ? due : input.amount;
        const unallocated = subtractDecimal(input.amount, allocated);
        await insertEntry(tx, {
          investment_id: id,
          opportunity_id: before.opportunity_id,
          user_id: before.user_id,
          kind: 'payment',
          amount: input.amount,
          paid_delta: allocated,
          unallocated_delta: unallocated,
          received_on: input.received_on,
          reference: input.reference ?? null,
          recorded_by: actor.userId,
        });
        const after = await settle(tx, before, clock.now());
        const full = before.status !== 'paid' && after.status === 'paid';
        await kit.auditBoth(tx, actor, full ? 'investment_paid' : 'payment_received', after, {
          amount: input.amount,
          allocated,
          unallocated,
          paid_so_far: after.paid_amount,
          of: after.amount,
          received_on: input.received_on,
          reference: input.reference ?? null,
        });
        return full ? noticeOfPaid(kit, tx, after) : undefined;
      });
      if (result) await kit.notifications.publish(result.rows, result.notice);
      return kit.detail(id);
    },
  };
}
