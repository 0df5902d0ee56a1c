import {
  compareDecimal,
  isZeroDecimal,
  type refundInputSchema,
  type unallocatedApplyInputSchema,
  type unallocatedRefundInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit/audit';
import { longDate } from '../../platform/dates';
import { fieldError, notFound } from '../../platform/http/errors';
import { lockInvestment } from './investment-transactions.repository';
import { dueOf, insertEntry, settle, unallocatedOf } from './ledger';
import { noticeOfPaid } from './payments';
import { NO_INVESTMENT, type Kit } from './shared';

type RefundInput = z.output<typeof refundInputSchema>;
type UnallocatedRefundInput = z.output<typeof unallocatedRefundInputSchema>;
type ApplyInput = z.output<typeof unallocatedApplyInputSchema>;

/** Money going back to the investor, or unallocated money put to work (decision 019). */
export function refundOperations(kit: Kit) {
  const { db, clock } = kit;

  const refundWords = (amount: string, on: string, reference: string | null | undefined) => ({
    type: 'App\\Notifications\\InvestmentRefunded',
    message: (name: string, money: (value: string) => string) =>
      `We have refunded the ${money(amount)} you paid for **${name}** on ${longDate(on)}.`,
    subject: (name: string) => `your payment for ${name} was refunded`,
    lines: (name: string, money: (value: string) => string) => [
      `We have refunded the money you paid for ${name}.`,
      `Amount: ${money(amount)}`,
      `Refunded on: ${longDate(on)}`,
      ...(reference ? [`Reference: ${reference}`] : []),
    ],
  });

  return {
    /**
     * POST /api/investments/{id}/refund: a cancelled investment's money goes back, all of it or part
     * (`amount`); `refunded_at` is set once none is left. The investor is told (live and by email),
     * except of a private_manual investment.
     */
    async refund(actor: Actor, id: number, input: RefundInput) {
      if (input.refunded_on > kit.today())
        throw fieldError('refunded_on', 'The refund date cannot be in the future.');
      const told = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        if (before.status !== 'cancelled')
          throw fieldError('refunded_on', 'Cancel the investment before refunding it.');
        if (isZeroDecimal(before.paid_amount))
          throw fieldError(
            'refunded_on',
            'There is no money to refund: none was received, or it went back already.',
          );
        const amount = input.amount ?? before.paid_amount;
        if (compareDecimal(amount, before.paid_amount) > 0) {
          const money = await kit.moneyOf(tx, before.opportunity_id);
          throw fieldError(
            'amount',
            `That is more than the investment holds: ${money(before.paid_amount)} can be refunded.`,
          );
        }
        await insertEntry(tx, {
          investment_id: id,
          opportunity_id: before.opportunity_id,
          user_id: before.user_id,
          kind: 'refund',
          amount,
          paid_delta: `-${amount}`,
          received_on: input.refunded_on,
          reference: input.reference ?? null,
          recorded_by: actor.userId,
        });
        const after = await settle(tx, before, clock.now());
        await kit.auditBoth(tx, actor, 'investment_refunded', after, {
          amount,
          left: after.paid_amount,
          refunded_on: input.refunded_on,
          reference: input.reference ?? null,
        });
        return kit.tellInvestor(tx, after, refundWords(amount, input.refunded_on, input.reference));
      });
      if (told) await kit.notifications.publish(told.rows, told.notice);
      return kit.detail(id);
    },

    /**
     * POST /api/investments/{id}/unallocated/refund: the investor's money held unallocated in this round
     * (an over-payment) goes back, all or part. Never more than is held (the balance's check refuses it
     * even when two refunds race).
     */
    async refundUnallocated(actor: Actor, id: number, input: UnallocatedRefundInput) {
      if (input.refunded_on > kit.today())
        throw fieldError('refunded_on', 'The refund date cannot be in the future.');
      const told = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        const held = await unallocatedOf(tx, before.opportunity_id, before.user_id);
        if (compareDecimal(input.amount, held) > 0) {
          const money = await kit.moneyOf(tx, before.opportunity_id);
          throw fieldError(
            'amount',
            `That is more than the investor’s unallocated money in this opportunity: ${money(held)} is held.`,
          );
        }
        await insertEntry(tx, {
          investment_id: id,
          opportunity_id: before.opportunity_id,
          user_id: before.user_id,
          kind: 'unallocated_refund',
          amount: input.amount,
          unallocated_delta: `-${input.amount}`,
          received_on: input.refunded_on,
          reference: input.reference ?? null,
          recorded_by: actor.userId,
        });
        await kit.auditBoth(tx, actor, 'unallocated_refunded', before, {
          amount: input.amount,
          held_before: held,
          refunded_on: input.refunded_on,
          reference: input.reference ?? null,
        });
        return kit.tellInvestor(tx, before, refundWords(input.amount, input.refunded_on, input.reference));
      });
      if (told) await kit.notifications.publish(told.rows, told.notice);
      return kit.detail(id);
    },

    /**
     * POST /api/investments/{id}/unallocated/apply: the investor's unallocated money in the round pays
     * this investment (at most what it still owes); reaching the amount makes it paid.
     */
    async applyUnallocated(actor: Actor, id: number, input: ApplyInput) {
      if (input.applied_on > kit.today()) throw fieldError('applied_on', 'The date cannot be in the future.');
      const result = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        if (before.status !== 'reserved' && before.status !== 'awaiting_payment')
          throw fieldError(
            'amount',
            'Only a reserved or called investment takes money: this one is paid, completed or cancelled.',
          );
        const money = await kit.moneyOf(tx, before.opportunity_id);
        const held = await unallocatedOf(tx, before.opportunity_id, before.user_id);
        const due = dueOf(before);
        if (compareDecimal(input.amount, held) > 0)
          throw fieldError(
            'amount',
            `That is more than the investor’s unallocated money in this opportunity: ${money(held)} is held.`,
          );
        if (compareDecimal(input.amount, due) > 0)
          throw fieldError('amount', `That is more than is still due: ${money(due)} remains to be paid.`);
        await insertEntry(tx, {
          investment_id: id,
          opportunity_id: before.opportunity_id,
          user_id: before.user_id,
          kind: 'application',
          amount: input.amount,
          paid_delta: input.amount,
          unallocated_delta: `-${input.amount}`,
          received_on: input.applied_on,
          recorded_by: actor.userId,
        });
        const after = await settle(tx, before, clock.now());
        const full = after.status === 'paid';
        await kit.auditBoth(tx, actor, full ? 'investment_paid' : 'unallocated_applied', after, {
          amount: input.amount,
          paid_so_far: after.paid_amount,
          of: after.amount,
          applied_on: input.applied_on,
        });
        return full ? noticeOfPaid(kit, tx, after) : undefined;
      });
      if (result) await kit.notifications.publish(result.rows, result.notice);
      return kit.detail(id);
    },
  };
}
