import { describe, expect, it } from 'vitest';
import { MONEY_DISPLAY_CASES } from '@portico/contracts';
import { formatAmount, formatPrice, formatShareCount, formatShares, formatSortCode } from './money';

describe('server money formatting', () => {
  it('writes amounts with pence, grouped, exactly', () => {
    expect(formatAmount('1000')).toBe('£1,000.00');
    expect(formatAmount('1234.5')).toBe('£1,234.50');
    expect(formatAmount('1234567.89')).toBe('£1,234,567.89');
    expect(formatAmount('0.07')).toBe('£0.07');
    expect(formatAmount('000250.00')).toBe('£250.00');
    expect(formatAmount('-12.5')).toBe('−£12.50');
    // a float would print 90071992547409.91 as …9.92 or worse; strings stay exact
    expect(formatAmount('90071992547409.91')).toBe('£90,071,992,547,409.91');
  });

  it('uses the currency’s symbol, or its code', () => {
    expect(formatAmount('10', 'EUR')).toBe('€10.00');
    expect(formatAmount('10', 'USD')).toBe('$10.00');
    expect(formatAmount('10', 'CHF')).toBe('CHF 10.00');
  });

  it('writes every figure of the shared table as the web app does', () => {
    for (const [value, currency, shown] of MONEY_DISPLAY_CASES)
      expect(formatAmount(value, currency)).toBe(shown);
  });

  it('writes sort codes in pairs', () => {
    expect(formatSortCode('401524')).toBe('40-15-24');
    expect(formatSortCode('40 15 24')).toBe('40-15-24');
  });

  it('writes share prices with their decimals and shares whole or with their fraction', () => {
    expect(formatPrice('1.250000')).toBe('£1.25');
    expect(formatPrice('0.123400')).toBe('£0.1234');
    expect(formatPrice('2')).toBe('£2.00');
    expect(formatShares('3999.000000')).toBe('3,999');
    expect(formatShareCount('4000.000000')).toBe('4,000');
    expect(formatShareCount('4000.500000')).toBe('4,000.5');
  });
});
