import {
  compareDecimal,
  DISTRIBUTION_KIND_LABELS,
  FEE_KIND_LABELS,
  splitProRata,
  subtractDecimal,
  type distributionInputSchema,
  type feeInputSchema,
  type FundMovement,
  type FundMovementType,
  type fundReversalInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import { isUniqueViolation, violatedConstraint } from '../../db/errors';
import type { DbOrTx } from '../../db/client';
import type { FundMovementRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { longDate } from '../../platform/dates';
import { fieldError, notFound } from '../../platform/http/errors';
import { formatAmount } from '../../platform/money';
import { toApiTimestamp } from '../../platform/time';
import { findUsersByIds } from '../investment-transactions/investment-transactions.repository';
import { investorNotice } from '../investment-transactions/shared';
import {
  commitmentsOf,
  insertLedgerEntries,
  insertMovement,
  movementEntriesOf,
  movementsOf,
  paidInBy,
} from './fund-money.repository';
import { userNames } from './funds.repository';
import type { FundMoneyKit, Published } from './fund-money.kit';

type DistributionInput = z.output<typeof distributionInputSchema>;
type FeeInput = z.output<typeof feeInputSchema>;
type ReversalInput = z.output<typeof fundReversalInputSchema>;

const NO_MOVEMENT = 'No distribution or fee of this fund with that id.';
const KEY_USED =
  'This Idempotency-Key was already used for a distribution or fee of this fund: send a new key.';
const kindLabel = (row: Pick<FundMovementRow, 'type' | 'kind'>) =>
  row.type === 'fee'
    ? (FEE_KIND_LABELS[row.kind as keyof typeof FEE_KIND_LABELS] ?? row.kind)
    : (DISTRIBUTION_KIND_LABELS[row.kind as keyof typeof DISTRIBUTION_KIND_LABELS] ?? row.kind);

/** Distributions and fees as staff see them, newest date first, each with its lines. */
export async function movementViews(db: DbOrTx, fundId: number, only?: number[]): Promise<FundMovement[]> {
  const rows = await movementsOf(db, fundId, only);
  const entries = await movementEntriesOf(
    db,
    rows.map((row) => row.id),
  );
  const reversedBy = new Map(
    (only ? await movementsOf(db, fundId) : rows).flatMap((row) =>
      row.reverses_id === null ? [] : [[row.reverses_id, row.id]],
    ),
  );
  const names = await userNames(
    db,
    rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])),
  );
  return rows.map((row) => ({
    id: row.id,
    fund_id: row.fund_id,
    type: row.type,
    kind: row.kind,
    total: row.total,
    date: row.effective_on,
    note: row.note,
    lines: entries
      .filter((entry) => entry.movement_id === row.id)
      .map((entry) => ({
        investor_id: entry.user_id,
        investor_name: entry.investor_name,
        investment_id: entry.investment_id,
        amount: entry.amount,
      })),
    reverses_id: row.reverses_id,
    reason: row.reason,
    reversed_by_id: reversedBy.get(row.id) ?? null,
    created_by:
      row.created_by === null ? null : { id: row.created_by, name: names.get(row.created_by) ?? 'Unknown' },
    created_at: toApiTimestamp(row.created_at),
  }));
}

/** Distributions, fees and their reversals: entries on the fund's ledger, split by paid-in capital. */
export function fundMovementOperations(kit: FundMoneyKit) {
  const { db, clock } = kit;

  async function view(fundId: number, id: number) {
    const [one] = await movementViews(db, fundId, [id]);
    if (!one) throw new Error(`fund movement ${id} vanished`);
    return one;
  }

  /**
   * One movement: `total` split over the commitments by what each had paid in by the movement's date
   * (decision 024), under the fund's row lock; one per request (the request key is unique per fund).
   */
  async function record(
    actor: Actor,
    fundId: number,
    type: FundMovementType,
    input: DistributionInput | FeeInput,
    requestKey: string,
  ): Promise<FundMovement> {
    if (input.date > clock.today()) throw fieldError('date', 'The date cannot be in the future.');
    const result = await db
      .transaction(async (tx) => {
        const fund = await kit.lockedFund(tx, fundId);
        const commitments = await commitmentsOf(tx, fundId);
        const paidIn = await paidInBy(
          tx,
          commitments.map((row) => row.id),
          input.date,
        );
        const weighted = commitments.flatMap((row) => {
          const weight = paidIn.get(row.id) ?? '0.00';
          return compareDecimal(weight, '0') > 0 ? [{ key: row, weight }] : [];
        });
        if (weighted.length === 0)
          throw fieldError(
            'date',
            `No one had paid in to ${fund.name} by ${longDate(input.date)}: a ${type} is split by paid-in capital, so there is no one to split it over.`,
          );
        const lines = splitProRata(input.amount, weighted).filter(
          (line) => compareDecimal(line.amount, '0') > 0,
        );
        const movement = await insertMovement(tx, {
          fund_id: fundId,
          type,
          kind: input.kind,
          total: input.amount,
          effective_on: input.date,
          note: input.note ?? null,
          request_key: requestKey,
          created_by: actor.userId,
        });
        await insertLedgerEntries(
          tx,
          lines.map((line) => ({
            movement_id: movement.id,
            fund_id: fundId,
            investment_id: line.key.id,
            user_id: line.key.user_id,
            type,
            amount: line.amount,
            effective_on: input.date,
          })),
        );
        await recordAudit(tx, actor, {
          action: type === 'fee' ? 'fund.fee_charged' : 'fund.distribution_made',
          subjectType: 'fund',
          subjectId: fundId,
          after: {
            movement_id: movement.id,
            kind: input.kind,
            amount: input.amount,
            currency: fund.currency,
            date: input.date,
            investors: lines.length,
          },
        });
        const published: Published[] = [];
        if (type === 'distribution') {
          const people = new Map(
            (
              await findUsersByIds(
                tx,
                lines.map((line) => line.key.user_id),
              )
            ).map((user) => [user.id, user]),
          );
          for (const line of lines) {
            const investor = people.get(line.key.user_id);
            if (!investor || line.key.type === 'private_manual') continue;
            const notice = investorNotice(
              `${kindLabel(movement)}: ${formatAmount(line.amount, fund.currency)} from **${fund.name}** on ${longDate(input.date)}.`,
              '/investor/portfolio',
              'App\\Notifications\\FundDistribution',
            );
            published.push({ rows: await kit.notifications.record(tx, [investor], notice), notice });
          }
        }
        return { movement, published };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error) && violatedConstraint(error) === 'fund_movements_request_unique')
          throw fieldError('idempotency_key', KEY_USED);
        throw error;
      });
    for (const item of result.published) await kit.notifications.publish(item.rows, item.notice);
    return view(fundId, result.movement.id);
  }

  return {
    distribute: (actor: Actor, fundId: number, input: DistributionInput, requestKey: string) =>
      record(actor, fundId, 'distribution', input, requestKey),
    chargeFee: (actor: Actor, fundId: number, input: FeeInput, requestKey: string) =>
      record(actor, fundId, 'fee', input, requestKey),

    /** Undoes a distribution or fee with a new movement whose entries are its own, negated (once). */
    async reverse(actor: Actor, fundId: number, movementId: number, input: ReversalInput) {
      const reversal = await db
        .transaction(async (tx) => {
          const fund = await kit.lockedFund(tx, fundId);
          const [original] = await movementsOf(tx, fundId, [movementId]);
          if (!original) throw notFound(NO_MOVEMENT);
          if (original.reverses_id !== null)
            throw fieldError('reason', 'This is a reversal: a reversal is not itself reversed.');
          const entries = await movementEntriesOf(tx, [original.id]);
          const row = await insertMovement(tx, {
            fund_id: fundId,
            type: original.type,
            kind: original.kind,
            total: subtractDecimal('0', original.total),
            // the reversal takes the original's date (it undoes it there); created_at says when it was made
            effective_on: original.effective_on,
            note: original.note,
            reverses_id: original.id,
            reason: input.reason,
            created_by: actor.userId,
          });
          await insertLedgerEntries(
            tx,
            entries.map((entry) => ({
              movement_id: row.id,
              fund_id: fundId,
              investment_id: entry.investment_id,
              user_id: entry.user_id,
              type: original.type,
              amount: subtractDecimal('0', entry.amount),
              effective_on: row.effective_on,
            })),
          );
          await recordAudit(tx, actor, {
            action: 'fund.movement_reversed',
            subjectType: 'fund',
            subjectId: fundId,
            before: {
              movement_id: original.id,
              type: original.type,
              kind: original.kind,
              amount: original.total,
              currency: fund.currency,
              date: original.effective_on,
            },
            after: { movement_id: row.id, reason: input.reason },
          });
          return row;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error) && violatedConstraint(error) === 'fund_movements_reversed_once')
            throw fieldError('reason', 'This is already reversed: a distribution or fee is reversed once.');
          throw error;
        });
      return view(fundId, reversal.id);
    },
  };
}
