import { describe, expect, it } from 'vitest';
import { cumulativeReturn, returnBasisOf, xirr } from './xirr';

describe('xirr', () => {
  it('answers Excel’s documented example (37.34%)', () => {
    expect(
      xirr([
        { date: '2008-01-01', amount: '-10000' },
        { date: '2008-03-01', amount: '2750' },
        { date: '2008-10-30', amount: '4250' },
        { date: '2009-02-15', amount: '3250' },
        { date: '2009-04-01', amount: '2750' },
      ]),
    ).toBe('0.373363');
  });

  it('is exactly 10% for 1,000 growing to 1,100 over 365 days', () => {
    expect(
      xirr([
        { date: '2021-01-01', amount: '-1000.00' },
        { date: '2022-01-01', amount: '1100.00' },
      ]),
    ).toBe('0.100000');
  });

  it('answers losses as negative rates', () => {
    expect(
      xirr([
        { date: '2021-01-01', amount: '-1000.00' },
        { date: '2022-01-01', amount: '500.00' },
      ]),
    ).toBe('-0.500000');
  });

  it('does not depend on the order of the flows', () => {
    expect(
      xirr([
        { date: '2009-04-01', amount: '2750' },
        { date: '2008-10-30', amount: '4250' },
        { date: '2008-01-01', amount: '-10000' },
        { date: '2009-02-15', amount: '3250' },
        { date: '2008-03-01', amount: '2750' },
      ]),
    ).toBe('0.373363');
  });

  it('finds a very high rate through the bisection fallback', () => {
    // 1,000 becomes 3,000 in 60 days: about 79,800% a year, where Newton from 10% diverges
    const rate = xirr([
      { date: '2024-01-01', amount: '-1000' },
      { date: '2024-03-01', amount: '3000' },
    ]);
    expect(rate).not.toBeNull();
    expect(Math.abs((1 + Number(rate)) ** (60 / 365) - 3)).toBeLessThan(1e-6);
  });

  it('is null when undefined', () => {
    expect(xirr([])).toBeNull();
    expect(xirr([{ date: '2024-01-01', amount: '-1000' }])).toBeNull();
    expect(
      xirr([
        { date: '2024-01-01', amount: '-1000' },
        { date: '2025-01-01', amount: '-10' },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { date: '2024-01-01', amount: '0' },
        { date: '2025-01-01', amount: '0.00' },
      ]),
    ).toBeNull();
  });

  it('handles many flows on the same footing as one', () => {
    // 1,000 monthly investments of 100 held at exactly their cost: 0%
    const flows = Array.from({ length: 1000 }, (_, index) => ({
      date: new Date(Date.UTC(2000, index, 1)).toISOString().slice(0, 10),
      amount: '-100',
    }));
    flows.push({ date: '2090-01-01', amount: '100000' });
    expect(xirr(flows)).toBe('0.000000');
  });

  it('refuses a malformed date', () => {
    expect(() =>
      xirr([
        { date: '2024-13-45', amount: '-1' },
        { date: '2024-01-01', amount: '2' },
      ]),
    ).toThrow(RangeError);
  });

  it('finds write-downs below -99%: -99.9% a year', () => {
    expect(
      xirr([
        { date: '2021-01-01', amount: '-1000.00' },
        { date: '2022-01-01', amount: '1.00' },
      ]),
    ).toBe('-0.999000');
  });

  it('finds -99.99% over several years without overflowing near -100%', () => {
    // 1,000,000 worth 0.01 after 3 years: (1e-8)^(1/3) - 1 ≈ -99.7846%
    const rate = xirr([
      { date: '2020-01-01', amount: '-1000000.00' },
      { date: '2022-12-31', amount: '0.01' },
    ]);
    expect(rate).not.toBeNull();
    expect(Math.abs(Number(rate) - (1e-8 ** (365 / 1095) - 1))).toBeLessThan(1e-6);
  });

  it('is -100% when the money came back as nothing (a holding written off to 0)', () => {
    expect(
      xirr([
        { date: '2021-01-01', amount: '-1000.00' },
        { date: '2021-06-01', amount: '-500.00' },
        { date: '2022-01-01', amount: '0.00' },
      ]),
    ).toBe('-1.000000');
  });
});

describe('the return basis', () => {
  it('is cumulative under twelve months and annualised from the first anniversary', () => {
    expect(returnBasisOf('2025-03-15', '2026-03-14')).toBe('cumulative');
    expect(returnBasisOf('2025-03-15', '2026-03-15')).toBe('annualised');
    expect(returnBasisOf('2024-02-29', '2025-02-28')).toBe('cumulative');
    expect(returnBasisOf('2024-02-29', '2025-03-01')).toBe('annualised');
    expect(returnBasisOf(null, '2026-01-01')).toBe('cumulative');
  });

  it('states the cumulative return exactly', () => {
    expect(cumulativeReturn('1100.00', '0.00', '1000.00')).toBe('0.100000');
    expect(cumulativeReturn('600.00', '150.00', '1000.00')).toBe('-0.250000');
    expect(cumulativeReturn('0.00', '0.00', '1000.00')).toBe('-1.000000');
    expect(cumulativeReturn('0.00', '0.00', '0.00')).toBeNull();
  });
});
