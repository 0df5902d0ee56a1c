// XIRR: the annual rate that makes the dated cash flows' present value zero (actual/365), as Excel's
// XIRR. The one floating-point computation of the money side (decision 014): a rate found by iteration,
// answered as a decimal string rounded to 6 places. Rates go down to -100% (everything lost).

import { addDecimal, divideDecimal, isZeroDecimal, subtractDecimal } from '../money';

export interface CashFlow {
  /** YYYY-MM-DD */
  readonly date: string;
  /** signed decimal: negative for money in (invested), positive for money out (returned or held) */
  readonly amount: string;
}

const DAY_MS = 86_400_000;
const TOLERANCE = 1e-10;
const NEWTON_STEPS = 50;
const BISECTION_STEPS = 300;
/** rates at or below -100% make (1 + r) non-positive: Newton stays above it */
const LOWEST_RATE = -0.999999999;
/** the bisection's lowest end: this far above -100% (moved up when long horizons overflow there) */
const LOWEST_GAP = 1e-12;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date (parsed by hand: XIRR reads thousands of them). */
function dayNumber(date: string): number {
  const match = DATE.exec(date);
  const month = Number(match?.[2]);
  const dayOfMonth = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31)
    throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(match[1]), month - 1, dayOfMonth) / DAY_MS;
}

/** Rounded to `places` as a decimal string, "-0.000000" written "0.000000". */
function toDecimalString(value: number, places: number): string {
  const text = value.toFixed(places);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/**
 * The XIRR of the flows as a decimal string rounded to 6 places ("0.373362" is 37.3362% a year), or null
 * when it is undefined: fewer than two flows, all of one sign (or zero), or no rate found. Money that
 * went in and came back as nothing (negative flows and a zero flow, e.g. a holding written off to a
 * value of 0) is -100%: "-1.000000". Newton's method from 10%, falling back to bisection over a root
 * bracketed between just above -100% and as high as needed, when Newton leaves the domain or stalls.
 */
export function xirr(flows: readonly CashFlow[]): string | null {
  if (flows.length < 2) return null;
  const days = flows.map((flow) => dayNumber(flow.date));
  const first = days.reduce((lowest, day) => (day < lowest ? day : lowest), Infinity);
  let positive = false;
  let negative = false;
  let zero = false;
  /** each flow as (years from the first flow, amount) */
  const points = flows.map((flow, index) => {
    const amount = Number(flow.amount);
    if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${flow.amount}`);
    if (amount > 0) positive = true;
    if (amount < 0) negative = true;
    if (amount === 0) zero = true;
    return { years: ((days[index] ?? first) - first) / 365, amount };
  });
  if (negative && !positive && zero) return '-1.000000';
  if (!positive || !negative) return null;

  /** net present value at the rate */
  const npv = (rate: number) => {
    const base = Math.log1p(rate);
    let total = 0;
    for (const point of points) total += point.amount * Math.exp(-point.years * base);
    return total;
  };

  // Newton
  let rate = 0.1;
  for (let step = 0; step < NEWTON_STEPS; step += 1) {
    const base = Math.log1p(rate);
    let value = 0;
    let slope = 0;
    for (const point of points) {
      const discounted = point.amount * Math.exp(-point.years * base);
      value += discounted;
      slope -= (point.years * discounted) / (1 + rate);
    }
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) break;
    const next = rate - value / slope;
    if (!Number.isFinite(next) || next <= LOWEST_RATE) break;
    if (Math.abs(next - rate) < TOLERANCE) return toDecimalString(next, 6);
    rate = next;
  }

  // Bisection: find a bracket [low, high] where the NPV changes sign, then halve it.
  // the lower end just above -100%; long horizons overflow there: move it up, by tenfold gaps to -100%,
  // until the NPV is finite
  let gap = LOWEST_GAP;
  let low = -1 + gap;
  let lowValue = npv(low);
  while (!Number.isFinite(lowValue) && gap < 0.5) {
    gap *= 10;
    low = -1 + gap;
    lowValue = npv(low);
  }
  let high = 1;
  let highValue = npv(high);
  while (Math.sign(lowValue) === Math.sign(highValue) && high < 1e12) {
    high *= 10;
    highValue = npv(high);
  }
  if (!Number.isFinite(lowValue) || Number.isNaN(highValue) || Math.sign(lowValue) === Math.sign(highValue))
    return null;
  for (let step = 0; step < BISECTION_STEPS; step += 1) {
    const middle = (low + high) / 2;
    const value = npv(middle);
    if (value === 0 || (high - low) / 2 < TOLERANCE * Math.max(1, Math.abs(middle)))
      return toDecimalString(middle, 6);
    if (Math.sign(value) === Math.sign(lowValue)) {
      low = middle;
      lowValue = value;
    } else high = middle;
  }
  return null;
}

/** How a holding's return is stated: as it stands (held under twelve months) or as an annual rate. */
export const RETURN_BASES = ['cumulative', 'annualised'] as const;
export type ReturnBasis = (typeof RETURN_BASES)[number];

/**
 * 'annualised' once twelve calendar months have passed since the first money went in (`since`,
 * YYYY-MM-DD) by `today`, else 'cumulative': annualising a few weeks' gain or loss overstates it wildly.
 * With nothing invested yet ('since' null) the basis is cumulative.
 */
export function returnBasisOf(since: string | null, today: string): ReturnBasis {
  if (since === null) return 'cumulative';
  const anniversary = `${String(Number(since.slice(0, 4)) + 1).padStart(4, '0')}${since.slice(4)}`;
  // "2025-02-29" (a leap day's anniversary) falls between 28 February and 1 March, as it should
  return anniversary <= today ? 'annualised' : 'cumulative';
}

/**
 * The cumulative return: (value + realised − invested) ÷ invested, 6 places ("-0.250000" is a 25% loss),
 * exact decimals; null when nothing was invested.
 */
export function cumulativeReturn(value: string, realised: string, invested: string): string | null {
  if (isZeroDecimal(invested)) return null;
  return divideDecimal(subtractDecimal(addDecimal(value, realised), invested), invested, 6);
}
