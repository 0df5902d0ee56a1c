import { describe, expect, it } from 'vitest';
import { compareDecimal, splitProRata, sumDecimals } from './money';

const amounts = (split: Array<{ amount: string }>) => split.map((line) => line.amount);

describe('splitProRata (decision 024)', () => {
  it('gives each line its share to the penny, the shares summing to the total', () => {
    const split = splitProRata('100.00', [
      { key: 1, weight: '1' },
      { key: 2, weight: '1' },
      { key: 3, weight: '1' },
    ]);
    // 33.333… each: the one penny left goes to the first line (equal remainders and weights).
    expect(amounts(split)).toEqual(['33.34', '33.33', '33.33']);
    expect(split.map((line) => line.key)).toEqual([1, 2, 3]);
  });

  it('gives the pence left over to the largest remainders, then to the larger weight', () => {
    // 10.00 over 1 : 3 : 3 → 1.4285…, 4.2857…, 4.2857…: two pence left. The first goes to the largest
    // remainder (0.857 of a penny, the line of weight 1); the threes tie (0.571), so the second goes to
    // the one given first.
    expect(
      amounts(
        splitProRata('10.00', [
          { key: 'a', weight: '1' },
          { key: 'b', weight: '3' },
          { key: 'c', weight: '3' },
        ]),
      ),
    ).toEqual(['1.43', '4.29', '4.28']);
    // 0.05 over 2 : 1 → 0.0333…, 0.0166…: the larger remainder (2 × 0.05 mod 3 = 1 against 0.05 mod 3 = 2)
    expect(
      amounts(
        splitProRata('0.05', [
          { key: 'x', weight: '2' },
          { key: 'y', weight: '1' },
        ]),
      ),
    ).toEqual(['0.03', '0.02']);
  });

  it('a 25% call of commitments of 10,000, 3,333.33 and 1.01', () => {
    const split = splitProRata('3333.59', [
      { key: 1, weight: '10000.00', cap: '10000.00' },
      { key: 2, weight: '3333.33', cap: '3333.33' },
      { key: 3, weight: '1.01', cap: '1.01' },
    ]);
    // 25% of 13,334.34 is 3,333.585 → 3,333.59; exact shares 2,499.9998…, 833.3326…, 0.2524…
    expect(amounts(split)).toEqual(['2500.00', '833.34', '0.25']);
    expect(sumDecimals(amounts(split))).toBe('3333.59');
  });

  it('never gives a line past its cap: the excess is split over the others', () => {
    const split = splitProRata('900.00', [
      { key: 1, weight: '1000', cap: '100.00' },
      { key: 2, weight: '1000', cap: '1000.00' },
      { key: 3, weight: '1000' },
    ]);
    expect(amounts(split)).toEqual(['100.00', '400.00', '400.00']);
  });

  it('a zero weight or a cap of zero gets nothing', () => {
    const split = splitProRata('50.00', [
      { key: 1, weight: '0' },
      { key: 2, weight: '500', cap: '0' },
      { key: 3, weight: '1' },
    ]);
    expect(amounts(split)).toEqual(['0.00', '0.00', '50.00']);
  });

  it('refuses a total the lines cannot take', () => {
    expect(() => splitProRata('10.00', [{ key: 1, weight: '0' }])).toThrow(RangeError);
    expect(() => splitProRata('10.00', [])).toThrow(RangeError);
    expect(() =>
      splitProRata('10.01', [
        { key: 1, weight: '5', cap: '5.00' },
        { key: 2, weight: '5', cap: '5.00' },
      ]),
    ).toThrow(RangeError);
    expect(() => splitProRata('-1.00', [{ key: 1, weight: '5' }])).toThrow(RangeError);
    expect(amounts(splitProRata('0', [{ key: 1, weight: '5' }]))).toEqual(['0.00']);
  });

  it('on 500 random splits: the sum is exact, no cap is passed, and each uncapped line is within a penny of its exact share', () => {
    let seed = 20261127;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pence = (max: number) => Math.floor(random() * max);
    const money = (units: number) => `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
    for (let run = 0; run < 500; run += 1) {
      const count = 1 + pence(40);
      const lines = Array.from({ length: count }, (_, key) => {
        const weight = 1 + pence(5_000_000);
        return { key, weight: money(weight), ...(random() < 0.3 ? { cap: money(pence(weight)) } : {}) };
      });
      const room = lines.reduce((sum, line) => sum + Math.round(Number(line.cap ?? '1e9') * 100), 0);
      const total = money(pence(Math.min(room, 100_000_000)));
      const split = splitProRata(total, lines);
      expect(sumDecimals(amounts(split))).toBe(sumDecimals([total]));
      split.forEach((line, index) => {
        const cap = lines[index]?.cap;
        if (cap !== undefined) expect(compareDecimal(line.amount, cap)).toBeLessThanOrEqual(0);
      });
      if (lines.every((line) => line.cap === undefined)) {
        const weightSum = lines.reduce((sum, line) => sum + Number(line.weight), 0);
        split.forEach((line, index) => {
          const exact = (Number(total) * Number(lines[index]?.weight ?? '0')) / weightSum;
          expect(Math.abs(Number(line.amount) - exact)).toBeLessThan(0.0101);
        });
      }
    }
  });
});
