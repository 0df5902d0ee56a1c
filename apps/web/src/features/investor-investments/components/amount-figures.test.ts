import { formatShares } from '../../../lib/money';
import { describe, expect, it } from 'vitest';
import { figuresFor, moneyOf } from './amount-figures';
import { formatCountdown } from './format';
import { chosenHolding, holdingInput, holdingParam } from './holding';

describe('the invest step’s figures', () => {
  it('reads what the investor typed as a money string, or nothing', () => {
    expect(moneyOf('£5,000.50')).toBe('5000.50');
    expect(moneyOf(' 1 000 ')).toBe('1000');
    expect(moneyOf('5000.505')).toBeNull();
    expect(moneyOf('-5')).toBeNull();
    expect(moneyOf('five')).toBeNull();
  });

  it('buys whole shares and costs them exactly, saying when it rounded down', () => {
    expect(figuresFor('5000.10', '1.250000')).toEqual({ shares: '4000', cost: '5000.00', roundedDown: true });
    expect(figuresFor('1000.00', '0.400000')).toEqual({
      shares: '2500',
      cost: '1000.00',
      roundedDown: false,
    });
    // 0.1 + 0.2 territory: no float ever sees these.
    expect(figuresFor('0.30', '0.100000')).toEqual({ shares: '3', cost: '0.30', roundedDown: false });
    expect(figuresFor('999999999999.99', '0.000001')?.shares).toBe('999999999999990000');
    expect(figuresFor('1.00', '1.250000')).toEqual({ shares: '0', cost: '0.00', roundedDown: true });
    expect(figuresFor(null, '1.25')).toBeNull();
    expect(figuresFor('100', null)).toBeNull();
    expect(figuresFor('100', '0')).toBeNull();
  });

  it('groups shares and counts down by the server’s seconds', () => {
    expect(formatShares('1234567')).toBe('1,234,567');
    expect(formatShares('2500.000000')).toBe('2,500');
    expect(formatShares(null)).toBe('—');
    expect(formatCountdown(86_340)).toBe('23 h 59 min');
    expect(formatCountdown(249)).toBe('4 min 09 s');
    expect(formatCountdown(9.7)).toBe('9 s');
    expect(formatCountdown(-3)).toBe('0 s');
  });

  it('carries the holding between the steps and names it as the API does', () => {
    const options = [
      { type: 'self' as const, id: null, name: 'Olivia Carter' },
      { type: 'organisation' as const, id: 12, name: 'Carter Holdings' },
      { type: 'investment_method' as const, id: 3, name: 'My SIPP' },
      { type: 'nominee' as const, id: 5, name: 'Sterling Nominees' },
    ];
    expect(options.map(holdingParam)).toEqual([
      'self',
      'organisation:12',
      'investment_method:3',
      'nominee:5',
    ]);
    expect(chosenHolding(options, 'nominee:5')?.name).toBe('Sterling Nominees');
    expect(chosenHolding(options, 'organisation:99')?.type).toBe('self');
    expect(chosenHolding(options, null)?.type).toBe('self');
    expect(options.map(holdingInput)).toEqual([
      { type: 'self' },
      { type: 'organisation', organisation_id: 12 },
      { type: 'investment_method', investment_method_entity_id: 3 },
      { type: 'nominee', nominee_id: 5 },
    ]);
  });
});
