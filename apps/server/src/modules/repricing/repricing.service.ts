import {
  can,
  compareDecimal,
  costOfShares,
  isZeroDecimal,
  OPPORTUNITY_STATUS,
  opportunityGuard,
  RAISED_INVESTMENT_STATUSES,
  subtractDecimal,
  sumDecimals,
  wholeSharesFor,
  type Repricing,
  type RepricingInput,
  type RepricingLine,
  type RepricingPreview,
} from '@portico/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  investments,
  opportunities,
  opportunityRepricingInvestments,
  opportunityRepricings,
  users,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, forbidden, notFound, validationError } from '../../platform/http/errors';
import { renderMail } from '../../platform/mail/templates';
import { formatAmount, formatPrice, formatShares } from '../../platform/money';
import { toApiTimestamp } from '../../platform/time';
import { lockOpportunityRow, sharesOverflow } from '../investment-transactions/commitments';
import type { Notice, NotificationsService } from '../notifications/notifications.service';

const NOT_FOUND = 'No opportunity with that id.';
/** The investments a re-pricing recomputes: every one that holds the round's money (completed ones refuse it). */
const REPRICED = ['reserved', 'awaiting_payment', 'paid'] as const;

interface Planned {
  round: OpportunityRow;
  lines: Array<RepricingLine & { user: { id: number; name: string; email: string } }>;
  problems: string[];
}

/**
 * Re-pricing (issue 18, decision 021): the one way a round's share price moves once investments have been
 * made in it. Under the round's row lock (the commitment gate's), every investment that holds its money is
 * recomputed by the investor path's rule: whole shares its amount buys at the new price (rounded down),
 * and the amount becomes what those shares cost, never more than before. The re-pricing is recorded (a
 * row with each investment before and after, and the audit log) and each investor is told, by
 * notification and email; a private_manual investment's investor never is.
 */
export function createRepricingService(ctx: AppContext, deps: { notifications: NotificationsService }) {
  const { db, clock, config, mailer } = ctx;
  const { notifications } = deps;

  /** The round, for a staff member allowed `action` on its stage (403 otherwise, 404 when missing). */
  async function roundFor(tx: DbOrTx, roleId: number, id: number, action: 'show' | 'update', lock = false) {
    const round = lock
      ? await lockOpportunityRow(tx, id)
      : (await tx.select().from(opportunities).where(eq(opportunities.id, id)))[0];
    if (!round) throw notFound(NOT_FOUND);
    if (!can(roleId, opportunityGuard(round), action)) throw forbidden();
    return round;
  }

  /** What re-pricing the round at `newPrice` does to each investment, and why it cannot be made if so. */
  async function plan(tx: DbOrTx, round: OpportunityRow, newPrice: string): Promise<Planned> {
    const money = (value: string) => formatAmount(value, round.currency);
    const price = (value: string) => formatPrice(value, round.currency);
    const problems: string[] = [];
    if (round.status === OPPORTUNITY_STATUS.DRAFT)
      problems.push('A draft has no investments: change its share price in Key information.');
    if (round.status >= OPPORTUNITY_STATUS.COMPLETED)
      problems.push(
        'Only a live or closed round can be re-priced: once it is completed its shares have been allotted.',
      );
    if (round.share_price === null)
      problems.push('The round has no share price yet: set it in Key information.');
    else if (compareDecimal(newPrice, round.share_price) === 0)
      problems.push(`The share price is already ${price(newPrice)}.`);
    if (round.maximum_amount !== null) {
      const overflow = sharesOverflow(round.maximum_amount, {
        share_price: newPrice,
        currency: round.currency,
      });
      if (overflow)
        problems.push(
          `At ${price(newPrice)} a share, the maximum of ${money(round.maximum_amount)} would buy more shares than can be recorded (at most 99,999,999,999,999): choose a higher share price.`,
        );
    }
    const rows = await tx
      .select({ investment: investments, user: { id: users.id, name: users.name, email: users.email } })
      .from(investments)
      .innerJoin(users, eq(users.id, investments.user_id))
      .where(
        and(
          eq(investments.opportunity_id, round.id),
          inArray(investments.status, [...RAISED_INVESTMENT_STATUSES]),
        ),
      )
      .orderBy(asc(investments.id));
    if (rows.some((row) => row.investment.status === 'completed'))
      problems.push(
        'Some investments in this round are completed (their shares allotted): it cannot be re-priced.',
      );
    const lines = rows
      .filter((row) => (REPRICED as readonly string[]).includes(row.investment.status))
      .map(({ investment, user }) => {
        const overflow = sharesOverflow(investment.amount, {
          share_price: newPrice,
          currency: round.currency,
        });
        const shares = overflow ? '0' : wholeSharesFor(investment.amount, newPrice);
        const amount = overflow ? '0.00' : costOfShares(shares, newPrice);
        let problem: string | null = null;
        if (overflow) problem = `${user.name}: ${overflow}`;
        else if (isZeroDecimal(shares))
          problem = `${user.name}’s ${money(investment.amount)} buys no whole share at ${price(newPrice)}: cancel that investment first, or choose a lower price.`;
        else if (compareDecimal(investment.paid_amount, amount) > 0)
          problem = `${user.name} has paid ${money(investment.paid_amount)}, more than the ${money(amount)} their ${formatShares(shares)} shares cost at ${price(newPrice)}: refund the ${money(subtractDecimal(investment.paid_amount, amount))} difference first, or choose a price their money buys whole shares at.`;
        else if (
          investment.status !== 'paid' &&
          !isZeroDecimal(investment.paid_amount) &&
          compareDecimal(investment.paid_amount, amount) === 0
        )
          // A part-paid investment holds less than its amount (decision 019): its payments may not cover it.
          problem = `${user.name} has paid ${money(investment.paid_amount)}, exactly what their ${formatShares(shares)} shares would cost at ${price(newPrice)}, before being called to pay in full: choose another price, or settle their payments first.`;
        if (problem) problems.push(problem);
        return {
          investment_id: investment.id,
          investor: { id: user.id, name: user.name },
          user,
          type: investment.type,
          status: investment.status,
          paid_amount: investment.paid_amount,
          shares_before: investment.shares,
          amount_before: investment.amount,
          shares_after: shares,
          amount_after: amount,
          problem,
        };
      });
    return { round, lines, problems };
  }

  const publicLine = ({ user: _user, ...line }: Planned['lines'][number]): RepricingLine => line;

  function preview({ round, lines, problems }: Planned, newPrice: string): RepricingPreview {
    return {
      opportunity_id: round.id,
      currency: round.currency,
      old_price: round.share_price,
      new_price: newPrice,
      committed_before: sumDecimals(lines.map((line) => line.amount_before)),
      committed_after: sumDecimals(lines.map((line) => line.amount_after)),
      investments: lines.map(publicLine),
      problems,
    };
  }

  /** The investor's notice and email: their investment before and after, and why. */
  function tell(
    round: OpportunityRow,
    oldPrice: string,
    newPrice: string,
    reason: string,
    line: Planned['lines'][number],
  ) {
    const money = (value: string) => formatAmount(value, round.currency);
    const price = (value: string) => formatPrice(value, round.currency);
    const cta = `/investor/investments/${round.slug}`;
    const now = `${formatShares(line.shares_after)} shares for ${money(line.amount_after)}`;
    const was = `${formatShares(line.shares_before ?? '0')} shares for ${money(line.amount_before)}`;
    const notice: Notice = {
      type: 'App\\Notifications\\InvestmentRepriced',
      audience: 'user',
      data: {
        message: `The share price of **${round.name}** has changed from ${price(oldPrice)} to ${price(newPrice)}: your investment is now **${now}** (it was ${was}).`,
        cta,
        icon: 'default',
      },
    };
    const lines = [
      `The share price of ${round.name} has changed from ${price(oldPrice)} to ${price(newPrice)}.`,
      `Reason: ${reason}`,
      `Your investment is now ${now}. It was ${was}.`,
      ...(compareDecimal(line.amount_after, line.amount_before) < 0
        ? [
            `Your amount is what your whole shares cost at the new price: ${money(subtractDecimal(line.amount_before, line.amount_after))} less than before.`,
          ]
        : []),
    ];
    const mail = renderMail(config.APP_NAME, {
      subject: `${config.APP_NAME}: the share price of ${round.name} has changed`,
      greeting: `Hello ${line.user.name},`,
      lines,
      action: { label: 'View your investment', url: `${config.APP_URL}${cta}` },
    });
    return { notice, mail };
  }

  async function history(tx: DbOrTx, opportunityId: number, ids?: number[]): Promise<Repricing[]> {
    const repricer = users;
    const rows = await tx
      .select({ repricing: opportunityRepricings, by: { id: repricer.id, name: repricer.name } })
      .from(opportunityRepricings)
      .leftJoin(repricer, eq(repricer.id, opportunityRepricings.repriced_by))
      .where(
        and(
          eq(opportunityRepricings.opportunity_id, opportunityId),
          ids ? inArray(opportunityRepricings.id, ids) : undefined,
        ),
      )
      .orderBy(desc(opportunityRepricings.id));
    if (rows.length === 0) return [];
    const items = await tx
      .select({ item: opportunityRepricingInvestments, user: { id: users.id, name: users.name } })
      .from(opportunityRepricingInvestments)
      .innerJoin(investments, eq(investments.id, opportunityRepricingInvestments.investment_id))
      .innerJoin(users, eq(users.id, investments.user_id))
      .where(
        inArray(
          opportunityRepricingInvestments.repricing_id,
          rows.map((row) => row.repricing.id),
        ),
      )
      .orderBy(asc(opportunityRepricingInvestments.investment_id));
    return rows.map(({ repricing, by }) => ({
      id: repricing.id,
      opportunity_id: repricing.opportunity_id,
      old_price: repricing.old_price,
      new_price: repricing.new_price,
      reason: repricing.reason,
      repriced_by: by?.id ? { id: by.id, name: by.name } : null,
      created_at: toApiTimestamp(repricing.created_at),
      investments: items
        .filter(({ item }) => item.repricing_id === repricing.id)
        .map(({ item, user }) => ({
          investment_id: item.investment_id,
          investor: user,
          shares_before: item.shares_before,
          amount_before: item.amount_before,
          shares_after: item.shares_after,
          amount_after: item.amount_after,
        })),
    }));
  }

  return {
    /** GET /api/opportunities/{id}/repricing-preview: what a re-pricing at this price would do. */
    async preview(roleId: number, id: number, newPrice: string): Promise<RepricingPreview> {
      const round = await roundFor(db, roleId, id, 'update');
      return preview(await plan(db, round, newPrice), newPrice);
    },

    /** GET /api/opportunities/{id}/repricings: the round's re-pricings, the latest first. */
    async list(roleId: number, id: number): Promise<Repricing[]> {
      await roundFor(db, roleId, id, 'show');
      return history(db, id);
    },

    /** POST /api/opportunities/{id}/repricings: re-prices the round and every investment in it. */
    async reprice(actor: Actor, roleId: number, id: number, input: RepricingInput): Promise<Repricing> {
      const now = clock.now();
      const { made, publish } = await db.transaction(async (tx) => {
        const round = await roundFor(tx, roleId, id, 'update', true);
        const planned = await plan(tx, round, input.share_price);
        if (planned.problems.length > 0) throw validationError({ share_price: planned.problems });
        const oldPrice = round.share_price;
        if (oldPrice === null) throw fieldError('share_price', 'The round has no share price yet.');
        const [repricing] = await tx
          .insert(opportunityRepricings)
          .values({
            opportunity_id: round.id,
            old_price: oldPrice,
            new_price: input.share_price,
            reason: input.reason,
            repriced_by: actor.userId,
            created_at: now,
          })
          .returning();
        if (!repricing) throw new Error('no re-pricing inserted');
        for (const line of planned.lines)
          await tx
            .update(investments)
            .set({ shares: line.shares_after, amount: line.amount_after, updated_at: now })
            .where(eq(investments.id, line.investment_id));
        if (planned.lines.length > 0)
          await tx.insert(opportunityRepricingInvestments).values(
            planned.lines.map((line) => ({
              repricing_id: repricing.id,
              investment_id: line.investment_id,
              shares_before: line.shares_before,
              amount_before: line.amount_before,
              shares_after: line.shares_after,
              amount_after: line.amount_after,
            })),
          );
        // The database lets the price move only with this re-pricing recorded in the same transaction.
        await tx
          .update(opportunities)
          .set({ share_price: input.share_price, updated_at: now })
          .where(eq(opportunities.id, round.id));
        const changes = planned.lines.map((line) => ({
          investment_id: line.investment_id,
          investor: line.user.name,
          shares_before: line.shares_before,
          amount_before: line.amount_before,
          shares_after: line.shares_after,
          amount_after: line.amount_after,
        }));
        await recordAudit(tx, actor, {
          action: 'opportunity.repriced',
          subjectType: 'opportunity',
          subjectId: round.id,
          before: { share_price: oldPrice },
          after: {
            share_price: input.share_price,
            currency: round.currency,
            old_price_text: formatPrice(oldPrice, round.currency),
            new_price_text: formatPrice(input.share_price, round.currency),
            reason: input.reason,
            repricing_id: repricing.id,
            investments: changes,
          },
        });
        const published: Array<() => Promise<void>> = [];
        for (const line of planned.lines) {
          await recordAudit(tx, actor, {
            action: 'investor.investment_repriced',
            subjectType: 'investor',
            subjectId: line.user.id,
            before: { shares: line.shares_before, amount: line.amount_before },
            after: {
              opportunity: round.name,
              investment_id: line.investment_id,
              shares: line.shares_after,
              amount: line.amount_after,
              currency: round.currency,
              old_price_text: formatPrice(oldPrice, round.currency),
              new_price_text: formatPrice(input.share_price, round.currency),
              reason: input.reason,
            },
          });
          // A private_manual investment is the round's books only (decision 014): its investor is never told.
          if (line.type === 'private_manual') continue;
          const { notice, mail } = tell(round, oldPrice, input.share_price, input.reason, line);
          const [recipient] = await tx.select().from(users).where(eq(users.id, line.user.id));
          if (!recipient) continue;
          // The email goes whatever the investor's notification-email setting: it changes a commitment.
          const rows = await notifications.record(
            tx,
            [{ ...recipient, notification_emails: false } satisfies UserRow],
            notice,
          );
          if (!recipient.deactivated_at) await mailer.queue(tx, { to: recipient.email, ...mail });
          published.push(() => notifications.publish(rows, notice));
        }
        const [made] = await history(tx, round.id, [repricing.id]);
        if (!made) throw new Error('the re-pricing was not stored');
        return {
          made,
          publish: async () => {
            for (const go of published) await go();
          },
        };
      });
      await publish();
      return made;
    },
  };
}

export type RepricingService = ReturnType<typeof createRepricingService>;
