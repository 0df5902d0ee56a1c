import {
  addDecimal,
  compareDecimal,
  minDecimal,
  capitalCallTotal,
  splitCapitalCall,
  subtractDecimal,
  sumDecimals,
  type CapitalCall,
  type capitalCallInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import { isUniqueViolation, violatedCheck, violatedConstraint } from '../../db/errors';
import type { DbOrTx } from '../../db/client';
import type { FundCapitalCallRow, UserRow } from '../../db/schema';
import { recordAudit, recordAudits, type Actor } from '../../platform/audit/audit';
import { longDate } from '../../platform/dates';
import { fieldError } from '../../platform/http/errors';
import { renderMail } from '../../platform/mail/templates';
import { formatAmount } from '../../platform/money';
import { toApiTimestamp } from '../../platform/time';
import { assertMove } from '../investment-transactions/ledger';
import { findUsersByIds } from '../investment-transactions/investment-transactions.repository';
import { investorNotice, paymentLines } from '../investment-transactions/shared';
import {
  callLinesOf,
  callsOf,
  commitmentsOf,
  insertCall,
  insertCallLines,
  markCalled,
  opportunitiesByIds,
  paidOfCalled,
} from './fund-money.repository';
import { userNames } from './funds.repository';
import type { FundMoneyKit } from './fund-money.kit';

type CallInput = z.output<typeof capitalCallInputSchema>;

const KEY_USED =
  'This Idempotency-Key already made a capital call of this fund: send a new key for a new call.';

/**
 * The calls as staff see them, newest first. What a commitment has paid in is applied to its calls oldest
 * first: a line is paid as far as the commitment's money reaches once its earlier lines are paid.
 */
export async function callViews(db: DbOrTx, fundId: number, only?: number[]): Promise<CapitalCall[]> {
  const calls = await callsOf(db, fundId, only);
  if (calls.length === 0) return [];
  const [lines, paid] = await Promise.all([callLinesOf(db, fundId), paidOfCalled(db, fundId)]);
  const left = new Map(paid);
  const paidOfLine = new Map<string, string>();
  for (const line of lines) {
    const available = left.get(line.investment_id) ?? '0.00';
    const applied = minDecimal(available, line.amount);
    left.set(line.investment_id, subtractDecimal(available, applied));
    paidOfLine.set(`${line.call_id}:${line.investment_id}`, applied);
  }
  const names = await userNames(
    db,
    calls.flatMap((call) => (call.created_by === null ? [] : [call.created_by])),
  );
  return calls.map((call) => {
    const own = lines
      .filter((line) => line.call_id === call.id)
      .map((line) => ({
        investor_id: line.user_id,
        investor_name: line.investor_name,
        investment_id: line.investment_id,
        amount: line.amount,
        paid: paidOfLine.get(`${call.id}:${line.investment_id}`) ?? '0.00',
      }));
    const paidTotal = sumDecimals(own.map((line) => line.paid));
    return {
      id: call.id,
      fund_id: call.fund_id,
      percent: call.percent,
      total: call.total,
      due_date: call.due_date,
      message: call.message,
      paid: paidTotal,
      status: compareDecimal(paidTotal, call.total) >= 0 ? 'paid' : 'open',
      lines: own,
      created_by:
        call.created_by === null
          ? null
          : { id: call.created_by, name: names.get(call.created_by) ?? 'Unknown' },
      created_at: toApiTimestamp(call.created_at),
    };
  });
}

/** Capital calls (drawdowns): each commitment's exact part, its notice and its payments (decision 026). */
export function capitalCallOperations(kit: FundMoneyKit) {
  const { db, clock, config, mailer } = kit;

  return {
    /**
     * Calls a percentage of every commitment (one total, split by commitment) or an amount (split by
     * commitment), each line capped at what is left uncalled of its commitment (decision 024). Under the fund's
     * row lock and the commitments' locks; the database refuses a line past its commitment whatever the
     * service does. Each investor is told (notification and email, with the bank details and their reference
     * unless hidden by the flags).
     */
    async issueCall(
      actor: Actor,
      fundId: number,
      input: CallInput,
      requestKey: string,
    ): Promise<CapitalCall> {
      if (input.due_date < clock.today()) throw fieldError('due_date', 'The due date cannot be in the past.');
      const flags = await kit.paymentFlags();
      const field = input.percent !== undefined ? 'percent' : 'amount';
      const result = await db
        .transaction(async (tx) => {
          const fund = await kit.lockedFund(tx, fundId);
          const money = (amount: string) => formatAmount(amount, fund.currency);
          const commitments = await commitmentsOf(tx, fundId, { lock: true });
          if (commitments.length === 0)
            throw fieldError(field, 'No one has committed to this fund yet: there is nothing to call.');
          const committed = sumDecimals(commitments.map((row) => row.amount));
          const uncalled = sumDecimals(
            commitments.map((row) => subtractDecimal(row.amount, row.called_amount ?? row.amount)),
          );
          const total =
            input.percent !== undefined ? capitalCallTotal(committed, input.percent) : (input.amount ?? '0');
          if (compareDecimal(total, '0') <= 0)
            throw fieldError(field, 'That call comes to nothing: call more than a penny.');
          if (compareDecimal(total, uncalled) > 0)
            throw fieldError(
              field,
              `That call comes to ${money(total)}, more than is left uncalled of the commitments (${money(uncalled)}).`,
            );
          const lines = splitCapitalCall(
            total,
            commitments.map((row) => ({
              key: row,
              committed: row.amount,
              uncalled: subtractDecimal(row.amount, row.called_amount ?? row.amount),
            })),
          );
          const call = await insertCall(tx, {
            fund_id: fundId,
            percent: input.percent ?? null,
            total,
            due_date: input.due_date,
            message: input.message ?? null,
            request_key: requestKey,
            created_by: actor.userId,
          });
          await insertCallLines(
            tx,
            lines.map((line) => ({
              call_id: call.id,
              investment_id: line.key.id,
              user_id: line.key.user_id,
              amount: line.amount,
            })),
          );
          // a commitment's first call moves it from reserved to awaiting payment: one statement for all
          assertMove('reserved', 'awaiting_payment', field);
          await markCalled(
            tx,
            lines.flatMap(({ key: row }) => (row.status === 'reserved' ? [row.id] : [])),
            clock.now(),
          );
          await recordAudit(tx, actor, {
            action: 'fund.capital_call_issued',
            subjectType: 'fund',
            subjectId: fundId,
            after: {
              capital_call_id: call.id,
              percent: call.percent,
              total,
              currency: fund.currency,
              due_date: call.due_date,
              investors: lines.length,
            },
          });
          const published = await tellInvestors(tx, actor, fund, call, lines, flags);
          return { call, published };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error) && violatedConstraint(error) === 'fund_capital_calls_request_unique')
            throw fieldError('idempotency_key', KEY_USED);
          if (violatedCheck(error) === 'investments_called_within_amount')
            throw fieldError(field, 'That call would take a commitment past its amount.');
          throw error;
        });
      await kit.notifications.publishEach(result.published);
      const [view] = await callViews(db, fundId, [result.call.id]);
      if (!view) throw new Error(`capital call ${result.call.id} vanished`);
      return view;
    },
  };

  async function tellInvestors(
    tx: DbOrTx,
    actor: Actor,
    fund: { id: number; name: string; currency: string },
    call: FundCapitalCallRow,
    lines: Array<{ key: Awaited<ReturnType<typeof commitmentsOf>>[number]; amount: string }>,
    flags: Awaited<ReturnType<FundMoneyKit['paymentFlags']>>,
  ) {
    const people = new Map<number, UserRow>(
      (
        await findUsersByIds(
          tx,
          lines.map((line) => line.key.user_id),
        )
      ).map((user) => [user.id, user]),
    );
    const rounds = new Map(
      (await opportunitiesByIds(tx, [...new Set(lines.map((line) => line.key.opportunity_id))])).map(
        (row) => [row.id, row],
      ),
    );
    const called = lines.map(({ key: row, amount }) => ({
      row,
      amount,
      due: formatAmount(amount, fund.currency),
      soFar: addDecimal(row.called_amount ?? '0', amount),
      investor: people.get(row.user_id),
      opportunity: rounds.get(row.opportunity_id),
    }));
    // One statement each for the audit rows, the notices and the emails, however many investors.
    await recordAudits(
      tx,
      actor,
      called.map(({ row, amount, soFar }) => ({
        action: 'investor.capital_called',
        subjectType: 'investor',
        subjectId: row.user_id,
        after: {
          investment_id: row.id,
          fund: fund.name,
          capital_call_id: call.id,
          amount,
          called_so_far: soFar,
          of: row.amount,
          currency: fund.currency,
          due_date: call.due_date,
        },
      })),
    );
    const told = called.flatMap((line) =>
      line.investor && line.opportunity && line.row.type !== 'private_manual'
        ? [{ ...line, investor: line.investor, opportunity: line.opportunity }]
        : [],
    );
    const stored = await kit.notifications.recordEach(
      tx,
      told.map(({ investor, due }) => ({
        user: investor,
        notice: investorNotice(
          `Capital call: please pay ${due} of your commitment to **${fund.name}** by ${longDate(call.due_date)}.`,
          '/investor/investments',
          'App\\Notifications\\CashCall',
        ),
      })),
    );
    // The email is the payment instruction, sent whatever the investor's email setting.
    await mailer.queueMany(
      tx,
      told
        .filter(({ investor }) => !investor.deactivated_at)
        .map(({ row, investor, opportunity, due, soFar }) => ({
          to: investor.email,
          ...renderMail(config.APP_NAME, {
            subject: `${config.APP_NAME}: capital call for ${fund.name}`,
            greeting: `Hello ${investor.name},`,
            lines: [
              `Capital call for ${fund.name}.`,
              `Amount: ${due}`,
              `Due by: ${longDate(call.due_date)}`,
              `Called so far: ${formatAmount(soFar, fund.currency)} of your ${formatAmount(row.amount, fund.currency)} commitment.`,
              ...paymentLines(opportunity, row, flags),
              ...(call.message ? ['', call.message] : []),
            ],
            action: { label: 'Open', url: `${config.APP_URL}/investor/investments` },
          }),
        })),
    );
    return stored;
  }
}
