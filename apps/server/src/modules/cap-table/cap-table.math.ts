/*
 * The cap table's percentages, exactly (decision 020): shares are numeric(20,6) decimal strings, read here
 * as BigInt millionths; a percentage is shown to 2 decimals. Rounding each figure on its own can leave a
 * column at 99.99% or 100.01%; the largest-remainder rule rounds every figure down to the hundredth of a
 * percent, then gives the hundredths still missing to the figures that lost most, so the column adds up
 * to exactly 100.00 and no figure is more than 0.01 from its exact value.
 */

const SCALE = 6;

/** A non-negative decimal string as BigInt millionths (extra places are cut, never rounded up). */
export function units(value: string): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return BigInt(whole || '0') * 10n ** BigInt(SCALE) + BigInt((fraction + '000000').slice(0, SCALE) || '0');
}

/** BigInt millionths as a decimal string with 6 places. */
export function fromUnits(value: bigint): string {
  const text = value.toString().padStart(SCALE + 1, '0');
  return `${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`;
}

/** The sum of share counts, 6 places. */
export const sumShares = (values: readonly string[]) =>
  fromUnits(values.reduce((sum, value) => sum + units(value), 0n));

const hundredths = (value: bigint) => {
  const text = value.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
};

/**
 * Each part's percentage of their sum, 2 decimals, reconciled to add up to exactly 100.00 (largest
 * remainder; ties go to the larger part, then the earlier one). All "0.00" when the parts sum to nothing.
 */
export function reconciledPercents(parts: readonly string[]): string[] {
  const values = parts.map(units);
  const total = values.reduce((sum, value) => sum + value, 0n);
  if (total === 0n) return parts.map(() => '0.00');
  const FULL = 10_000n; // 100.00% in hundredths of a percent
  const floors = values.map((value) => (value * FULL) / total);
  const remainders = values.map((value) => (value * FULL) % total);
  let missing = FULL - floors.reduce((sum, value) => sum + value, 0n);
  const entries = values.map((value, index) => ({
    index,
    value,
    floor: floors[index] ?? 0n,
    remainder: remainders[index] ?? 0n,
  }));
  const order = [...entries].sort((a, b) => {
    if (a.remainder !== b.remainder) return b.remainder > a.remainder ? 1 : -1;
    if (a.value !== b.value) return b.value > a.value ? 1 : -1;
    return a.index - b.index;
  });
  for (const entry of order) {
    if (missing === 0n) break;
    entry.floor += 1n;
    missing -= 1n;
  }
  return entries.map((entry) => hundredths(entry.floor));
}
