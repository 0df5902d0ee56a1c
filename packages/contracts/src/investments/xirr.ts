// XIRR: the annual rate that makes the dated cash flows' present value zero (actual/365), as Excel's
// XIRR. The one floating-point computation of the money side (decision 014): a rate found by iteration,
// answered as a decimal string rounded to 6 places.

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
 * when it is undefined: fewer than two flows, all of one sign (or zero), or no rate found. Newton's
 * method from 10%, falling back to bisection over a bracketed root when Newton leaves the domain or
 * stalls.
 */
export function xirr(flows: readonly CashFlow[]): string | null {
  if (flows.length < 2) return null;
  const days = flows.map((flow) => dayNumber(flow.date));
  const first = days.reduce((lowest, day) => (day < lowest ? day : lowest), Infinity);
  let positive = false;
  let negative = false;
  /** each flow as (years from the first flow, amount) */
  const points = flows.map((flow, index) => {
    const amount = Number(flow.amount);
    if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${flow.amount}`);
    if (amount > 0) positive = true;
    if (amount < 0) negative = true;
    return { years: ((days[index] ?? first) - first) / 365, amount };
  });
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
  let low = -0.99;
  let lowValue = npv(low);
  // long horizons overflow near -100%: move the lower end towards zero until the NPV is finite
  while (!Number.isFinite(lowValue) && low < -1e-6) {
    low /= 2;
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
