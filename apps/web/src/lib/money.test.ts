import { describe, expect, it } from 'vitest';
import { MONEY_DISPLAY_CASES } from '@portico/contracts';
import { chartPounds, formatMoney, formatMoneyShort, formatPrice, percentOf, sumMoney } from './money';

describe('money on the page', () => {
  it("reads every figure of the shared table as the server's emails and exports write it", () => {
    for (const [value, currency, shown] of MONEY_DISPLAY_CASES)
      expect(formatMoney(value, currency)).toBe(shown);
  });

  it('groups thousands, always shows pence, and shows a loss with a minus', () => {
    expect(formatMoney('250000.00')).toBe('£250,000.00');
    expect(formatMoney('1234567.5')).toBe('£1,234,567.50');
    expect(formatMoney('0.25')).toBe('£0.25');
    expect(formatMoney('-35000.50')).toBe('−£35,000.50');
    expect(formatMoney('2500', 'EUR')).toBe('€2,500.00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('lots')).toBe('—');
    expect(formatPrice('1.250000')).toBe('£1.25');
    expect(formatPrice('0.000125')).toBe('£0.000125');
  });

  it('shortens for headings and charts', () => {
    expect(formatMoneyShort('1250000.00')).toBe('£1.3m');
    expect(formatMoneyShort('3000000')).toBe('£3m');
    expect(formatMoneyShort('850000')).toBe('£850k');
    expect(formatMoneyShort('-35000')).toBe('−£35k');
    expect(formatMoneyShort('0.00')).toBe('£0');
    expect(chartPounds('-35000.50')).toBe(-35000);
  });

  it('adds decimal strings exactly', () => {
    expect(sumMoney(['0.10', '0.20', null, '1250000.00'])).toBe('1250000.30');
    expect(sumMoney(['-35000.50', '1000'])).toBe('-34000.50');
    expect(sumMoney([])).toBe('0.00');
  });

  it('works out progress exactly, past the range of a float', () => {
    expect(percentOf('1500.75', '3000.00')).toBe(50);
    expect(percentOf('0.00', '100')).toBe(0);
    expect(percentOf('999999999999.99', '999999999999.99')).toBe(100);
    expect(percentOf('120', '100')).toBe(120);
    expect(percentOf('5', null)).toBe(0);
  });
});
