import { describe, expect, it } from 'vitest';
import { currencySchema, ISO_4217_CODES } from './currencies';
import {
  excelMoneyFormat,
  formatMoney,
  formatSharePrice,
  formatSortCode,
  MONEY_DISPLAY_CASES,
  totalsByCurrency,
} from './money-display';
import { fieldErrorsFromZod } from './validation';

describe('money shown one way', () => {
  it('writes every figure of the shared table: symbol or code, thousands, two decimals, a minus', () => {
    for (const [value, currency, shown] of MONEY_DISPLAY_CASES)
      expect(formatMoney(value, currency)).toBe(shown);
  });

  it('cuts past the pence, never rounding up, and writes an em dash for none', () => {
    expect(formatMoney('10.999')).toBe('£10.99');
    expect(formatMoney('-0.001')).toBe('£0.00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('')).toBe('—');
    expect(formatMoney('lots')).toBe('—');
    expect(formatMoney('1e5')).toBe('—');
  });

  it('writes share prices with their decimals', () => {
    expect(formatSharePrice('1.250000')).toBe('£1.25');
    expect(formatSharePrice('0.000125')).toBe('£0.000125');
    expect(formatSharePrice('2500', 'EUR')).toBe('€2,500.00');
    expect(formatSharePrice(null)).toBe('—');
  });

  it('gives Excel a number format that reads as formatMoney writes', () => {
    expect(excelMoneyFormat()).toBe('"£"#,##0.00;"−£"#,##0.00');
    expect(excelMoneyFormat('USD')).toBe('"$"#,##0.00;"−$"#,##0.00');
    expect(excelMoneyFormat('CHF')).toBe('"CHF "#,##0.00;"−CHF "#,##0.00');
  });

  it('writes sort codes in pairs', () => {
    expect(formatSortCode('401524')).toBe('40-15-24');
    expect(formatSortCode('40 15 24')).toBe('40-15-24');
    expect(formatSortCode('40-15-24')).toBe('40-15-24');
    expect(formatSortCode('4015')).toBe('4015');
    expect(formatSortCode(null)).toBe('—');
  });

  it('totals each currency on its own, never adding pounds to euros', () => {
    expect(
      totalsByCurrency([
        { currency: 'GBP', amount: '1000.10' },
        { currency: 'EUR', amount: '250' },
        { currency: 'GBP', amount: '0.20' },
        { currency: 'EUR', amount: null },
      ]),
    ).toEqual([
      { currency: 'GBP', amount: '1000.30' },
      { currency: 'EUR', amount: '250.00' },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });
});

describe('currencies', () => {
  it('are the ISO 4217 codes, once each, three capitals', () => {
    expect(new Set(ISO_4217_CODES).size).toBe(ISO_4217_CODES.length);
    for (const code of ISO_4217_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
    for (const code of ['GBP', 'EUR', 'USD', 'CHF', 'JPY']) expect(ISO_4217_CODES).toContain(code);
  });

  it('accepts a code in any case and refuses anything else with the field’s name', () => {
    expect(currencySchema.parse(' gbp ')).toBe('GBP');
    for (const wrong of ['XYZ', 'pounds', '£', 'GB', '']) {
      const result = currencySchema.safeParse(wrong);
      expect(result.success).toBe(false);
      if (!result.success)
        expect(fieldErrorsFromZod(result.error)).toEqual({
          body: ['The value must be an ISO 4217 code, e.g. GBP.'],
        });
    }
  });
});
