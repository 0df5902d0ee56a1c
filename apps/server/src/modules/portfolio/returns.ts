import {
  addDecimal,
  dayBefore,
  rangeFigures,
  subtractDecimal,
  sumDecimals,
  type CashFlow,
  type PortfolioRangeFigures,
  type PortfolioReturns,
} from '@portico/contracts';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../platform/http/errors';
import { FundWalk, fundBooksOf, type FundBook } from './fund-books';
import { DirectWalk, eventsByCurrency, eventsOf, flowOf, type EventRow } from './history';

/*
 * GET /api/portfolio/returns (issue 20): the portfolio's figures over a date range, per currency, over direct
 * and fund holdings. Two reads side by side (the direct holdings' events, the funds' books: four statements
 * whatever the number of funds), then one walk forwards through each; the figures from `rangeFigures`
 * (contracts), the one place that computes them.
 */

/** One currency's money over the range, before the figures. */
interface RangeMoneyParts {
  opening: string[];
  closing: string[];
  fees: string[];
  flows: Array<CashFlow & { kind: 'paid' | 'received' }>;
}

/** A direct holdings' currency over the range: its value at the end of the day before `from` and at `to`. */
function directRange(events: readonly EventRow[], from: string, to: string, parts: RangeMoneyParts) {
  const walk = new DirectWalk();
  let opened = false;
  let opening = '0.00';
  for (const event of events) {
    if (event.day > to) break;
    if (!opened && event.day >= from) {
      opening = walk.value;
      opened = true;
    }
    walk.apply(event);
    if (event.day < from) continue;
    const flow = flowOf(event);
    if (flow) parts.flows.push(flow);
  }
  parts.opening.push(opened ? opening : walk.value);
  parts.closing.push(walk.value);
}

/** A fund holding over the range, as the fund measures value it at the day before `from` and at `to`. */
function fundRange(book: FundBook, from: string, to: string, parts: RangeMoneyParts) {
  const walk = new FundWalk(book);
  walk.advance(dayBefore(from));
  const before = { fees: walk.fees, flows: walk.flows.length };
  parts.opening.push(walk.value());
  walk.advance(to);
  parts.closing.push(walk.value());
  parts.fees.push(subtractDecimal(walk.fees, before.fees));
  parts.flows.push(...walk.flows.slice(before.flows));
}

/** The earliest money in, over direct and fund holdings; null when none went in. */
function firstMoneyIn(events: readonly EventRow[], books: readonly FundBook[]): string | null {
  const days = [
    ...events.flatMap((event) => {
      const flow = flowOf(event);
      return flow?.kind === 'paid' ? [flow.date] : [];
    }),
    ...books.flatMap((book) => book.payments.filter((row) => row.mine).map((row) => row.day)),
  ];
  return days.length === 0 ? null : days.reduce((first, day) => (day < first ? day : first));
}

/**
 * The signed-in investor's figures over [from, to] (both London days; `from` defaults to their first money
 * in, `to` to today). A 422 on `to` after today, or `from` after `to`. Funds count only `withFunds` (the funds
 * feature on), as in GET /api/portfolio.
 */
export async function returnsOf(
  db: DbOrTx,
  userId: number,
  query: { from?: string; to?: string },
  today: string,
  withFunds: boolean,
): Promise<PortfolioReturns> {
  const to = query.to ?? today;
  if (to > today) throw fieldError('to', 'The to field must be a date before or equal to today.');
  if (query.from !== undefined && query.from > to)
    throw fieldError('from', 'The from field must be a date before or equal to to.');
  const [events, books] = await Promise.all([
    eventsOf(db, userId, to),
    withFunds ? fundBooksOf(db, userId, to) : Promise.resolve([]),
  ]);
  const first = firstMoneyIn(events, books);
  const from = query.from ?? (first !== null && first < to ? first : to);

  const byCurrency = new Map<string, RangeMoneyParts>();
  const partsOf = (currency: string) => {
    const known = byCurrency.get(currency);
    if (known) return known;
    const parts: RangeMoneyParts = { opening: [], closing: [], fees: [], flows: [] };
    byCurrency.set(currency, parts);
    return parts;
  };
  for (const [currency, mine] of eventsByCurrency(events)) directRange(mine, from, to, partsOf(currency));
  for (const book of books) fundRange(book, from, to, partsOf(book.currency));

  const figures = [...byCurrency].map(([currency, parts]): PortfolioRangeFigures => {
    const flows = [...parts.flows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const sumOf = (kind: 'paid' | 'received') =>
      flows
        .filter((flow) => flow.kind === kind)
        .reduce((total, flow) => addDecimal(total, flow.amount), '0.00');
    return {
      currency,
      ...rangeFigures({
        from,
        to,
        opening: sumDecimals(parts.opening),
        paid_in: subtractDecimal('0', sumOf('paid')),
        received: sumOf('received'),
        fees: sumDecimals(parts.fees),
        closing: sumDecimals(parts.closing),
        flows: flows.map(({ date, amount }) => ({ date, amount })),
      }),
    };
  });
  return {
    from,
    to,
    totals: figures.length === 1 ? (figures[0] ?? null) : null,
    totals_by_currency: figures,
  };
}
