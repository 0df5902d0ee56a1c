import { describe, expect, it } from 'vitest';
import { reliefAmount, reliefRateOf, taxYearBounds, taxYearLabel, taxYearOf } from './tax-relief';

describe('taxYearOf', () => {
  it('turns on 6 April: the 5th is the year before', () => {
    expect(taxYearOf('2026-04-05')).toBe(2025);
    expect(taxYearOf('2026-04-06')).toBe(2026);
    expect(taxYearOf('2026-04-07')).toBe(2026);
    expect(taxYearOf('2026-03-31')).toBe(2025);
  });

  it('puts January to 5 April in the year that started the April before', () => {
    expect(taxYearOf('2026-01-01')).toBe(2025);
    expect(taxYearOf('2025-12-31')).toBe(2025);
    expect(taxYearOf('2024-02-29')).toBe(2023);
  });

  it('refuses what is not a date', () => {
    expect(() => taxYearOf('6/4/2026')).toThrow(RangeError);
  });
});

describe('taxYearLabel and taxYearBounds', () => {
  it('labels a tax year by its two calendar years', () => {
    expect(taxYearLabel(2026)).toBe('2026/27');
    expect(taxYearLabel(2025)).toBe('2025/26');
    expect(taxYearLabel(2099)).toBe('2099/00');
    expect(taxYearLabel(2008)).toBe('2008/09');
  });

  it('runs from 6 April to 5 April', () => {
    expect(taxYearBounds(2026)).toEqual({ from: '2026-04-06', to: '2027-04-05' });
    expect(taxYearOf(taxYearBounds(2026).from)).toBe(2026);
    expect(taxYearOf(taxYearBounds(2026).to)).toBe(2026);
  });
});

describe('relief', () => {
  it('is 30% for EIS and 50% for SEIS, none otherwise', () => {
    expect(reliefRateOf('eis')).toBe('0.30');
    expect(reliefRateOf('seis')).toBe('0.50');
    expect(reliefRateOf('none')).toBeNull();
  });

  it('is exact on decimal strings, never past the rate', () => {
    expect(reliefAmount('10000.00', '0.30')).toBe('3000.00');
    expect(reliefAmount('0.10', '0.30')).toBe('0.03');
    // 3333.33 × 30% = 999.999: rounded down, not up
    expect(reliefAmount('3333.33', '0.30')).toBe('999.99');
    expect(reliefAmount('0.01', '0.50')).toBe('0.00');
    expect(reliefAmount('123456789012.34', '0.50')).toBe('61728394506.17');
    // a float would give 0.30000000000000004 × 3 style noise
    expect(reliefAmount('0.03', '0.30')).toBe('0.00');
    expect(reliefAmount('1.10', '0.30')).toBe('0.33');
  });
});
