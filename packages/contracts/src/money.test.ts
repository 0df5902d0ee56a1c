import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  maxDecimal,
  MONEY_PATTERN,
  PRICE_PATTERN,
  sharesFit,
  subtractDecimal,
  toFixedDecimal,
  wholeSharesFor,
} from './money';

describe('decimal strings', () => {
  it('compares by digits, not floats', () => {
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('007.5', '7.50')).toBe(0);
    expect(compareDecimal('999999999999.99', '1000000000000')).toBe(-1);
    expect(compareDecimal('0.30', '0.3000001')).toBe(-1);
    expect(compareDecimal('5000', '5000.00')).toBe(0);
  });

  it('pads to a fixed number of places', () => {
    expect(toFixedDecimal('2500', 2)).toBe('2500.00');
    expect(toFixedDecimal('2500.5', 2)).toBe('2500.50');
    expect(toFixedDecimal('0012.100', 6)).toBe('12.100000');
  });

  it('accepts money with two decimals and prices with six', () => {
    expect(MONEY_PATTERN.test('2500.50')).toBe(true);
    expect(MONEY_PATTERN.test('2500.505')).toBe(false);
    expect(MONEY_PATTERN.test('-1')).toBe(false);
    expect(MONEY_PATTERN.test('1e5')).toBe(false);
    expect(PRICE_PATTERN.test('1.234567')).toBe(true);
    expect(PRICE_PATTERN.test('1.2345678')).toBe(false);
  });
});

describe('decimal arithmetic', () => {
  it('adds, subtracts and sums without floats', async () => {
    const { addDecimal, subtractDecimal, sumDecimals } = await import('./money');
    expect(addDecimal('0.1', '0.2')).toBe('0.30');
    expect(subtractDecimal('10', '12.5')).toBe('-2.50');
    expect(subtractDecimal('12.5', '12.5')).toBe('0.00');
    expect(sumDecimals(['999999999999.99', '0.01'])).toBe('1000000000000.00');
    expect(sumDecimals([])).toBe('0.00');
    expect(addDecimal('-1.5', '1', 6)).toBe('-0.500000');
  });

  it('multiplies and divides with the rounding asked for', async () => {
    const { multiplyDecimal, divideDecimal, wholeSharesFor, costOfShares } = await import('./money');
    expect(multiplyDecimal('4000', '1.25')).toBe('5000.00');
    expect(multiplyDecimal('3', '0.335')).toBe('1.01'); // 1.005 half up
    expect(multiplyDecimal('3', '0.335', 2, 'floor')).toBe('1.00');
    expect(divideDecimal('1', '3')).toBe('0.333333');
    expect(divideDecimal('2', '3')).toBe('0.666667');
    expect(divideDecimal('-2', '3', 2)).toBe('-0.67');
    expect(wholeSharesFor('5000.00', '1.25')).toBe('4000');
    expect(wholeSharesFor('5000.00', '1.300000')).toBe('3846');
    expect(wholeSharesFor('999999999999.99', '0.000001')).toBe('999999999999990000');
    expect(costOfShares('3846', '1.3')).toBe('4999.80');
    expect(() => divideDecimal('1', '0')).toThrow(RangeError);
  });
});

describe('comparing signed decimals (issue 18: the room left in a round can be negative)', () => {
  it('orders negative values below zero and below positive ones', () => {
    expect(compareDecimal('-1', '0')).toBe(-1);
    expect(compareDecimal('0', '-1')).toBe(1);
    expect(compareDecimal('-0.01', '0.01')).toBe(-1);
    expect(compareDecimal('5', '-500')).toBe(1);
  });
  it('orders two negative values by their size, the larger magnitude the smaller', () => {
    expect(compareDecimal('-5.00', '-2.50')).toBe(-1);
    expect(compareDecimal('-2.5', '-5')).toBe(1);
    expect(compareDecimal('-100', '-99.99')).toBe(-1);
    expect(compareDecimal('-1250.50', '-1250.5')).toBe(0);
  });
  it('pads a negative value as a positive one, keeping its sign (never "-0.00")', () => {
    expect(toFixedDecimal('-12.5', 2)).toBe('-12.50');
    expect(toFixedDecimal('-007.1', 2)).toBe('-7.10');
    expect(toFixedDecimal('-0', 2)).toBe('0.00');
  });
  it('treats minus zero as zero', () => {
    expect(compareDecimal('-0', '0')).toBe(0);
    expect(compareDecimal('-0.00', '0')).toBe(0);
    expect(compareDecimal('-0.00', '-0.01')).toBe(1);
  });
  it('a room of minus £500 is less than any amount, and maxDecimal floors it at zero', () => {
    const room = subtractDecimal('10000.00', '10500.00');
    expect(room).toBe('-500.00');
    expect(compareDecimal('1.00', room)).toBe(1);
    expect(maxDecimal(room, '0.00')).toBe('0.00');
    expect(maxDecimal('-1', '-2')).toBe('-1');
  });
});

describe('share counts fit their column (numeric(20,6): 14 whole digits)', () => {
  it('accepts up to 14 whole digits and refuses 15', () => {
    expect(sharesFit('99999999999999')).toBe(true);
    expect(sharesFit('99999999999999.999999')).toBe(true);
    expect(sharesFit('100000000000000')).toBe(false);
    expect(sharesFit('0')).toBe(true);
  });
  it('the largest amount at the smallest price overflows; at a penny it fits', () => {
    expect(sharesFit(wholeSharesFor('999999999999.99', '0.000001'))).toBe(false);
    expect(sharesFit(wholeSharesFor('999999999999.99', '0.01'))).toBe(true);
    expect(sharesFit(wholeSharesFor('99999999.99', '0.000001'))).toBe(true);
    expect(sharesFit(wholeSharesFor('100000000.00', '0.000001'))).toBe(false);
  });
});
