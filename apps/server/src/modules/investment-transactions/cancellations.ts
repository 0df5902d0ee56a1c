import { isZeroDecimal } from '@portico/contracts';
import type { Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import type { Money } from '../../platform/money';
import { lockInvestment, updateInvestment } from './investment-transactions.repository';
import { assertMove } from './ledger';
import { NO_INVESTMENT, type Kit } from './shared';

/** Cancelling an investment: its money stays on the ledger until refunded. */
export function cancellationOperations(kit: Kit) {
  const { db, clock } = kit;
  return {
    /**
     * POST /api/investments/{id}/cancel: any state before completed, with a reason (the table of moves).
     * The investor is told (live and by email, with the reason), except of a private_manual investment.
     */
    async cancel(actor: Actor, roleId: number, id: number, reason: string) {
      await kit.investmentFor(roleId, id, 'update');
      const told = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        if (before.status === 'completed')
          throw fieldError('reason', 'A completed investment cannot be cancelled: its shares are allotted.');
        if (before.status === 'cancelled')
          throw fieldError('reason', 'This investment is already cancelled.');
        assertMove(before.status, 'cancelled', 'reason');
        const after = await updateInvestment(tx, id, {
          status: 'cancelled',
          cancelled_at: clock.now(),
          cancel_reason: reason,
        });
        await kit.auditBoth(tx, actor, 'investment_cancelled', after, {
          was: before.status,
          reason,
          amount: after.amount,
          paid_so_far: after.paid_amount,
        });
        const refund = (money: Money) =>
          isZeroDecimal(after.paid_amount) ? '' : ` We will refund the ${money(after.paid_amount)} you paid.`;
        return kit.tellInvestor(tx, after, {
          type: 'App\\Notifications\\InvestmentCancelled',
          message: (name, money) =>
            `Your investment of ${money(after.amount)} in **${name}** was cancelled: ${reason.replace(/[.!?\s]+$/, '')}.${refund(money)}`,
          subject: (name) => `your investment in ${name} was cancelled`,
          lines: (name, money) => [
            `Your investment in ${name} was cancelled.`,
            `Amount: ${money(after.amount)}`,
            `Reason: ${reason}`,
            ...(refund(money) ? [refund(money).trim()] : []),
          ],
        });
      });
      if (told) await kit.notifications.publish(told.rows, told.notice);
      return kit.one(id);
    },
  };
}
