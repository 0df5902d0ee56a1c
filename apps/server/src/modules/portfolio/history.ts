import {
  addDecimal,
  isZeroDecimal,
  multiplyDecimal,
  subtractDecimal,
  type CashFlow,
  type PortfolioCurrencySeries,
  type PortfolioPoint,
} from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { fundBooksOf, fundPointsOf } from './fund-books';
import { mineAndPaid } from './portfolio.repository';

/** At most this many points on a chart: beyond it, the last point of each month stays. */
const MAX_POINTS = 150;

export interface EventRow {
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
  return thin(allPointsOf(events, today));
}

/**
 * The history per currency held, never added across currencies (issue 18): one series per currency,
 * in the order the currencies first show in the history (the direct holdings', then the funds'). With
 * `withFunds` (the funds feature on), the fund holdings' points join their currency's series (issue 20).
 */
export async function historyByCurrency(
  db: DbOrTx,
  userId: number,
  today: string,
  withFunds = false,
): Promise<PortfolioCurrencySeries[]> {
  const [events, books] = await Promise.all([
    eventsOf(db, userId, today),
    withFunds ? fundBooksOf(db, userId, today) : Promise.resolve([]),
  ]);
  const byCurrency = new Map<string, PortfolioPoint[]>();
  for (const [currency, mine] of eventsByCurrency(events)) byCurrency.set(currency, allPointsOf(mine, today));
  for (const book of books) {
    const points = fundPointsOf(book, today);
    if (points.length === 0) continue;
    byCurrency.set(book.currency, mergeSeries(byCurrency.get(book.currency) ?? [], points));
  }
  return [...byCurrency].map(([currency, points]) => ({ currency, points: thin(points) }));
}

/** Events by their currency, in the order the currencies first show. */
export function eventsByCurrency(events: readonly EventRow[]): Map<string, EventRow[]> {
  const byCurrency = new Map<string, EventRow[]>();
  for (const event of events) {
    const list = byCurrency.get(event.currency);
    if (list) list.push(event);
    else byCurrency.set(event.currency, [event]);
  }
  return byCurrency;
}

/**
 * Every price change, payment received and transaction of the investor's existing investments (prices on
 * or before `today`), oldest first; a day's prices before its payments before its transactions.
 */
export async function eventsOf(
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

/**
 * Direct holdings read forwards, event by event (oldest first, of one currency): money invested so far and
 * what the holdings are worth. Value = Σ shares held × the price in effect (the latest current share price on
 * or before the day, else the round's price) + money paid awaiting allotment, at cost. Exact decimals, kept as
 * a running total so each event costs one multiplication.
 */
export class DirectWalk {
  invested = '0.00';
  value = '0.00';
  /** whether money has gone in yet */
  started = false;
  private readonly shares = new Map<number, string>();
  private readonly prices = new Map<number, string>();
  private readonly contribution = new Map<number, string>();
  /** money paid, awaiting its allotment, valued at cost */
  private readonly pending = new Map<number, string>();

  private revalue(id: number) {
    const held = this.shares.get(id) ?? '0';
    const price = this.prices.get(id);
    const atCost = this.pending.get(id) ?? '0.00';
    const next = addDecimal(price === undefined ? '0.00' : multiplyDecimal(held, price, 2), atCost);
    this.value = addDecimal(subtractDecimal(this.value, this.contribution.get(id) ?? '0.00'), next);
    this.contribution.set(id, next);
  }

  apply(event: EventRow) {
    const id = Number(event.opportunity_id);
    if (event.kind === 'price') {
      if (event.price !== null) this.prices.set(id, event.price);
    } else if (event.kind === 'paid') {
      const amount = event.amount ?? '0';
      this.invested = addDecimal(this.invested, amount);
      this.pending.set(id, addDecimal(this.pending.get(id) ?? '0.00', amount));
      this.started = true;
    } else {
      // before any valuation the round's price values the holding
      if (!this.prices.has(id) && event.price !== null) this.prices.set(id, event.price);
      const moved = event.shares ?? '0';
      if (event.kind === 'allotment' || event.kind === 'follow_on') {
        this.shares.set(id, addDecimal(this.shares.get(id) ?? '0', moved, 6));
        // what the payments brought in is invested already: only the rest counts today
        const paid = event.paid ?? '0';
        this.invested = addDecimal(this.invested, subtractDecimal(event.amount ?? '0', paid));
        this.pending.set(id, subtractDecimal(this.pending.get(id) ?? '0.00', paid));
        this.started = true;
      } else if (event.kind === 'exit')
        this.shares.set(id, subtractDecimal(this.shares.get(id) ?? '0', moved, 6));
    }
    this.revalue(id);
  }
}

/**
 * An event's cash flow for XIRR, as the portfolio dates them (portfolio.repository.ts): money received for
 * an allotment on its day, an allotment's or follow-on's rest on its own day (money in, negative), exits and
 * dividends on theirs (positive); null for a price change or nothing.
 */
export function flowOf(event: EventRow): (CashFlow & { kind: 'paid' | 'received' }) | null {
  if (event.kind === 'price') return null;
  const amount =
    event.kind === 'paid'
      ? subtractDecimal('0', event.amount ?? '0')
      : event.kind === 'allotment' || event.kind === 'follow_on'
        ? subtractDecimal(event.paid ?? '0', event.amount ?? '0')
        : addDecimal(event.amount ?? '0', '0');
  if (isZeroDecimal(amount)) return null;
  const paidIn = event.kind === 'paid' || event.kind === 'allotment' || event.kind === 'follow_on';
  return { date: event.day, amount, kind: paidIn ? 'paid' : 'received' };
}

/** The points of a list of events of one currency, oldest first, every one of them. */
function allPointsOf(events: readonly EventRow[], today: string): PortfolioPoint[] {
  const walk = new DirectWalk();
  const points: PortfolioPoint[] = [];
  for (const event of events) {
    walk.apply(event);
    if (!walk.started) continue;
    const last = points.at(-1);
    if (last?.date === event.day) {
      last.invested = walk.invested;
      last.value = walk.value;
    } else points.push({ date: event.day, invested: walk.invested, value: walk.value });
  }
  if (walk.started && points.at(-1)?.date !== today)
    points.push({ date: today, invested: walk.invested, value: walk.value });
  return points;
}

/** At most MAX_POINTS points: beyond it, the last point of each month (and today) stays. */
function thin(points: PortfolioPoint[]): PortfolioPoint[] {
  if (points.length <= MAX_POINTS) return points;
  return points.filter((point, index) => {
    const next = points[index + 1];
    return next === undefined || next.date.slice(0, 7) !== point.date.slice(0, 7);
  });
}

/**
 * Two series of one currency as one: at each day of either, the sum of each one's latest point on or before
 * it (a series adds nothing before its first point).
 */
export function mergeSeries(a: readonly PortfolioPoint[], b: readonly PortfolioPoint[]): PortfolioPoint[] {
  const merged: PortfolioPoint[] = [];
  let i = 0;
  let j = 0;
  let lastA: PortfolioPoint | undefined;
  let lastB: PortfolioPoint | undefined;
  while (i < a.length || j < b.length) {
    const nextA = a[i];
    const nextB = b[j];
    const day =
      nextA && (!nextB || nextA.date <= nextB.date) ? nextA.date : (nextB?.date ?? nextA?.date ?? '');
    if (nextA?.date === day) {
      lastA = nextA;
      i += 1;
    }
    if (nextB?.date === day) {
      lastB = nextB;
      j += 1;
    }
    merged.push({
      date: day,
      invested: addDecimal(lastA?.invested ?? '0.00', lastB?.invested ?? '0.00'),
      value: addDecimal(lastA?.value ?? '0.00', lastB?.value ?? '0.00'),
    });
  }
  return merged;
}
