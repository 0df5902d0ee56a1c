// Money as people read it, one way everywhere: the web app (apps/web/src/lib/money.ts), the server's
// messages and emails (apps/server/src/platform/money.ts) and the Excel exports all call these. Exact, from
// decimal strings, never through a float.
import { addDecimal } from './money';

/** The symbol a currency is written with; any other currency is written with its code ("CHF 10.00"). */
const SYMBOLS: Readonly<Record<string, string>> = { GBP: '£', EUR: '€', USD: '$' };

/** The minus sign of a negative amount (U+2212, read as "minus" by screen readers). */
export const MINUS = '−';

/** What an amount is written with in front: "£", "€", "$" or the code and a space ("CHF "). */
export const currencyPrefix = (currency: string): string => SYMBOLS[currency] ?? `${currency} `;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "0001234" → "1,234" */
const group = (whole: string) => whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An amount: the currency's symbol (or code), thousands grouped, always two decimals (digits past the pence
 * are cut, never rounded up), a loss with a minus: "1234.5" → "£1,234.50", "-35000" → "−£35,000.00", ("10", "CHF") →
 * "CHF 10.00". An em dash for none, or for anything that is not a decimal string.
 */
export function formatMoney(value: string | null | undefined, currency = 'GBP'): string {
  if (!value || !DECIMAL.test(value.trim())) return '—';
  const rounded = addDecimal(value.trim(), '0', 2);
  const negative = rounded.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? rounded.slice(1) : rounded).split('.');
  return `${negative ? MINUS : ''}${currencyPrefix(currency)}${group(whole)}.${fraction}`;
}

/** A share price with its decimals (up to six), at least two: "1.250000" → "£1.25", "0.000125" → "£0.000125". */
export function formatSharePrice(value: string | null | undefined, currency = 'GBP'): string {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return '—';
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return `${currencyPrefix(currency)}${group(whole)}.${fraction.slice(0, 6).replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * The Excel number format that shows a money cell as formatMoney writes it: `"£"#,##0.00;"−£"#,##0.00`.
 * The cell holds the number itself, so sums and sorting work in the spreadsheet.
 */
export function excelMoneyFormat(currency = 'GBP'): string {
  const prefix = currencyPrefix(currency).replace(/"/g, '');
  return `"${prefix}"#,##0.00;"${MINUS}${prefix}"#,##0.00`;
}

/** A UK sort code as people write it: "401524" → "40-15-24"; anything that is not six digits as it is. */
export function formatSortCode(value: string | null | undefined): string {
  if (!value) return '—';
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : value;
}

export interface CurrencyTotal {
  currency: string;
  amount: string;
}

/**
 * Amounts in several currencies are never added together: one total per currency, with two decimals, in the
 * order the currencies first appear. An empty list has no totals.
 */
export function totalsByCurrency(
  rows: ReadonlyArray<{ currency: string; amount: string | null | undefined }>,
): CurrencyTotal[] {
  const totals = new Map<string, string>();
  for (const row of rows) {
    const sum = totals.get(row.currency) ?? '0.00';
    totals.set(row.currency, row.amount ? addDecimal(sum, row.amount, 2) : sum);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/**
 * Figures and how they must read, shared by the tests of every side (contracts, server emails and exports,
 * web): the same figure reads the same wherever it is shown.
 */
export const MONEY_DISPLAY_CASES: ReadonlyArray<readonly [value: string, currency: string, shown: string]> = [
  ['1234.5', 'GBP', '£1,234.50'],
  ['1234.50', 'GBP', '£1,234.50'],
  ['250000.00', 'GBP', '£250,000.00'],
  ['1000', 'GBP', '£1,000.00'],
  ['0.07', 'GBP', '£0.07'],
  ['0', 'GBP', '£0.00'],
  ['000250.00', 'GBP', '£250.00'],
  ['1234567.89', 'GBP', '£1,234,567.89'],
  ['90071992547409.91', 'GBP', '£90,071,992,547,409.91'],
  ['-35000.5', 'GBP', '−£35,000.50'],
  ['2500', 'EUR', '€2,500.00'],
  ['10', 'USD', '$10.00'],
  ['1234.5', 'CHF', 'CHF 1,234.50'],
  ['999999999999.99', 'JPY', 'JPY 999,999,999,999.99'],
];
