import { compareDecimal, subtractDecimal, type reversalInputSchema } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { investmentPayments } from '../../db/schema';
import type { Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { lockInvestment } from './investment-transactions.repository';
import { insertEntry, settle, unallocatedOf } from './ledger';
import { NO_INVESTMENT, type Kit } from './shared';

type ReversalInput = z.output<typeof reversalInputSchema>;
const NO_ENTRY = 'No ledger entry with that id on this investment.';

/** A mistaken entry is undone by a new entry, never edited or deleted (decision 019). */
export function reversalOperations(kit: Kit) {
  const { db, clock } = kit;
  return {
    /**
     * POST /api/investments/{id}/entries/{entry}/reversal: staff reverse an entry of the investment's
     * ledger with a reason. The reversal takes the entry's effect back (the database copies it, negated);
     * an entry is reversed once, a reversal is not reversed, and an entry of a completed investment's
     * paid money is not reversed (its shares are allotted). Refused when undoing it would take the
     * investment's money or the investor's unallocated money below zero (undo what used it first).
     */
    async reverse(actor: Actor, id: number, entryId: number, input: ReversalInput) {
      const on = input.reversed_on ?? kit.today();
      if (on > kit.today()) throw fieldError('reversed_on', 'The date cannot be in the future.');
      await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        const [entry] = await tx.select().from(investmentPayments).where(eq(investmentPayments.id, entryId));
        const ours =
          entry &&
          (entry.investment_id === id ||
            (entry.opportunity_id === before.opportunity_id && entry.user_id === before.user_id));
        if (!entry || !ours) throw notFound(NO_ENTRY);
        if (entry.kind === 'reversal')
          throw fieldError('reason', 'A reversal cannot itself be reversed: book the entry again instead.');
        const [reversed] = await tx
          .select({ id: investmentPayments.id })
          .from(investmentPayments)
          .where(eq(investmentPayments.reverses_id, entryId));
        if (reversed)
          throw fieldError('reason', 'This entry is already reversed: an entry is reversed once.');
        const money = await kit.moneyOf(tx, before.opportunity_id);
        const target =
          entry.investment_id === id
            ? before
            : entry.investment_id === null
              ? null
              : await lockInvestment(tx, entry.investment_id);
        if (target && compareDecimal(entry.paid_delta, '0') !== 0) {
          if (target.status === 'completed')
            throw fieldError(
              'reason',
              'The investment is completed and its shares allotted: its money cannot be reversed.',
            );
          const paid = subtractDecimal(target.paid_amount, entry.paid_delta);
          if (compareDecimal(paid, '0') < 0)
            throw fieldError(
              'reason',
              `Reversing it would take the investment’s money below nothing (${money(target.paid_amount)} is held): reverse the refund that followed it first.`,
            );
        }
        if (compareDecimal(entry.unallocated_delta, '0') !== 0) {
          const held = await unallocatedOf(tx, entry.opportunity_id, entry.user_id);
          if (compareDecimal(subtractDecimal(held, entry.unallocated_delta), '0') < 0)
            throw fieldError(
              'reason',
              `Its unallocated money was refunded or applied since (${money(held)} is held now): reverse that first.`,
            );
        }
        await insertEntry(tx, {
          opportunity_id: entry.opportunity_id,
          user_id: entry.user_id,
          investment_id: entry.investment_id,
          kind: 'reversal',
          amount: entry.amount,
          paid_delta: '0',
          unallocated_delta: '0',
          reverses_id: entry.id,
          reason: input.reason,
          received_on: on,
          recorded_by: actor.userId,
        });
        const after = target ? await settle(tx, target, clock.now()) : before;
        await kit.auditBoth(tx, actor, 'ledger_entry_reversed', after, {
          entry_id: entry.id,
          kind: entry.kind,
          amount: entry.amount,
          reference: entry.reference,
          reason: input.reason,
          paid_so_far: after.paid_amount,
        });
      });
      return kit.detail(id);
    },
  };
}
