import type { PortfolioFundDetail } from '@portico/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fundStatementInput } from './fund-statement';
import { fundStatementPdf } from './fund-statement-pdf';

const measures = {
  committed: '10000.00',
  called: '5000.00',
  uncalled: '5000.00',
  paid_in: '5000.00',
  distributed: '400.00',
  fees: '100.00',
  value: '6000.00',
  dpi: '0.08',
  rvpi: '1.20',
  tvpi: '1.28',
  irr: '-0.012345',
};

const detail: PortfolioFundDetail = {
  fund: {
    id: 3,
    name: 'Northern Ventures Fund',
    type: 'venture_capital',
    vintage: 2021,
    currency: 'GBP',
    tax_relief: 'eis',
    description: null,
  },
  as_of: '2026-11-27',
  holding: {
    kind: 'fund',
    fund_id: 3,
    name: 'Northern Ventures Fund',
    currency: 'GBP',
    first_invested_on: '2025-01-10',
    committed: '10000.00',
    called: '5000.00',
    uncalled: '5000.00',
    paid_in: '5000.00',
    distributed: '400.00',
    tvpi: '1.28',
    dpi: '0.08',
    nav_on: '2026-11-17',
    invested: '5000.00',
    value: '6000.00',
    realised: '400.00',
    unrealised: '1400.00',
    moic: '1.28',
    xirr: '-0.012345',
    return_rate: '-0.012345',
    return_basis: 'annualised',
  },
  measures,
  commitments: [],
  capital_calls: [
    {
      call_id: 1,
      date: '2025-01-01',
      due_date: '2025-01-15',
      amount: '5000.00',
      paid: '5000.00',
      message: null,
    },
  ],
  payments: [{ date: '2025-01-10', amount: '5000.00' }],
  movements: [
    {
      movement_id: 9,
      type: 'distribution',
      kind: 'income',
      label: 'Income',
      date: '2026-03-01',
      amount: '-100.00',
      reverses_id: 8,
    },
    {
      movement_id: 8,
      type: 'distribution',
      kind: 'income',
      label: 'Income',
      date: '2026-03-01',
      amount: '100.00',
      reverses_id: null,
    },
    {
      movement_id: 7,
      type: 'distribution',
      kind: 'return_of_capital',
      label: 'Return of capital',
      date: '2025-06-01',
      amount: '400.00',
      reverses_id: null,
    },
    {
      movement_id: 6,
      type: 'fee',
      kind: 'management_fee',
      label: 'Management fee',
      date: '2025-02-01',
      amount: '100.00',
      reverses_id: null,
    },
  ],
  navs: [],
  companies: [],
  generated_at: '2026-11-27T12:00:00.000000Z',
};

describe('the capital account statement', () => {
  it('states the figures, distributions by kind, and every entry by date', () => {
    const input = fundStatementInput(detail, 'Ivy Investor', 'Portico');
    const figures = Object.fromEntries(input.summary.map((row) => [row.label, row.value]));
    expect(figures).toMatchObject({
      Commitment: '£10,000.00',
      Called: '£5,000.00',
      'Paid in': '£5,000.00',
      'Distributions: return of capital': '£400.00',
      'Distributions: capital gain': '£0.00',
      // an income distribution and its reversal
      'Distributions: income': '£0.00',
      Fees: '£100.00',
      'Value (share of the NAV of 17 November 2026)': '£6,000.00',
      TVPI: '1.28x',
      DPI: '0.08x',
      IRR: '-1.2%',
    });
    expect(input.entries.map((entry) => [entry.date, entry.text, entry.amount])).toEqual([
      ['1 January 2025', 'Capital call (due 15 January 2025)', '£5,000.00'],
      ['10 January 2025', 'Payment received', '£5,000.00'],
      ['1 February 2025', 'Fee: Management fee', '£100.00'],
      ['1 June 2025', 'Distribution: Return of capital', '£400.00'],
      ['1 March 2026', 'Reversal: Distribution: Income', '−£100.00'],
      ['1 March 2026', 'Distribution: Income', '£100.00'],
    ]);
  });

  it('draws a PDF that runs onto further pages when the entries do', async () => {
    const input = fundStatementInput(detail, 'Zoë Ødegaard', 'Portico');
    const many = {
      ...input,
      entries: Array.from({ length: 120 }, (_, index) => ({
        date: '1 January 2025',
        text: `Payment received ${index}`,
        amount: '−£1.00',
      })),
    };
    const bytes = await fundStatementPdf(many);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBeGreaterThan(1);
    expect(document.getTitle()).toBe('Capital account statement: Northern Ventures Fund');
  });
});
