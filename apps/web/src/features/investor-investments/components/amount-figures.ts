import { compareDecimal, costOfShares, MONEY_PATTERN, wholeSharesFor } from '@portico/contracts/constants';
import { formatMoney, formatShares } from '../../../lib/money';

/** What the investor typed, as a money string: "£5,000" → "5000"; null when it is not an amount. */
export function moneyOf(input: string): string | null {
  const cleaned = input.replace(/[£€$,\s]/g, '');
  return MONEY_PATTERN.test(cleaned) ? cleaned : null;
}

export interface AmountFigures {
  /** whole shares the amount buys at the share price */
  shares: string;
  /** what those shares cost: the amount reserved */
  cost: string;
  /** the amount was not a whole number of shares and was rounded down */
  roundedDown: boolean;
}

/** Whole shares for an amount and their exact cost (decimal strings, never floats). */
export function figuresFor(amount: string | null, sharePrice: string | null): AmountFigures | null {
  if (amount === null || !sharePrice || compareDecimal(sharePrice, '0') <= 0) return null;
  const shares = wholeSharesFor(amount, sharePrice);
  const cost = costOfShares(shares, sharePrice);
  return { shares, cost, roundedDown: compareDecimal(cost, amount) !== 0 };
}

/**
 * When rounding down to whole shares takes an amount at or above the minimum below it (issue 18): the
 * sentence that tells the investor before they confirm; null otherwise.
 */
export function belowMinimumAfterRounding(
  amount: string | null,
  figures: AmountFigures | null,
  minimum: string | null,
  currency = 'GBP',
): string | null {
  if (amount === null || figures === null || !minimum || figures.shares === '0') return null;
  if (compareDecimal(amount, minimum) < 0 || compareDecimal(figures.cost, minimum) >= 0) return null;
  const shares = formatShares(figures.shares);
  return `${formatMoney(amount, currency)} buys ${shares} whole ${figures.shares === '1' ? 'share' : 'shares'} costing ${formatMoney(figures.cost, currency)}, below the minimum ${formatMoney(minimum, currency)}.`;
}
