// Money as people read it in the server's messages, notices and emails: exact, from decimal strings,
// never through a float. The one formatter of the server (the web app has apps/web/src/lib/money.ts).

const SYMBOLS: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

const symbolOf = (currency: string) => SYMBOLS[currency] ?? `${currency} `;

/** "0001234" → "1,234" */
const group = (whole: string) => whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A formatter of amounts in one currency, for a message about one opportunity. */
export type Money = (value: string) => string;

/** "1000" → "£1,000.00", "-12.5" → "-£12.50": always with pence (truncated past them, never rounded up). */
export function formatAmount(value: string, currency = 'GBP'): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  return `${negative ? '-' : ''}${symbolOf(currency)}${group(whole || '0')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** A share price with its decimals, trailing zeros dropped past the pence: "1.250000" → "£1.25". */
export function formatPrice(value: string, currency = 'GBP'): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${symbolOf(currency)}${group(whole || '0')}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** A whole number of shares: "3999.000000" → "3,999". */
export const formatShares = (value: string) => group(value.split('.')[0] || '0');

/** Shares with any fraction they have: "4000.000000" → "4,000", "4000.500000" → "4,000.5". */
export function formatShareCount(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${group(whole || '0')}${kept ? `.${kept}` : ''}`;
}
