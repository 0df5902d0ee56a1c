import {
  compareDecimal,
  costOfShares,
  isZeroDecimal,
  ROLES,
  subtractDecimal,
  wholeSharesFor,
  type RecordedManualInvestment,
} from '@portico/contracts';
import { investments } from '../../db/schema';
import type { Actor } from '../../platform/audit/audit';
import { fieldError } from '../../platform/http/errors';
import { formatAmount, formatPrice } from '../../platform/money';
import { lockForCommitment, paymentReferenceFor, sharesOverflow } from './commitments';
import { findUser, updateInvestment } from './investment-transactions.repository';
import { insertEntry, settle } from './ledger';
import { investorNotice, type Kit, type ManualInput } from './shared';

/**
 * What a manual investment records for an amount at a share price, by the investor path's rounding: the
 * whole shares the amount buys and what they cost; the remainder is never kept. Without a share price the
 * amount stands and no shares are counted.
 */
export function manualRounding(amount: string, sharePrice: string | null) {
  if (sharePrice === null) return { amount, shares: null };
  const shares = wholeSharesFor(amount, sharePrice);
  return { amount: isZeroDecimal(shares) ? amount : costOfShares(shares, sharePrice), shares };
}

/** Staff record deals done off the platform (spec §4). */
export function manualInvestmentOperations(kit: Kit) {
  const { db, clock } = kit;
  return {
    /**
     * POST /api/opportunities/{id}/investments: a manual or private_manual investment (spec §4), under the
     * opportunity's row lock and maximum, like an investor's reservation, and rounded as theirs: the amount
     * recorded is what the whole shares cost, the remainder not kept (`rounding_note` says so). `paid`
     * books the money as a ledger payment received on `invested_on`. A manual investment is the
     * investor's like any other (notified, in the portal); a private_manual one is kept for the round's
     * books only: the investor is never notified of it and the portal does not show it.
     */
    async recordManual(
      actor: Actor,
      roleId: number,
      opportunityId: number,
      input: ManualInput,
    ): Promise<RecordedManualInvestment> {
      await kit.opportunityFor(roleId, opportunityId, 'update', 'transactions');
      if (input.invested_on > kit.today())
        throw fieldError('invested_on', 'The investment date cannot be in the future.');
      const investor = await findUser(db, input.user_id);
      if (!investor || investor.role_id !== ROLES.USER)
        throw fieldError('user_id', 'Choose an investor: only investors hold investments.');
      const now = clock.now();
      const { row, notice, note } = await db.transaction(async (tx) => {
        const holding = await kit.holdingOf(tx, investor.id, input.holding);
        const { opportunity, amount } = await lockForCommitment(
          tx,
          opportunityId,
          (locked) => {
            const overflow = sharesOverflow(input.amount, locked);
            if (overflow) throw fieldError('amount', overflow);
            return manualRounding(input.amount, locked.share_price).amount;
          },
          { userId: investor.id, today: kit.today() },
        );
        const { shares } = manualRounding(input.amount, opportunity.share_price);
        if (shares !== null && isZeroDecimal(shares))
          throw fieldError(
            'amount',
            `The amount buys no whole share at ${formatPrice(opportunity.share_price ?? '0', opportunity.currency)} a share.`,
          );
        const dropped = subtractDecimal(input.amount, amount);
        const roundingNote =
          compareDecimal(dropped, '0') > 0 && shares !== null
            ? `${formatAmount(input.amount, opportunity.currency)} buys ${shares.replace(/\.0+$/, '')} whole shares at ${formatPrice(opportunity.share_price ?? '0', opportunity.currency)} a share: ${formatAmount(amount, opportunity.currency)} is recorded, and the remaining ${formatAmount(dropped, opportunity.currency)} is not kept.`
            : null;
        const [inserted] = await tx
          .insert(investments)
          .values({
            opportunity_id: opportunityId,
            user_id: investor.id,
            amount,
            shares,
            status: 'reserved',
            type: input.type,
            holding_type: holding.holding_type,
            organisation_id: 'organisation_id' in holding ? holding.organisation_id : null,
            investment_method_entity_id:
              'investment_method_entity_id' in holding ? holding.investment_method_entity_id : null,
            nominee_id: 'nominee_id' in holding ? holding.nominee_id : null,
            invested_on: input.invested_on,
            recorded_by: actor.userId,
            note: input.note ?? null,
          })
          .returning();
        if (!inserted) throw new Error('no investment inserted');
        let saved = await updateInvestment(tx, inserted.id, {
          payment_reference: paymentReferenceFor(opportunityId, inserted.id),
        });
        if (input.paid) {
          await insertEntry(tx, {
            investment_id: saved.id,
            opportunity_id: opportunityId,
            user_id: investor.id,
            kind: 'payment',
            amount,
            paid_delta: amount,
            received_on: input.invested_on,
            reference: input.reference ?? null,
            recorded_by: actor.userId,
          });
          saved = await settle(tx, saved, now);
        }
        await kit.auditBoth(tx, actor, 'investment_recorded', saved, {
          type: saved.type,
          investor: investor.name,
          amount: saved.amount,
          asked: input.amount,
          shares: saved.shares,
          holding: holding.name ?? 'own name',
          paid: input.paid,
        });
        const message = `An investment of ${formatAmount(saved.amount, opportunity.currency)} in **${opportunity.name}** was recorded for you${input.paid ? ', with your payment' : ''}.`;
        const pending =
          saved.type === 'manual'
            ? investorNotice(message, '/investor/investments', 'App\\Notifications\\InvestmentRecorded')
            : undefined;
        const rows = pending ? await kit.notifications.record(tx, [investor], pending) : [];
        return { row: saved, notice: pending ? { rows, pending } : undefined, note: roundingNote };
      });
      if (notice) await kit.notifications.publish(notice.rows, notice.pending);
      return { ...(await kit.one(row.id)), rounding_note: note };
    },
  };
}
