import { costOfShares, multiplyDecimal, ROLES, wholeSharesFor } from '@portico/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { holdingTransactions, investments, opportunities, sharePrices, users } from '../db/schema';
import { insertInvestmentWithMoney } from '../modules/investment-transactions/ledger';
import { formatPrice } from '../platform/money';
import { londonDate } from '../platform/time';

const DAY_MS = 86_400_000;
/** The business date of an instant: its London day. */
const day = (date: Date) => londonDate(date);

/**
 * Each existing demo investment's story after completion: its price moves (months after completion and
 * the price), and what its holders did. Harbour Lane gains and pays a dividend, Fenwick loses value and
 * investor@ follows on at a lower price, Old Forge (matured) is sold in a trade sale: every holder exits.
 */
const STORIES: Record<
  string,
  {
    /** months after completion → price; the last may be an exit */
    prices: Array<{ months: number; price: string; kind?: 'valuation' | 'exit'; note?: string }>;
    /** the demo investor's own amount; others hold alongside */
    mine: string;
    others: string[];
    followOn?: { months: number; amount: string; price: string };
    dividend?: { months: number; perShare: string };
    exit?: { months: number; price: string };
  }
> = {
  // a price every month since the round (1.20), up and down as a young company's are
  'harbour-lane-coffee': {
    prices: monthly(['1.220000', '1.180000', '1.350000', '1.450000', '1.450000', '1.410000', '1.480000'], {
      2: 'Quiet summer trading',
      3: 'Supermarket listing signed',
      4: 'Trading update: revenue up 40%',
    }),
    mine: '6000.00',
    others: ['12000.00', '3000.00'],
    dividend: { months: 4, perShare: '0.02' },
  },
  // a price every month since the round (2.75), mostly down
  'fenwick-medical-devices': {
    prices: monthly(
      [
        '2.800000',
        '2.700000',
        '2.620000',
        '2.400000',
        '2.450000',
        '2.300000',
        '2.250000',
        '2.100000',
        '2.150000',
        '2.220000',
        '2.180000',
      ],
      { 4: 'Slower NHS procurement', 5: 'Bridge round', 8: 'Down round indication', 10: 'CE mark granted' },
    ),
    mine: '11000.00',
    others: ['27500.00', '5500.00'],
    followOn: { months: 5, amount: '4800.00', price: '2.400000' },
  },
  'old-forge-brewing': {
    prices: [
      { months: 6, price: '0.850000', note: 'Taproom closed over winter' },
      { months: 12, price: '1.100000' },
      { months: 24, price: '1.400000', note: 'Second taproom opened' },
      { months: 36, price: '1.600000' },
    ],
    mine: '5000.00',
    others: ['10000.00', '2000.00'],
    exit: { months: 42, price: '1.850000' },
  },
};

/** A price at the end of each month after the round (month 1 first), with notes on some months. */
function monthly(prices: string[], notes: Record<number, string> = {}) {
  return prices.map((price, index) => ({ months: index + 1, price, note: notes[index + 1] }));
}

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

async function demoInvestors(tx: DbOrTx) {
  const [me] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'investor@portico.test'));
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role_id, ROLES.USER),
        sql`${users.email_verified_at} is not null`,
        sql`${users.email} <> 'investor@portico.test'`,
        sql`${users.email} <> 'investor2@portico.test'`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(4);
  return { me, others };
}

/**
 * Issue 11: the completed and matured demo opportunities as existing investments. Completed investments
 * (made here when the opportunities demo left none) get their allotment at completion; price histories
 * move up and down over the years since; Fenwick has a follow-on, Harbour Lane a dividend, Old Forge an
 * exit of every holder. investor@portico.test holds in all three. Runs after the opportunities demo.
 */
export async function seedPortfolioDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const { me, others } = await demoInvestors(tx);
    const existing = await tx
      .select()
      .from(opportunities)
      .where(inArray(opportunities.slug, Object.keys(STORIES)))
      .orderBy(asc(opportunities.id));

    for (const opportunity of existing) {
      const story = STORIES[opportunity.slug];
      const roundPrice = opportunity.share_price;
      if (!story || !roundPrice || opportunity.status < 5) continue;
      const completedAt = opportunity.completed_at ?? new Date(now.getTime() - 365 * DAY_MS);
      // Old Forge completed long ago: its story runs from then; the others from their completion
      const completedOn = day(completedAt);

      let completed = await tx
        .select()
        .from(investments)
        .where(and(eq(investments.opportunity_id, opportunity.id), eq(investments.status, 'completed')))
        .orderBy(asc(investments.id));
      if (completed.length === 0) {
        const holders = [me, ...others].filter((user): user is { id: number } => user !== undefined);
        const amounts = [story.mine, ...story.others];
        const values = holders.slice(0, amounts.length).map((holder, index) => {
          const shares = wholeSharesFor(amounts[index] ?? story.mine, roundPrice);
          const amount = costOfShares(shares, roundPrice);
          return {
            opportunity_id: opportunity.id,
            user_id: holder.id,
            amount,
            shares,
            status: 'completed' as const,
            type: 'platform' as const,
            paid_amount: amount,
            payment_reference: `${opportunity.slug.slice(0, 8).toUpperCase()}-${holder.id}`,
            invested_on: day(new Date(completedAt.getTime() - 45 * DAY_MS)),
            paid_at: new Date(completedAt.getTime() - 20 * DAY_MS),
            completed_at: completedAt,
          };
        });
        // each holds its money as a ledger payment, received when it was paid (decision 019)
        completed = [];
        for (const value of values)
          completed.push(
            await insertInvestmentWithMoney(tx, value, {
              received_on: londonDate(value.paid_at),
              reference: value.payment_reference,
            }),
          );
      }

      // the allotment of each completed investment, and the round's price
      await tx.insert(holdingTransactions).values(
        completed.map((investment) => {
          const shares = investment.shares ?? wholeSharesFor(investment.amount, roundPrice);
          return {
            opportunity_id: opportunity.id,
            user_id: investment.user_id,
            investment_id: investment.id,
            kind: 'allotment' as const,
            occurred_on: completedOn,
            shares,
            amount: investment.amount,
            price: roundPrice,
            share_class: opportunity.share_class,
            recorded_by: admin?.id ?? null,
          };
        }),
      );
      const prices = [
        {
          effective_on: completedOn,
          price: roundPrice,
          kind: 'round' as const,
          note: 'Round price at completion',
        },
        ...story.prices.map((point) => ({
          effective_on: day(addMonths(completedAt, point.months)),
          price: point.price,
          kind: point.kind ?? ('valuation' as const),
          note: point.note ?? null,
        })),
        ...(story.exit
          ? [
              {
                effective_on: day(addMonths(completedAt, story.exit.months)),
                price: story.exit.price,
                kind: 'exit' as const,
                note: 'Trade sale',
              },
            ]
          : []),
      ].filter((point) => point.effective_on <= day(now));
      const inserted = await tx
        .insert(sharePrices)
        .values(
          prices.map((point) => ({
            ...point,
            opportunity_id: opportunity.id,
            created_by: admin?.id ?? null,
          })),
        )
        .returning();
      // prices are append-only (issue 18): Old Forge's first valuation was entered wrong and corrected,
      // and the Performance tab shows the mistaken price beside its correction
      const correction = inserted.find((row) => row.kind === 'valuation');
      if (opportunity.slug === 'old-forge-brewing' && correction)
        await tx.insert(sharePrices).values({
          opportunity_id: opportunity.id,
          effective_on: correction.effective_on,
          price: multiplyDecimal(correction.price, '10', 6),
          kind: 'valuation',
          note: correction.note,
          created_by: admin?.id ?? null,
          created_at: new Date(correction.created_at.getTime() - 60_000),
          replaced_at: correction.created_at,
          replaced_by: admin?.id ?? null,
          superseded_by_id: correction.id,
        });

      const held = new Map<number, string>();
      for (const investment of completed)
        held.set(investment.user_id, investment.shares ?? wholeSharesFor(investment.amount, roundPrice));
      const when = (months: number) => {
        const date = addMonths(completedAt, months);
        return date <= now ? day(date) : undefined;
      };

      if (story.followOn && me) {
        const on = when(story.followOn.months);
        const shares = wholeSharesFor(story.followOn.amount, story.followOn.price);
        if (on && held.has(me.id)) {
          await tx.insert(holdingTransactions).values({
            opportunity_id: opportunity.id,
            user_id: me.id,
            kind: 'follow_on',
            occurred_on: on,
            shares,
            amount: costOfShares(shares, story.followOn.price),
            price: story.followOn.price,
            share_class: opportunity.share_class,
            note: 'Follow-on in the bridge round',
            recorded_by: admin?.id ?? null,
          });
        }
      }
      if (story.dividend) {
        const on = when(story.dividend.months);
        const perShare = story.dividend.perShare;
        if (on)
          await tx.insert(holdingTransactions).values(
            [...held].map(([userId, shares]) => ({
              opportunity_id: opportunity.id,
              user_id: userId,
              kind: 'dividend' as const,
              occurred_on: on,
              amount: multiplyDecimal(shares, perShare, 2),
              note: `Interim dividend of ${formatPrice(perShare)} a share`,
              recorded_by: admin?.id ?? null,
            })),
          );
      }
      if (story.exit) {
        const on = when(story.exit.months);
        const price = story.exit.price;
        if (on)
          await tx.insert(holdingTransactions).values(
            [...held].map(([userId, shares]) => ({
              opportunity_id: opportunity.id,
              user_id: userId,
              kind: 'exit' as const,
              occurred_on: on,
              shares,
              amount: costOfShares(shares, price),
              price,
              share_class: opportunity.share_class,
              note: 'Trade sale to a national brewer',
              recorded_by: admin?.id ?? null,
            })),
          );
      }
    }
  });
}
