import {
  addDecimal,
  compareDecimal,
  maxDecimal,
  splitProRata,
  subtractDecimal,
  sumDecimals,
  type CashFlow,
  type PortfolioPoint,
} from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/*
 * The investor's fund holdings over time (issue 20: the portfolio's history and its date ranges span funds):
 * every fund they hold read in four statements side by side, whatever the number of funds, then walked in date
 * order. A fund is valued as the fund measures value it (decision 026, fund-measures.ts): the latest current NAV
 * on or before the day, split over the fund's commitments by paid-in capital with the pro-rata rule (in
 * investment id order), the investor's lines added up; before any NAV, each commitment at cost (paid-in less
 * fees and capital returned, never below 0). For a past day the weights are what each commitment had paid in by
 * that day (decision 024: a split is by paid-in capital at its date); today they are the commitments' paid-in,
 * as the fund measures read them.
 */

interface Payment {
  investment_id: number;
  mine: boolean;
  day: string;
  amount: string;
}

interface Entry {
  investment_id: number;
  type: 'distribution' | 'fee';
  kind: string;
  day: string;
  amount: string;
}

/** One fund the investor holds, and what its valuation needs, oldest first. */
export interface FundBook {
  fund_id: number;
  currency: string;
  /** every commitment's money in, net per day: the NAV's weights (and the investor's own, `mine`) */
  payments: Payment[];
  /** the investor's distributions and fees */
  entries: Entry[];
  /** the fund's current NAVs */
  navs: Array<{ day: string; nav: string }>;
}

/**
 * The funds the investor holds (a commitment not cancelled, other than a private_manual record: as the
 * portfolio lists them), in the order of their first commitment, with their books up to `until`.
 */
export async function fundBooksOf(db: DbOrTx, userId: number, until: string): Promise<FundBook[]> {
  const held = sql`held as (
      select o.fund_id, min(i.id) as first_id
      from investments i join opportunities o on o.id = i.opportunity_id
      where i.user_id = ${userId} and i.status <> 'cancelled' and i.type <> 'private_manual'
        and o.fund_id is not null
      group by o.fund_id
    )`;
  const [funds, payments, entries, navs] = await Promise.all([
    db.execute(sql`with ${held}
      select f.id, f.currency from held h join funds f on f.id = h.fund_id order by h.first_id`),
    db.execute(sql`with ${held}
      select o.fund_id, i.id as investment_id, (i.user_id = ${userId}) as mine,
        to_char(ip.received_on, 'YYYY-MM-DD') as day, sum(ip.paid_delta)::text as amount
      from investment_payments ip
      join investments i on i.id = ip.investment_id and i.status <> 'cancelled'
      join opportunities o on o.id = i.opportunity_id
      join held h on h.fund_id = o.fund_id
      where ip.received_on <= ${until}
      group by o.fund_id, i.id, i.user_id, ip.received_on
      having sum(ip.paid_delta) <> 0
      order by ip.received_on, i.id`),
    db.execute(sql`with ${held}
      select e.fund_id, e.investment_id, e.type, m.kind, e.amount::text as amount,
        to_char(e.effective_on, 'YYYY-MM-DD') as day
      from fund_ledger_entries e
      join held h on h.fund_id = e.fund_id
      join fund_movements m on m.id = e.movement_id
      join investments i on i.id = e.investment_id and i.status <> 'cancelled'
      where e.user_id = ${userId} and e.effective_on <= ${until}
      order by e.effective_on, e.id`),
    db.execute(sql`with ${held}
      select n.fund_id, to_char(n.effective_on, 'YYYY-MM-DD') as day, n.nav::text as nav
      from fund_navs n join held h on h.fund_id = n.fund_id
      where n.replaced_at is null and n.effective_on <= ${until}
      order by n.effective_on`),
  ]);
  const books = new Map<number, FundBook>(
    rowsOf<{ id: string | number; currency: string }>(funds).map((row) => [
      Number(row.id),
      { fund_id: Number(row.id), currency: row.currency, payments: [], entries: [], navs: [] },
    ]),
  );
  for (const row of rowsOf<Omit<Payment, 'mine'> & { fund_id: string | number; mine: boolean | string }>(
    payments,
  ))
    books.get(Number(row.fund_id))?.payments.push({
      investment_id: Number(row.investment_id),
      mine: row.mine === true || row.mine === 't' || row.mine === 'true',
      day: row.day,
      amount: row.amount,
    });
  for (const row of rowsOf<Entry & { fund_id: string | number }>(entries))
    books.get(Number(row.fund_id))?.entries.push({
      investment_id: Number(row.investment_id),
      type: row.type,
      kind: row.kind,
      day: row.day,
      amount: row.amount,
    });
  for (const row of rowsOf<{ fund_id: string | number; day: string; nav: string }>(navs))
    books.get(Number(row.fund_id))?.navs.push({ day: row.day, nav: row.nav });
  return [...books.values()];
}

const add = (map: Map<number, string>, key: number, amount: string) =>
  map.set(key, addDecimal(map.get(key) ?? '0.00', amount));

/**
 * A fund book read forwards: `advance(day)` takes in everything up to the end of that day; the running sums
 * are the investor's; `value()` is their value at the day reached. Each payment, entry and NAV is read once.
 */
export class FundWalk {
  /** the investor's money paid in (net), distributions received and fees borne so far */
  paid = '0.00';
  distributed = '0.00';
  fees = '0.00';
  /** the investor's dated flows taken in: payments negative, distributions positive (fees are inside the fund) */
  readonly flows: Array<CashFlow & { kind: 'paid' | 'received' }> = [];
  private readonly paidBy = new Map<number, string>();
  private readonly mine = new Set<number>();
  private readonly costOff = new Map<number, string>();
  private nav: string | null = null;
  private payment = 0;
  private entry = 0;
  private navIndex = 0;

  constructor(private readonly book: FundBook) {}

  /** The next day (after the one reached) on which anything happens, or null. */
  nextDay(): string | null {
    const days = [
      this.book.payments[this.payment]?.day,
      this.book.entries[this.entry]?.day,
      this.book.navs[this.navIndex]?.day,
    ].filter((day): day is string => day !== undefined);
    return days.length === 0 ? null : days.reduce((first, day) => (day < first ? day : first));
  }

  advance(day: string) {
    const { payments, entries, navs } = this.book;
    for (; this.payment < payments.length; this.payment += 1) {
      const row = payments[this.payment];
      if (!row || row.day > day) break;
      add(this.paidBy, row.investment_id, row.amount);
      if (!row.mine) continue;
      this.mine.add(row.investment_id);
      this.paid = addDecimal(this.paid, row.amount);
      this.flows.push({ date: row.day, amount: subtractDecimal('0', row.amount), kind: 'paid' });
    }
    for (; this.entry < entries.length; this.entry += 1) {
      const row = entries[this.entry];
      if (!row || row.day > day) break;
      this.mine.add(row.investment_id);
      if (row.type === 'fee') {
        this.fees = addDecimal(this.fees, row.amount);
        add(this.costOff, row.investment_id, row.amount);
        continue;
      }
      this.distributed = addDecimal(this.distributed, row.amount);
      if (row.kind === 'return_of_capital') add(this.costOff, row.investment_id, row.amount);
      this.flows.push({ date: row.day, amount: row.amount, kind: 'received' });
    }
    for (; this.navIndex < navs.length; this.navIndex += 1) {
      const row = navs[this.navIndex];
      if (!row || row.day > day) break;
      this.nav = row.nav;
    }
  }

  /** Whether the investor has paid anything in yet. */
  get started() {
    return this.flows.length > 0;
  }

  /** The investor's value at the day reached. */
  value(): string {
    if (this.nav !== null) {
      const weights = [...this.paidBy]
        .filter(([, paid]) => compareDecimal(paid, '0') > 0)
        .sort(([a], [b]) => a - b)
        .map(([key, weight]) => ({ key, weight }));
      if (weights.length === 0) return '0.00';
      return sumDecimals(
        splitProRata(this.nav, weights)
          .filter((line) => this.mine.has(line.key))
          .map((line) => line.amount),
      );
    }
    // at cost before any NAV: each commitment's paid-in less fees and capital returned
    return sumDecimals(
      [...this.mine].map((id) =>
        maxDecimal('0.00', subtractDecimal(this.paidBy.get(id) ?? '0.00', this.costOff.get(id) ?? '0.00')),
      ),
    );
  }
}

/**
 * A fund's points for the value-over-time chart: a point at each of the investor's payments, distributions
 * and fees and each NAV from their first payment on, and `today`; invested = paid in so far.
 */
export function fundPointsOf(book: FundBook, today: string): PortfolioPoint[] {
  const walk = new FundWalk(book);
  const points: PortfolioPoint[] = [];
  for (let day = walk.nextDay(); day !== null && day <= today; day = walk.nextDay()) {
    walk.advance(day);
    if (walk.started) points.push({ date: day, invested: walk.paid, value: walk.value() });
  }
  if (walk.started && points.at(-1)?.date !== today)
    points.push({ date: today, invested: walk.paid, value: walk.value() });
  return points;
}
