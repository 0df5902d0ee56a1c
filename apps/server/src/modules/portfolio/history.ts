import { addDecimal, multiplyDecimal, subtractDecimal, type PortfolioPoint } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { shownToInvestor } from './portfolio.repository';

/** At most this many points on a chart: beyond it, the last point of each month stays. */
const MAX_POINTS = 150;

interface EventRow {
  day: string;
  /** 0: a price change, 1: a transaction (a price applies before the day's transactions are valued) */
  sort: number;
  opportunity_id: string | number;
  kind: string;
  shares: string | null;
  amount: string | null;
  price: string | null;
}

/**
 * The investor's invested money and value over time: a point at every transaction and share-price
 * change of their existing investments, and today. Value at a day = Σ shares held × the price in
 * effect (the latest share price on or before it, else the round's price). Exact decimals, kept as a
 * running total so each event costs one multiplication.
 */
export async function historyOf(
  db: DbOrTx,
  userId: number,
  today: string,
  opportunityId?: number,
): Promise<PortfolioPoint[]> {
  const only = opportunityId === undefined ? sql`` : sql`and ht.opportunity_id = ${opportunityId}`;
  const result = await db.execute(sql`
    with held as (
      select distinct ht.opportunity_id
      from holding_transactions ht join opportunities o on o.id = ht.opportunity_id and o.status in (5, 6)
      where ht.user_id = ${userId} and ${shownToInvestor()} ${only}
    )
    select to_char(sp.effective_on, 'YYYY-MM-DD') as day, 0 as sort, sp.opportunity_id, 'price' as kind,
      null as shares, null as amount, sp.price::text as price
    from share_prices sp join held h on h.opportunity_id = sp.opportunity_id
    where sp.effective_on <= ${today}
    union all
    select to_char(ht.occurred_on, 'YYYY-MM-DD'), 1, ht.opportunity_id, ht.kind, ht.shares::text,
      ht.amount::text, o.share_price::text
    from holding_transactions ht
    join held h on h.opportunity_id = ht.opportunity_id
    join opportunities o on o.id = ht.opportunity_id
    where ht.user_id = ${userId} and ${shownToInvestor()}
    order by 1, 2`);
  const events = rowsOf<EventRow>(result);

  const shares = new Map<number, string>();
  const prices = new Map<number, string>();
  const contribution = new Map<number, string>();
  let invested = '0.00';
  let value = '0.00';
  let started = false;
  const points: PortfolioPoint[] = [];

  const revalue = (id: number) => {
    const held = shares.get(id) ?? '0';
    const price = prices.get(id);
    const next = price === undefined ? '0.00' : multiplyDecimal(held, price, 2);
    value = addDecimal(subtractDecimal(value, contribution.get(id) ?? '0.00'), next);
    contribution.set(id, next);
  };

  for (const event of events) {
    const id = Number(event.opportunity_id);
    if (event.kind === 'price') {
      if (event.price !== null) prices.set(id, event.price);
    } else {
      // before any valuation the round's price values the holding
      if (!prices.has(id) && event.price !== null) prices.set(id, event.price);
      const moved = event.shares ?? '0';
      if (event.kind === 'allotment' || event.kind === 'follow_on') {
        shares.set(id, addDecimal(shares.get(id) ?? '0', moved, 6));
        invested = addDecimal(invested, event.amount ?? '0');
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
