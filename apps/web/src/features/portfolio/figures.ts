// How a holding's figures read: money through lib/money's formatMoney (signed for losses), the multiple
// as "1.85×", XIRR as a percentage. Decimal strings are formatted from their digits, never summed here.
import { addDecimal, subtractDecimal } from '@portico/contracts';

/** The gain in money: value + realised − invested, on the decimal strings (never floats). */
export function gainOf(figures: { value: string; realised: string; invested: string }): string {
  return subtractDecimal(addDecimal(figures.value, figures.realised), figures.invested);
}

/** "2.20" → "2.20×"; null (nothing invested) → "—". */
export function formatMultiple(value: string | null | undefined): string {
  return value ? `${value}×` : '—';
}

/**
 * XIRR as a percentage with one decimal ("0.123456" → "12.3%", "-0.05" → "−5.0%"), rounded half up on
 * the digits; null (undefined rate) → "—".
 */
export function formatRate(value: string | null | undefined): string {
  if (!value || !/^-?\d+(\.\d+)?$/.test(value)) return '—';
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  // per mille, as an integer: the rate × 1000 rounded half up
  const digits = `${whole}${fraction.padEnd(4, '0').slice(0, 4)}`;
  const tenths = (BigInt(digits) + 5n) / 10n;
  const text = `${tenths / 10n}.${tenths % 10n}`;
  return `${negative && tenths !== 0n ? '−' : ''}${text.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}%`;
}

/**
 * The return a holding (or the portfolio) shows (issue 18): its cumulative return while the first money
 * in is under twelve months old ("25.0% to date"), its XIRR from then ("12.3%", under the IRR column: an
 * annual rate by name). A young holding's gain is never read as an annual rate.
 */
export function formatReturn(figures: {
  return_rate: string | null;
  return_basis: 'cumulative' | 'annualised';
}): string {
  const rate = formatRate(figures.return_rate);
  if (rate === '—') return rate;
  return figures.return_basis === 'cumulative' ? `${rate} to date` : rate;
}

/** What the return figure is, for its label's hint. */
export const RETURN_BASIS_HINTS = {
  cumulative: 'Held under twelve months: the return so far, not annualised.',
  annualised: 'The annual rate (XIRR) over the money paid in and out, and today’s value.',
} as const;

/** The tone of a gain or a loss, for colour (never the only cue: the sign is in the text). */
export function toneOf(value: string | null | undefined): 'gain' | 'loss' | 'flat' {
  if (!value || /^-?0*(\.0*)?$/.test(value)) return 'flat';
  return value.startsWith('-') ? 'loss' : 'gain';
}

/**
 * Whole pounds as a plotting coordinate for the chart (which draws with numbers): never used for
 * arithmetic or shown as the amount itself.
 */
export function chartCoordinate(value: string): number {
  const whole = value.split('.')[0] ?? '0';
  return Number.parseInt(whole, 10);
}

const DAY = 86_400_000;

/** "2024-05-01" → its UTC midnight in milliseconds: the chart's time coordinate. */
export const timeOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/**
 * The ticks of a time axis from `from` to `to` (milliseconds): the first of a month, every 1, 3, 6 or
 * 12 months so that at most `most` fit, or every few days within one month. Spaced by time, not by how
 * many points fall between them.
 */
export function timeTicks(from: number, to: number, most = 6): number[] {
  if (!(to > from)) return [from];
  const start = new Date(from);
  const months =
    (new Date(to).getUTCFullYear() - start.getUTCFullYear()) * 12 +
    new Date(to).getUTCMonth() -
    start.getUTCMonth();
  if (months < 2) {
    const step = Math.max(1, Math.ceil((to - from) / DAY / most)) * DAY;
    const ticks: number[] = [];
    for (let tick = from; tick <= to; tick += step) ticks.push(tick);
    return ticks;
  }
  const every = [1, 3, 6, 12, 24, 60].find((step) => months / step <= most) ?? 120;
  const year = start.getUTCFullYear();
  // the first month boundary on or after `from` that falls on the step (January, April… for quarters)
  let month = Math.ceil((start.getUTCMonth() + (start.getUTCDate() > 1 ? 1 : 0)) / every) * every;
  const ticks: number[] = [];
  for (let tick = Date.UTC(year, month, 1); tick <= to; tick = Date.UTC(year, month, 1)) {
    ticks.push(tick);
    month += every;
  }
  return ticks;
}
