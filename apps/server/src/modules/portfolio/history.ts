import {
  addDecimal,
  multiplyDecimal,
  subtractDecimal,
  type PortfolioCurrencySeries,
  type PortfolioPoint,
} from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { mineAndPaid } from './portfolio.repository';

/** At most this many points on a chart: beyond it, the last point of each month stays. */
const MAX_POINTS = 150;

interface EventRow {
  day: string;
  /**
   * 0: a price change, 1: money received for an allotment to come, 2: a transaction (a price applies
   * before the day's transactions are valued)
   */
  sort: number;
  opportunity_id: string | number;
  kind: string;
  shares: string | null;
  amount: string | null;
  price: string | null;
  /** of an allotment: the money its payment entries brought in (already counted as invested) */
  paid: string | null;
  /** the opportunity's currency: money is never added across currencies (issue 18) */
  currency: string;
}

/**
 * The investor's invested money and value over time: a point at every transaction, payment received and
 * share-price change of their existing investments, and today. Money paid for an allotment counts as
 * invested on the day it was received (issue 18) and is valued at cost until its shares are allotted.
 * Value at a day = Σ shares held × the price in effect (the latest current share price on or before it,
 * else the round's price) + money paid awaiting allotment. Exact decimals, kept as a running total so
 * each event costs one multiplication.
 */
export async function historyOf(
  db: DbOrTx,
  userId: number,
  today: string,
  opportunityId?: number,
): Promise<PortfolioPoint[]> {
  const events = await eventsOf(db, userId, today, opportunityId);
  return pointsOf(events, today);
}

/**
 * The history per currency held, never added across currencies (issue 18): one series per currency,
 * in the order the currencies first show in the history.
 */
export async function historyByCurrency(
  db: DbOrTx,
  userId: number,
  today: string,
): Promise<PortfolioCurrencySeries[]> {
  const events = await eventsOf(db, userId, today);
  const byCurrency = new Map<string, EventRow[]>();
  for (const event of events) {
    const list = byCurrency.get(event.currency);
    if (list) list.push(event);
    else byCurrency.set(event.currency, [event]);
  }
  return [...byCurrency].map(([currency, mine]) => ({ currency, points: pointsOf(mine, today) }));
}

async function eventsOf(
  db: DbOrTx,
  userId: number,
  today: string,
  opportunityId?: number,
): Promise<EventRow[]> {
  const result = await db.execute(sql`
    with ${mineAndPaid(userId, opportunityId)},
    held as (
      select distinct m.opportunity_id, o.currency
      from mine m join opportunities o on o.id = m.opportunity_id and o.status in (5, 6)
    )
    select to_char(sp.effective_on, 'YYYY-MM-DD') as day, 0 as sort, sp.opportunity_id, 'price' as kind,
      null as shares, null as amount, sp.price::text as price, null as paid, 0 as seq, h.currency
    from share_prices sp join held h on h.opportunity_id = sp.opportunity_id
    where sp.effective_on <= ${today} and sp.replaced_at is null
    union all
    select to_char(p.day, 'YYYY-MM-DD'), 1, p.opportunity_id, 'paid', null, p.amount::text, null, null,
      p.transaction_id, h.currency
    from paid p join held h on h.opportunity_id = p.opportunity_id
    union all
    select to_char(m.occurred_on, 'YYYY-MM-DD'), 2, m.opportunity_id, m.kind, m.shares::text,
      m.amount::text, o.share_price::text,
      (select sum(p.amount) from paid p where p.transaction_id = m.id)::text, m.id, h.currency
    from mine m
    join held h on h.opportunity_id = m.opportunity_id
    join opportunities o on o.id = m.opportunity_id
    order by 1, 2, 9`);
  return rowsOf<EventRow>(result);
}

/** The points of a list of events of one currency, oldest first. */
function pointsOf(events: readonly EventRow[], today: string): PortfolioPoint[] {
  const shares = new Map<number, string>();
  const prices = new Map<number, string>();
  const contribution = new Map<number, string>();
  let invested = '0.00';
  let value = '0.00';
  let started = false;
  const points: PortfolioPoint[] = [];

  /** money paid, awaiting its allotment, valued at cost */
  const pending = new Map<number, string>();

  const revalue = (id: number) => {
    const held = shares.get(id) ?? '0';
    const price = prices.get(id);
    const atCost = pending.get(id) ?? '0.00';
    const next = addDecimal(price === undefined ? '0.00' : multiplyDecimal(held, price, 2), atCost);
    value = addDecimal(subtractDecimal(value, contribution.get(id) ?? '0.00'), next);
    contribution.set(id, next);
  };

  for (const event of events) {
    const id = Number(event.opportunity_id);
    if (event.kind === 'price') {
      if (event.price !== null) prices.set(id, event.price);
    } else if (event.kind === 'paid') {
      const amount = event.amount ?? '0';
      invested = addDecimal(invested, amount);
      pending.set(id, addDecimal(pending.get(id) ?? '0.00', amount));
      started = true;
    } else {
      // before any valuation the round's price values the holding
      if (!prices.has(id) && event.price !== null) prices.set(id, event.price);
      const moved = event.shares ?? '0';
      if (event.kind === 'allotment' || event.kind === 'follow_on') {
        shares.set(id, addDecimal(shares.get(id) ?? '0', moved, 6));
        // what the payments brought in is invested already: only the rest counts today
        const paid = event.paid ?? '0';
        invested = addDecimal(invested, subtractDecimal(event.amount ?? '0', paid));
        pending.set(id, subtractDecimal(pending.get(id) ?? '0.00', paid));
        started = true;
      } else if (event.kind === 'exit') shares.set(id, subtractDecimal(shares.get(id) ?? '0', moved, 6));
    }
    revalue(id);
    if (!started) continue;
    const last = points.at(-1);
    if (last?.date === event.day) {
      last.invested = invested;
      last.value = value;
    } else points.push({ date: event.day, invested, value });
  }
  if (started && points.at(-1)?.date !== today) points.push({ date: today, invested, value });
  if (points.length <= MAX_POINTS) return points;
  // the last point of each month, and today
  return points.filter((point, index) => {
    const next = points[index + 1];
    return next === undefined || next.date.slice(0, 7) !== point.date.slice(0, 7);
  });
}
