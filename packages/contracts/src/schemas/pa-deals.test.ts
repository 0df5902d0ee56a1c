import { describe, expect, it } from 'vitest';
import { clearanceExpiresOn, createPaDealInputSchema, executePaDealInputSchema } from './pa-deals';

describe('clearanceExpiresOn: the day of approval and the next 2 business days', () => {
  it('counts Monday to Friday only', () => {
    expect(clearanceExpiresOn('2026-11-23')).toBe('2026-11-25'); // Monday → Wednesday
    expect(clearanceExpiresOn('2026-11-26')).toBe('2026-11-30'); // Thursday → Monday
    expect(clearanceExpiresOn('2026-11-27')).toBe('2026-12-01'); // Friday → Tuesday
    expect(clearanceExpiresOn('2026-11-28')).toBe('2026-12-01'); // Saturday → Tuesday
  });

  it('skips England and Wales bank holidays', () => {
    // Thursday 31 Dec → (New Year's Day, the weekend) → Monday 4, Tuesday 5 Jan
    expect(clearanceExpiresOn('2026-12-31')).toBe('2027-01-05');
    // Thursday 24 Dec → (Christmas, the weekend, Boxing Day's Monday) → Tuesday 29, Wednesday 30
    expect(clearanceExpiresOn('2026-12-24')).toBe('2026-12-30');
    // Thursday 2 Apr → (Good Friday, the weekend, Easter Monday) → Tuesday 7, Wednesday 8
    expect(clearanceExpiresOn('2026-04-02')).toBe('2026-04-08');
  });
});

describe('the PA deal inputs', () => {
  it('refuses a zero quantity or price and takes a currency in any case', () => {
    const request = {
      instrument: 'Shares',
      company_name: 'Acme',
      side: 'sell',
      quantity: '10.5',
      estimated_value: '100',
      currency: 'eur',
      reason: 'Rebalancing',
    };
    expect(createPaDealInputSchema.parse(request).currency).toBe('EUR');
    expect(createPaDealInputSchema.safeParse({ ...request, quantity: '0.000' }).success).toBe(false);
    expect(createPaDealInputSchema.safeParse({ ...request, quantity: '1.1234567' }).success).toBe(false);
    const trade = { executed_on: '2026-11-23', price: '1.25', quantity: '5' };
    expect(executePaDealInputSchema.safeParse(trade).success).toBe(true);
    expect(executePaDealInputSchema.safeParse({ ...trade, price: '0' }).success).toBe(false);
    expect(executePaDealInputSchema.safeParse({ ...trade, executed_on: '23/11/2026' }).success).toBe(false);
  });
});
