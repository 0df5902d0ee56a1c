// Money arrives as decimal strings ("250000.00", "-35000.50") and is shown, summed and compared without
// ever becoming a JavaScript float. The one money formatter of the web app.
import {
  currencyPrefix,
  formatMoney as sharedFormatMoney,
  formatSharePrice,
  MINUS,
  sumDecimals,
} from '@portico/contracts/constants';

const MONEY = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Pence as an exact integer (undefined for anything that is not a decimal string). */
function pence(value: string): bigint | undefined {
  const match = MONEY.exec(value);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const amount = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return sign ? -amount : amount;
}

/**
 * "250000.5" → "£250,000.50", "-35000" → "−£35,000.00", ("10", "CHF") → "CHF 10.00"; an em dash for none.
 * The same function the server writes its emails and exports with (@portico/contracts, money-display.ts).
 */
export function formatMoney(value: string | null | undefined, currency = 'GBP'): string {
  return sharedFormatMoney(value, currency);
}

/** A share price: up to six decimals, trailing zeros dropped ("1.250000" → "£1.25"). */
export function formatPrice(value: string | null | undefined, currency = 'GBP'): string {
  return formatSharePrice(value, currency);
}

/** "£1.3m", "£850k": a short amount for a column's heading or a chart's axis. */
export function formatMoneyShort(value: string, currency = 'GBP'): string {
  const amount = pence(value) ?? 0n;
  const negative = amount < 0n;
  const pounds = (negative ? -amount : amount) / 100n;
  const sign = negative ? MINUS : '';
  const symbol = currencyPrefix(currency);
  if (pounds >= 1_000_000n) {
    const tenths = (pounds + 50_000n) / 100_000n;
    return `${sign}${symbol}${tenths / 10n}${tenths % 10n === 0n ? '' : `.${tenths % 10n}`}m`;
  }
  if (pounds >= 1_000n) return `${sign}${symbol}${(pounds + 500n) / 1_000n}k`;
  return `${sign}${symbol}${pounds}`;
}

/** The sum of some amounts, as a decimal string with two places; missing ones count as nothing. */
export function sumMoney(values: ReadonlyArray<string | null | undefined>): string {
  return sumDecimals(values.filter((value): value is string => !!value && MONEY.test(value)));
}

/**
 * Whole pounds as a plotting coordinate for a chart (which draws with numbers): rounded to the pound,
 * never used for arithmetic or shown as the amount itself.
 */
export function chartPounds(value: string | null | undefined): number | null {
  if (!value) return null;
  const amount = pence(value);
  return amount === undefined ? null : Number.parseInt(String(amount / 100n), 10);
}

/** How much of the target is committed, in whole percent (rounded down; 0 without a target). */
export function percentOf(committed: string, target: string | null | undefined): number {
  if (!target) return 0;
  const whole = pence(target);
  const part = pence(committed);
  if (!whole || part === undefined || whole <= 0n) return 0;
  return Number((part * 100n) / whole);
}

/** Shares as a decimal string ("12500.000000") grouped in thousands, without trailing zeros ("12,500"); a dash for none. */
export function formatShares(value: string | null | undefined): string {
  if (!value || !/^\d+(\.\d+)?$/.test(value)) return '—';
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return trimmed ? `${grouped}.${trimmed}` : grouped;
}
