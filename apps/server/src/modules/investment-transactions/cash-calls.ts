import { OPPORTUNITY_STATUS, sumDecimals, type CashCall, type cashCallInputSchema } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cashCalls,
  opportunities,
  type InvestmentRow,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { longDate } from '../../platform/dates';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import { renderMail } from '../../platform/mail/templates';
import { formatAmount } from '../../platform/money';
import { toApiTimestamp } from '../../platform/time';
import type { Notice, NotificationsService } from '../notifications/notifications.service';
import {
  findUsersByIds,
  insertCashCall,
  lockReserved,
  updateInvestment,
} from './investment-transactions.repository';
import { assertMove } from './ledger';
import { investorNotice, NO_OPPORTUNITY, paymentLines, type Kit } from './shared';

type CashCallInput = z.output<typeof cashCallInputSchema>;

/** Cash calls: reserved investments asked to pay, with a due date (DOMAIN.md, Cash call). */
export function cashCallOperations(kit: Kit) {
  const { db, clock, config, mailer } = kit;

  function cashCallMail(
    investor: UserRow,
    opportunity: OpportunityRow,
    investment: InvestmentRow,
    dueDate: string,
    message: string | null,
    flags: { hideBank: boolean; hidePayee: boolean; internationalBank: boolean },
  ) {
    return renderMail(config.APP_NAME, {
      subject: `${config.APP_NAME}: cash call for ${opportunity.name}`,
      greeting: `Hello ${investor.name},`,
      lines: [
        `Cash Call - Awaiting Payment for ${opportunity.name}.`,
        `Amount: ${formatAmount(investment.amount, opportunity.currency)}`,
        `Due by: ${longDate(dueDate)}`,
        ...paymentLines(opportunity, investment, flags),
        ...(message ? ['', message] : []),
      ],
      action: { label: 'Open', url: `${config.APP_URL}/investor/investments` },
    });
  }

  return {
    async issueCashCall(actor: Actor, opportunityId: number, input: CashCallInput): Promise<CashCall> {
      if (input.due_date < kit.today()) throw fieldError('due_date', 'The due date cannot be in the past.');
      // Settings are read before the transaction: PGlite has one connection (decision 006).
      const flags = {
        hideBank: await kit.isEnabled('hideBank'),
        hidePayee: await kit.isEnabled('hidePayee'),
        internationalBank: await kit.isEnabled('internationalBank'),
      };
      const ids = [...new Set(input.investment_ids)];
      const result = await db.transaction(async (tx) => {
        const [opportunity] = await tx
          .select()
          .from(opportunities)
          .where(eq(opportunities.id, opportunityId))
          .for('update');
        if (!opportunity) throw notFound(NO_OPPORTUNITY);
        if (
          opportunity.status < OPPORTUNITY_STATUS.LIVE_EXTERNAL ||
          opportunity.status > OPPORTUNITY_STATUS.CLOSED
        )
          throw fieldError(
            'investment_ids',
            'Only a live or closed opportunity’s investments can be called.',
          );
        const rows = await lockReserved(tx, opportunityId, ids);
        if (ids.length > 0) {
          const found = new Map(rows.map((row) => [row.id, row]));
          const errors = ids.flatMap((id, index) => {
            const row = found.get(id);
            if (!row)
              return [[`investment_ids.${index}`, ['That investment is not one of this opportunity’s.']]];
            if (row.status !== 'reserved')
              return [
                [
                  `investment_ids.${index}`,
                  [
                    `Investment ${row.payment_reference ?? row.id} is not reserved: only reserved investments can be called.`,
                  ],
                ],
              ];
            return [];
          });
          if (errors.length > 0)
            throw validationError(Object.fromEntries(errors) as Record<string, string[]>);
        }
        if (rows.length === 0)
          throw fieldError('investment_ids', 'There are no reserved investments to call.');
        const now = clock.now();
        const call = await insertCashCall(tx, {
          opportunity_id: opportunityId,
          due_date: input.due_date,
          message: input.message ?? null,
          issued_by: actor.userId,
        });
        const called: InvestmentRow[] = [];
        for (const row of rows) {
          assertMove(row.status, 'awaiting_payment', 'investment_ids');
          called.push(
            await updateInvestment(tx, row.id, {
              status: 'awaiting_payment',
              called_at: now,
              cash_call_id: call.id,
            }),
          );
        }
        // the call's amount and state, as the database keeps them from the investments it called
        const [stored] = await tx.select().from(cashCalls).where(eq(cashCalls.id, call.id));
        const amount = sumDecimals(called.map((row) => row.amount));
        await recordAudit(tx, actor, {
          action: 'opportunity.cash_call_issued',
          subjectType: 'opportunity',
          subjectId: opportunityId,
          after: {
            cash_call_id: call.id,
            due_date: call.due_date,
            investments: called.length,
            amount,
            currency: opportunity.currency,
          },
        });
        const people = new Map(
          (
            await findUsersByIds(
              tx,
              called.map((row) => row.user_id),
            )
          ).map((user) => [user.id, user]),
        );
        const published: Array<{
          rows: Awaited<ReturnType<NotificationsService['record']>>;
          notice: Notice;
        }> = [];
        for (const row of called) {
          await recordAudit(tx, actor, {
            action: 'investor.cash_called',
            subjectType: 'investor',
            subjectId: row.user_id,
            after: {
              investment_id: row.id,
              opportunity: opportunity.name,
              amount: row.amount,
              currency: opportunity.currency,
              due_date: call.due_date,
            },
          });
          const investor = people.get(row.user_id);
          if (!investor || row.type === 'private_manual') continue;
          const message = `Cash Call - Awaiting Payment: please pay ${formatAmount(row.amount, opportunity.currency)} for **${opportunity.name}** by ${longDate(call.due_date)}.`;
          const notice = investorNotice(message, '/investor/investments', 'App\\Notifications\\CashCall');
          // The in-app notice; the email is the payment instruction below, sent whatever the investor's
          // email setting (they need it to pay), so the notice's own copy is not mailed.
          const stored = await kit.notifications.record(
            tx,
            [{ ...investor, notification_emails: false }],
            notice,
          );
          published.push({ rows: stored, notice });
          if (!investor.deactivated_at)
            await mailer.queue(tx, {
              to: investor.email,
              ...cashCallMail(investor, opportunity, row, call.due_date, input.message ?? null, flags),
            });
        }
        return { call: stored ?? call, called, amount, published };
      });
      for (const item of result.published) await kit.notifications.publish(item.rows, item.notice);
      return {
        id: result.call.id,
        opportunity_id: opportunityId,
        due_date: result.call.due_date,
        message: result.call.message,
        investment_ids: result.called.map((row) => row.id),
        amount: result.call.amount,
        status: result.call.status,
        created_at: toApiTimestamp(result.call.created_at),
      };
    },
  };
}
