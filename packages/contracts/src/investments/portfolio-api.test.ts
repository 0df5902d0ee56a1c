import { describe, expect, it } from 'vitest';
import { dayBefore, portfolioReturnsQuerySchema, rangeFigures } from './portfolio-api';

/* A date range's figures (issue 20), worked by hand. */

describe('rangeFigures', () => {
  it('measures a range that opens with holdings, takes money in and pays some out', () => {
    // opening 1,000 (1 Jan), paid in 500 (1 Mar), received 300 (1 Jun), closing 1,500 (31 Oct):
    // base = 1,000 + 500 = 1,500; back = 1,500 + 300 = 1,800; gain = 300; MOIC = TVPI = 1.20;
    // DPI = 300 ÷ 1,500 = 0.20; RVPI = 1,500 ÷ 1,500 = 1.00; under twelve months: the return is
    // cumulative, 300 ÷ 1,500 = 0.2
    const figures = rangeFigures({
      from: '2024-01-01',
      to: '2024-10-31',
      opening: '1000.00',
      paid_in: '500.00',
      received: '300.00',
      fees: '20.00',
      closing: '1500.00',
      flows: [
        { date: '2024-03-01', amount: '-500.00' },
        { date: '2024-06-01', amount: '300.00' },
      ],
    });
    expect(figures).toMatchObject({
      opening: '1000.00',
      paid_in: '500.00',
      received: '300.00',
      fees: '20.00',
      closing: '1500.00',
      gain: '300.00',
      moic: '1.20',
      tvpi: '1.20',
      dpi: '0.20',
      rvpi: '1.00',
      return_rate: '0.200000',
      return_basis: 'cumulative',
    });
    // money made over less than a year: the annual rate is above the 20% made
    expect(Number(figures.xirr)).toBeGreaterThan(0.2);
  });

  it('annualises a range of a year: 1,000 held that became 1,100 is 10%', () => {
    // held at the end of 1 January 2023 (the start of the 2nd), worth 1,100 at the end of 1 January 2024
    const figures = rangeFigures({
      from: '2023-01-02',
      to: '2024-01-01',
      opening: '1000.00',
      paid_in: '0.00',
      received: '0.00',
      fees: '0.00',
      closing: '1100.00',
      flows: [],
    });
    expect(figures).toMatchObject({
      gain: '100.00',
      moic: '1.10',
      dpi: '0.00',
      rvpi: '1.10',
      xirr: '0.100000',
      return_rate: '0.100000',
      return_basis: 'annualised',
    });
  });

  it('starts the clock at the first money in when nothing was held at the start', () => {
    // nothing held on 1 Jan 2023; 2,000 in on 1 Jul 2023; worth 2,200 on 1 Jan 2024: six months, cumulative
    const figures = rangeFigures({
      from: '2023-01-01',
      to: '2024-01-01',
      opening: '0.00',
      paid_in: '2000.00',
      received: '0.00',
      fees: '0.00',
      closing: '2200.00',
      flows: [{ date: '2023-07-01', amount: '-2000.00' }],
    });
    expect(figures).toMatchObject({
      gain: '200.00',
      moic: '1.10',
      return_rate: '0.100000',
      return_basis: 'cumulative',
    });
  });

  it('says nothing of multiples when nothing was held or paid in, and -100% when all was lost', () => {
    expect(
      rangeFigures({
        from: '2024-01-01',
        to: '2024-02-01',
        opening: '0.00',
        paid_in: '0.00',
        received: '0.00',
        fees: '0.00',
        closing: '0.00',
        flows: [],
      }),
    ).toMatchObject({
      gain: '0.00',
      moic: null,
      tvpi: null,
      dpi: null,
      rvpi: null,
      xirr: null,
      return_rate: null,
    });
    expect(
      rangeFigures({
        from: '2022-01-01',
        to: '2024-01-01',
        opening: '1000.00',
        paid_in: '0.00',
        received: '0.00',
        fees: '0.00',
        closing: '0.00',
        flows: [],
      }),
    ).toMatchObject({ gain: '-1000.00', moic: '0.00', xirr: '-1.000000', return_basis: 'annualised' });
  });
});

describe('a whole tax year', () => {
  it('is annualised, its XIRR the year’s return when nothing moved', () => {
    // 6 April 2024 to 5 April 2025: 365 days from the opening, at the end of 5 April 2024
    const figures = rangeFigures({
      from: '2024-04-06',
      to: '2025-04-05',
      opening: '1000.00',
      paid_in: '0.00',
      received: '0.00',
      fees: '0.00',
      closing: '1200.00',
      flows: [],
    });
    expect(figures).toMatchObject({ gain: '200.00', xirr: '0.200000', return_basis: 'annualised' });
    expect(figures.return_rate).toBe(figures.xirr);
  });

  it('dates the opening the day before the range', () => {
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2025-01-01')).toBe('2024-12-31');
  });
});

describe('portfolioReturnsQuerySchema', () => {
  it('takes two optional dates and refuses anything else', () => {
    expect(portfolioReturnsQuerySchema.safeParse({}).success).toBe(true);
    expect(portfolioReturnsQuerySchema.safeParse({ from: '2024-04-06', to: '2025-04-05' }).success).toBe(
      true,
    );
    expect(portfolioReturnsQuerySchema.safeParse({ from: '2024-02-30' }).success).toBe(false);
    expect(portfolioReturnsQuerySchema.safeParse({ to: 'yesterday' }).success).toBe(false);
  });
});
