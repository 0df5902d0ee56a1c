import {
  addDecimal,
  compareDecimal,
  cumulativeReturn,
  divideDecimal,
  isZeroDecimal,
  multiplyDecimal,
  subtractDecimal,
  sumDecimals,
  toFixedDecimal,
  returnBasisOf,
  xirr,
  type CashFlow,
  type ReturnBasis,
} from '@portico/contracts';

/*
 * A holding's figures from the sums its transactions make (decision 014, contracts portfolio-api.ts):
 * exact decimal arithmetic through BigInt; XIRR alone in floating point.
 */

/** What SQL sums for one holder (or many) of one existing investment. */
export interface HoldingSums {
  /** allotments + follow-ons, money */
  invested: string;
  /** shares bought (allotments + follow-ons) */
  bought: string;
  /** shares sold (exits) */
  sold: string;
  /** exits + dividends, money */
  realised: string;
}

export interface HoldingFigures {
  shares: string;
  invested: string;
  value: string;
  realised: string;
  unrealised: string;
  moic: string | null;
}

/** A signed decimal's absolute value and sign, for the unsigned helpers. */
const negative = (value: string) => value.startsWith('-');

/** Money of a numeric(14,2) column as "1234.50"; shares of numeric(20,6) as "1500.000000". */
export const money = (value: string | null | undefined) => toFixedDecimal(value ?? '0', 2);
export const shares6 = (value: string | null | undefined) => toFixedDecimal(value ?? '0', 6);

/** (value + realised) ÷ invested, 2 decimals; null when nothing was invested. */
export function moicOf(value: string, realised: string, invested: string): string | null {
  if (isZeroDecimal(invested)) return null;
  return divideDecimal(addDecimal(value, realised), invested, 2);
}

export function figuresOf(sums: HoldingSums, price: string | null): HoldingFigures {
  const invested = money(sums.invested);
  const bought = shares6(sums.bought);
  const held = subtractDecimal(bought, shares6(sums.sold), 6);
  const shares = negative(held) ? '0.000000' : held;
  const value = price === null ? '0.00' : multiplyDecimal(shares, price, 2);
  const realised = money(sums.realised);
  // the cost of the shares still held, at their average cost
  const heldCost =
    isZeroDecimal(bought) || isZeroDecimal(shares)
      ? '0.00'
      : compareDecimal(shares, bought) === 0
        ? invested
        : divideDecimal(multiplyDecimal(invested, shares, 6), bought, 2);
  return {
    shares,
    invested,
    value,
    realised,
    unrealised: subtractDecimal(value, heldCost, 2),
    moic: moicOf(value, realised, invested),
  };
}

/** Totals over holdings: sums, and the multiple of the sums. */
export function totalsOf(
  holdings: ReadonlyArray<Pick<HoldingFigures, 'invested' | 'value' | 'realised' | 'unrealised'>>,
) {
  const invested = sumDecimals(holdings.map((holding) => holding.invested));
  const value = sumDecimals(holdings.map((holding) => holding.value));
  const realised = sumDecimals(holdings.map((holding) => holding.realised));
  const unrealised = sumDecimals(holdings.map((holding) => holding.unrealised));
  return { invested, value, realised, unrealised, moic: moicOf(value, realised, invested) };
}

/**
 * XIRR over the dated flows plus today's value. A value of nothing counts too: money in that came back
 * as nothing is -100%, not "no rate".
 */
export function xirrOf(flows: readonly CashFlow[], value: string, today: string): string | null {
  return xirr([...flows, { date: today, amount: value }]);
}

/**
 * The return to show and its basis (issue 18): cumulative while the first money in (the earliest
 * negative flow) is under twelve months old, the XIRR from then.
 */
export function returnOf(
  flows: readonly CashFlow[],
  figures: { value: string; realised: string; invested: string; xirr: string | null },
  today: string,
): { return_rate: string | null; return_basis: ReturnBasis } {
  const since = flows
    .filter((flow) => flow.amount.startsWith('-'))
    .reduce<string | null>((first, flow) => (first === null || flow.date < first ? flow.date : first), null);
  const basis = returnBasisOf(since, today);
  return {
    return_rate:
      basis === 'cumulative'
        ? cumulativeReturn(figures.value, figures.realised, figures.invested)
        : figures.xirr,
    return_basis: basis,
  };
}
