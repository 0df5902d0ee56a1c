// Plain helpers, no zod: money, prices and share counts travel as decimal strings and are never
// JavaScript floats (ARCHITECTURE.md, Database). Comparison works on the digits.

/** A decimal string as written: digits, an optional point and fraction, no sign, no exponent. */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;

/** Money: up to 12 whole digits and 2 decimals ("2500", "2500.5", "2500.50"). */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
/** A share price: up to 12 whole digits and 6 decimals. */
export const PRICE_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;

function parts(value: string): [string, string] {
  const [whole = '0', fraction = ''] = value.split('.');
  return [whole.replace(/^0+(?=\d)/, ''), fraction.replace(/0+$/, '')];
}

/** -1, 0 or 1 as |a| < |b|, |a| = |b|, |a| > |b|: the digits only. */
function compareMagnitude(a: string, b: string): -1 | 0 | 1 {
  const [aWhole, aFraction] = parts(a);
  const [bWhole, bFraction] = parts(b);
  if (aWhole.length !== bWhole.length) return aWhole.length < bWhole.length ? -1 : 1;
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const x = aFraction.padEnd(width, '0');
  const y = bFraction.padEnd(width, '0');
  if (x === y) return 0;
  return x < y ? -1 : 1;
}

/**
 * -1, 0 or 1 as a < b, a = b, a > b, for two decimal strings that may carry a leading "-" (a
 * difference such as the room left in a round can be negative); "-0" equals "0".
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const aNegative = a.startsWith('-') && !isZeroDecimal(a);
  const bNegative = b.startsWith('-') && !isZeroDecimal(b);
  if (aNegative !== bNegative) return aNegative ? -1 : 1;
  const magnitude = compareMagnitude(a.replace(/^-/, ''), b.replace(/^-/, ''));
  if (!aNegative || magnitude === 0) return magnitude;
  return magnitude === 1 ? -1 : 1;
}

/** The larger of two decimal strings (either may be negative). */
export function maxDecimal(a: string, b: string): string {
  return compareDecimal(a, b) >= 0 ? a : b;
}

/** The smaller of two decimal strings (either may be negative). */
export function minDecimal(a: string, b: string): string {
  return compareDecimal(a, b) <= 0 ? a : b;
}

/** A decimal string with exactly `places` decimals (padding only; callers validate the precision). */
export function toFixedDecimal(value: string, places: number): string {
  const negative = value.startsWith('-');
  const [whole, fraction] = parts(negative ? value.slice(1) : value);
  const fixed = places === 0 ? whole : `${whole}.${fraction.padEnd(places, '0').slice(0, places)}`;
  return negative && !isZeroDecimal(fixed) ? `-${fixed}` : fixed;
}

/*
 * Exact arithmetic on decimal strings, through BigInt scaled by 10^places. Amounts, prices and share
 * counts never pass through a JavaScript number. Negative results are allowed ("-12.50") for
 * differences such as unrealised losses; the inputs may carry a leading "-".
 */

function scale(value: string, places: number): bigint {
  const negative = value.startsWith('-');
  const [whole, fraction] = parts(negative ? value.slice(1) : value);
  const digits = `${whole}${fraction.padEnd(places, '0').slice(0, places)}`;
  const units = BigInt(digits === '' ? '0' : digits);
  // digits past `places` are truncated: callers choose enough places for their inputs
  return negative ? -units : units;
}

function unscale(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places === 0 ? '' : `.${digits.slice(digits.length - places)}`;
  return `${negative && units !== 0n ? '-' : ''}${whole}${fraction}`;
}

export type Rounding = 'floor' | 'half-up';

/** a ÷ b rounded to `places` (floor: towards zero for non-negative results). */
function divideUnits(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if (rounding === 'half-up' && (n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** a + b with `places` decimals. */
export function addDecimal(a: string, b: string, places = 2): string {
  return unscale(scale(a, places) + scale(b, places), places);
}

/** a - b with `places` decimals (may be negative). */
export function subtractDecimal(a: string, b: string, places = 2): string {
  return unscale(scale(a, places) - scale(b, places), places);
}

/** The sum of decimal strings with `places` decimals ("0.00" for none). */
export function sumDecimals(values: readonly string[], places = 2): string {
  return unscale(
    values.reduce((total, value) => total + scale(value, places), 0n),
    places,
  );
}

/** a × b rounded to `places` (inputs read with up to 6 decimals each). */
export function multiplyDecimal(a: string, b: string, places = 2, rounding: Rounding = 'half-up'): string {
  const product = scale(a, 6) * scale(b, 6); // 12 decimals
  return unscale(divideUnits(product, 10n ** BigInt(12 - places), rounding), places);
}

/** a ÷ b rounded to `places` (inputs read with up to 6 decimals each). Throws on b = 0. */
export function divideDecimal(a: string, b: string, places = 6, rounding: Rounding = 'half-up'): string {
  return unscale(divideUnits(scale(a, 6) * 10n ** BigInt(places), scale(b, 6), rounding), places);
}

/** Whole shares an amount buys at a share price (rounded down): "5000.00" at "1.25" is "4000". */
export function wholeSharesFor(amount: string, sharePrice: string): string {
  return divideDecimal(amount, sharePrice, 0, 'floor');
}

/** What a number of shares costs at a share price, in pence rounded half up. */
export function costOfShares(shares: string, sharePrice: string): string {
  return multiplyDecimal(shares, sharePrice, 2, 'half-up');
}

/**
 * The most whole digits a share count may have: shares are stored as numeric(20,6), so 14 whole digits
 * (99,999,999,999,999 shares). A share price so small that an amount buys more is refused (a 422 on
 * the share price or the amount), never left for the database to reject.
 */
export const SHARES_MAX_WHOLE_DIGITS = 14;

/** True when a non-negative share count fits its column (at most 14 whole digits). */
export function sharesFit(shares: string): boolean {
  const [whole] = parts(shares.startsWith('-') ? shares.slice(1) : shares);
  return whole.length <= SHARES_MAX_WHOLE_DIGITS;
}

/** True for "0", "0.00", "-0". */
export function isZeroDecimal(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value);
}

/**
 * A holder's pro-rata entitlement in whole shares, exactly: floor(held ÷ total × amount ÷ price), e.g.
 * 250 of 1,000 shares of a £10,000.00 round at £1.50 is 1666 shares (decision 015). "0" when total is 0.
 */
export function proRataShares(held: string, total: string, amount: string, sharePrice: string): string {
  const denominator = scale(total, 6) * scale(sharePrice, 6);
  if (denominator === 0n) return '0';
  return unscale(divideUnits(scale(held, 6) * scale(amount, 6), denominator, 'floor'), 0);
}

/** One line of a pro-rata split: who, their weight (e.g. their commitment) and, optionally, the most they may get. */
export interface ProRataLine<K> {
  key: K;
  weight: string;
  cap?: string;
}

/**
 * Splits `total` (money, 2 decimals) over `lines` in proportion to their weights, exactly to the penny: the
 * amounts sum to the total (decision 024). Each line first gets its share rounded down to the penny; the pence
 * left over go one each to the lines with the largest remainders, ties to the larger weight, then to the line
 * given first (callers list lines in a stated order, e.g. by investment id). A line with a cap (what is left of
 * a commitment) never gets more: its excess is split again over the others, in the same way. Throws a
 * RangeError when the total cannot be placed (no weight, or more than the caps allow). Answers in input order.
 */
export function splitProRata<K>(
  total: string,
  lines: ReadonlyArray<ProRataLine<K>>,
): Array<{ key: K; amount: string }> {
  let left = scale(total, 2);
  if (left < 0n) throw new RangeError('a pro-rata total cannot be negative');
  const slots = lines.map((line, order) => ({
    order,
    weight: scale(line.weight, 2),
    cap: line.cap === undefined ? null : scale(line.cap, 2),
    amount: 0n,
    share: 0n,
    remainder: 0n,
  }));
  if (slots.some((slot) => slot.weight < 0n)) throw new RangeError('a pro-rata weight cannot be negative');
  const compare = (a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0);
  let open = slots.filter((slot) => slot.weight > 0n && slot.cap !== 0n);
  while (left > 0n) {
    const weightSum = open.reduce((sum, slot) => sum + slot.weight, 0n);
    if (weightSum === 0n) throw new RangeError('the total is more than the lines can take');
    let placed = 0n;
    for (const slot of open) {
      slot.share = (left * slot.weight) / weightSum;
      slot.remainder = (left * slot.weight) % weightSum;
      placed += slot.share;
    }
    const byRemainder = [...open].sort(
      (a, b) => compare(a.remainder, b.remainder) || compare(a.weight, b.weight) || a.order - b.order,
    );
    // Fewer pence are left over than there are open lines.
    byRemainder.slice(0, Number(left - placed)).forEach((slot) => (slot.share += 1n));
    // Lines whose share passes what they may still take get exactly that; the rest is split again.
    const capped = open.filter((slot) => slot.cap !== null && slot.amount + slot.share > slot.cap);
    if (capped.length === 0) {
      for (const slot of open) slot.amount += slot.share;
      break;
    }
    for (const slot of capped) {
      const cap = slot.cap ?? slot.amount;
      left -= cap - slot.amount;
      slot.amount = cap;
    }
    open = open.filter((slot) => !capped.includes(slot));
  }
  return lines.map((line, index) => ({ key: line.key, amount: unscale(slots[index]?.amount ?? 0n, 2) }));
}
