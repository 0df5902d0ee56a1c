import type { TaxReliefLine, TaxReliefStatement } from '@portico/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { taxReliefPdf } from './tax-relief-pdf';
import { taxReliefStatementInput } from './tax-relief-statement';
import { totalsOf } from './tax-relief.service';

const line = (overrides: Partial<TaxReliefLine>): TaxReliefLine => ({
  source: 'direct',
  share_issue_id: 1,
  opportunity: { id: 9, name: 'Eisco Seed', slug: 'eisco-seed' },
  fund: null,
  company_name: 'Eisco Ltd',
  date: '2025-04-05',
  relief: 'eis',
  currency: 'GBP',
  amount: '10000.00',
  rate: '0.30',
  relief_amount: '3000.00',
  tax_year: 2024,
  tax_year_label: '2024/25',
  certificate: { status: 'received', id: 4, scheme: 'eis3', reference: 'EIS3/1', issued_on: '2025-06-01' },
  ...overrides,
});

const lines = [
  line({}),
  line({
    share_issue_id: 2,
    date: '2025-04-06',
    company_name: 'Café Zoë Ltd',
    relief: 'seis',
    rate: '0.50',
    amount: '1000.01',
    relief_amount: '500.00',
    tax_year: 2025,
    tax_year_label: '2025/26',
    certificate: { status: 'awaited', id: null, scheme: 'seis3', reference: null, issued_on: null },
  }),
  line({
    source: 'fund',
    share_issue_id: 3,
    opportunity: null,
    fund: { id: 2, name: 'Relief Fund' },
    date: '2025-06-01',
    amount: '5000.00',
    relief_amount: '1500.00',
    tax_year: 2025,
    tax_year_label: '2025/26',
    certificate: { status: 'awaited', id: null, scheme: 'eis5', reference: null, issued_on: null },
  }),
];
const statement: TaxReliefStatement = { lines, totals: totalsOf(lines) };

describe('totalsOf', () => {
  it('adds each tax year’s lines in each currency, newest year first, counting the awaited', () => {
    expect(statement.totals).toEqual([
      {
        tax_year: 2025,
        tax_year_label: '2025/26',
        currency: 'GBP',
        amount: '6000.01',
        relief_amount: '2000.00',
        lines: 2,
        awaited: 2,
      },
      {
        tax_year: 2024,
        tax_year_label: '2024/25',
        currency: 'GBP',
        amount: '10000.00',
        relief_amount: '3000.00',
        lines: 1,
        awaited: 0,
      },
    ]);
  });

  it('never adds across currencies', () => {
    const totals = totalsOf([line({}), line({ share_issue_id: 5, currency: 'EUR' })]);
    expect(totals.map((total) => [total.currency, total.amount])).toEqual([
      ['EUR', '10000.00'],
      ['GBP', '10000.00'],
    ]);
  });
});

describe('the relief statement PDF', () => {
  it('groups the lines by tax year with their certificates, in words people read', () => {
    const input = taxReliefStatementInput(statement, {
      investorName: 'Ivy Investor',
      appName: 'Portico',
      today: '2026-11-27',
    });
    expect(input.dateLine).toBe('As at 27 November 2026');
    expect(input.years.map((year) => year.label)).toEqual([
      'Tax year 2025/26 (6 April 2025 to 5 April 2026)',
      'Tax year 2024/25 (6 April 2024 to 5 April 2025)',
    ]);
    expect(input.years[0]?.rows).toEqual([
      {
        date: '6 April 2025',
        company: 'Café Zoë Ltd',
        scheme: 'SEIS 50%',
        amount: '£1,000.01',
        relief: '£500.00',
        certificate: 'SEIS3 awaited',
      },
      expect.objectContaining({ company: 'Eisco Ltd (via Relief Fund)', certificate: 'EIS5 awaited' }),
    ]);
    expect(input.years[1]?.rows[0]?.certificate).toBe('EIS3 EIS3/1, 1 June 2025');
    expect(input.years[0]?.totals).toEqual([
      { label: 'Total (GBP), 2 certificates awaited', amount: '£6,000.01', relief: '£2,000.00' },
    ]);
  });

  it('draws a PDF over as many pages as the lines need, and one for an empty statement', async () => {
    const many = Array.from({ length: 120 }, (_, index) => line({ share_issue_id: index + 1 }));
    const pdf = await taxReliefPdf(
      taxReliefStatementInput(
        { lines: many, totals: totalsOf(many) },
        { investorName: 'Ivy Investor', appName: 'Portico', today: '2026-11-27' },
      ),
    );
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe('EIS/SEIS relief statement: Ivy Investor');
    const empty = await PDFDocument.load(
      await taxReliefPdf(
        taxReliefStatementInput(
          { lines: [], totals: [] },
          { investorName: 'Ivy', appName: 'Portico', today: '2026-11-27', taxYear: 2025 },
        ),
      ),
    );
    expect(empty.getPageCount()).toBe(1);
  });
});
