// Money as people read it in the server's messages, notices, emails and exports: the one formatter of
// the server, and the web app's (apps/web/src/lib/money.ts) is the same function, from
// @portico/contracts (money-display.ts): exact, from decimal strings, never through a float.
import { formatMoney, formatSharePrice, formatSortCode } from '@portico/contracts';

/** A formatter of amounts in one currency, for a message about one opportunity. */
export type Money = (value: string) => string;

/** "1000" → "£1,000.00", "-12.5" → "−£12.50", ("10", "CHF") → "CHF 10.00": always with pence. */
export const formatAmount = (value: string, currency = 'GBP'): string => formatMoney(value, currency);

/** A share price with its decimals, trailing zeros dropped past the pence: "1.250000" → "£1.25". */
export const formatPrice = (value: string, currency = 'GBP'): string => formatSharePrice(value, currency);

/** A sort code as people write it: "401524" → "40-15-24". */
export { formatSortCode };

/** "0001234" → "1,234" */
const group = (whole: string) => whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A whole number of shares: "3999.000000" → "3,999". */
export const formatShares = (value: string) => group(value.split('.')[0] || '0');

/** Shares with any fraction they have: "4000.000000" → "4,000", "4000.500000" → "4,000.5". */
export function formatShareCount(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${group(whole || '0')}${kept ? `.${kept}` : ''}`;
}
