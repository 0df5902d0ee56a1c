// KPI values arrive as strings: decimals for currency, number and percentage units (never floats), words
// for text. Shared by the admin pages and the investor's KPI charts.
import type { KpiUnit } from '@portico/contracts';
import { formatMoney } from '../../lib/money';

const MINUS = '−';
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "1234567.500" → "1,234,567.5": thousands grouped, trailing zeros of the fraction dropped. */
export function formatDecimal(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const kept = fraction.replace(/0+$/, '');
  const negative = sign !== undefined && /[1-9]/.test(`${whole}${fraction}`);
  return `${negative ? MINUS : ''}${grouped}${kept ? `.${kept}` : ''}`;
}

/** A value as its unit reads: "£125,000.00", "12.5%", "42", or the words of a text KPI; a dash for none. */
export function formatKpiValue(value: string | null | undefined, unit: KpiUnit, currency = 'GBP'): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  if (unit === 'text') return value;
  if (!DECIMAL.test(value.trim())) return value;
  if (unit === 'currency') return formatMoney(value, currency);
  if (unit === 'percentage') return `${formatDecimal(value)}%`;
  return formatDecimal(value);
}

/** Whether a unit's values are numbers (charted, compared); text KPIs are not. */
export const isNumericUnit = (unit: KpiUnit) => unit !== 'text';

/** A value as a plotting coordinate (charts draw with numbers); never used for arithmetic or shown. */
export function kpiCoordinate(value: string): number | null {
  if (!DECIMAL.test(value.trim())) return null;
  const number = Number.parseFloat(value);
  return Number.isFinite(number) ? number : null;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/** Which way a change went, from its digits. */
export function changeDirection(change: string | null | undefined): ChangeDirection | null {
  if (change === null || change === undefined) return null;
  const match = DECIMAL.exec(change.trim());
  if (!match) return null;
  if (!/[1-9]/.test(`${match[2] ?? ''}${match[3] ?? ''}`)) return 'flat';
  return match[1] ? 'down' : 'up';
}

/** A change by its unit, always signed: "+£2,500.00", "−3", "+1.5 pts" for a percentage. */
export function formatKpiChange(change: string, unit: KpiUnit, currency = 'GBP'): string {
  const direction = changeDirection(change);
  const magnitude = change.trim().replace(/^-/, '');
  const sign = direction === 'down' ? MINUS : direction === 'up' ? '+' : '';
  if (unit === 'currency') return `${sign}${formatMoney(magnitude, currency)}`;
  if (unit === 'percentage') return `${sign}${formatDecimal(magnitude)} pts`;
  return `${sign}${formatDecimal(magnitude)}`;
}

/** A rate of change as a percentage with one decimal: "0.125000" → "+12.5%". */
export function formatChangeRate(rate: string): string {
  const match = DECIMAL.exec(rate.trim());
  if (!match) return rate;
  const [, sign, whole = '0', fraction = ''] = match;
  // tenths of a percent: the point moved three places, rounded half up on the next digit
  const padded = fraction.padEnd(3, '0');
  const rounded = BigInt(`${whole}${padded.slice(0, 3)}`) + ((padded[3] ?? '0') >= '5' ? 1n : 0n);
  if (rounded === 0n) return '0.0%';
  const text = `${formatDecimal(String(rounded / 10n))}.${rounded % 10n}`;
  return `${sign ? MINUS : '+'}${text}%`;
}
