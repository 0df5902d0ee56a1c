import { screen, within } from '@testing-library/react';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch-mock';
import type { Branding } from '@portico/contracts';
import { buildBranding, userWithRole } from '../../../testing/fixtures';
import { paginated } from '../../../testing/paginated';
import { renderWithProviders } from '../../../testing/render';
import { PortfolioPage } from '../pages/portfolio-page';
import { FundHoldingPage } from './fund-holding-page';

/*
 * Issue 20: a fund holding on /investor/portfolio and the investor's fund page
 * /investor/portfolio/fund/{id}: cards, chart, calls, distributions and the statement to download.
 */

const session = { status: 'authenticated' as const, user: userWithRole(5) };

const FUND_HOLDING = {
  kind: 'fund',
  fund_id: 3,
  name: 'Northern Ventures Fund',
  currency: 'GBP',
  first_invested_on: '2025-01-10',
  committed: '10000.00',
  called: '5000.00',
  uncalled: '5000.00',
  paid_in: '5000.00',
  distributed: '500.00',
  tvpi: '1.30',
  dpi: '0.10',
  nav_on: '2026-11-17',
  invested: '5000.00',
  value: '6000.00',
  realised: '500.00',
  unrealised: '1500.00',
  moic: '1.30',
  xirr: '0.214500',
  return_rate: '0.214500',
  return_basis: 'annualised',
};

const MEASURES = {
  committed: '10000.00',
  called: '5000.00',
  uncalled: '5000.00',
  paid_in: '5000.00',
  distributed: '500.00',
  fees: '100.00',
  value: '6000.00',
  dpi: '0.10',
  rvpi: '1.20',
  tvpi: '1.30',
  irr: '0.214500',
};

const DETAIL = {
  fund: {
    id: 3,
    name: 'Northern Ventures Fund',
    type: 'venture_capital',
    vintage: 2021,
    currency: 'GBP',
    tax_relief: 'eis',
    description: 'Early-stage companies in the North.',
  },
  as_of: '2026-11-27',
  holding: FUND_HOLDING,
  measures: MEASURES,
  commitments: [
    {
      investment_id: 41,
      opportunity_id: 9,
      opportunity_name: 'Northern Ventures Fund raise',
      amount: '10000.00',
      called: '5000.00',
      paid: '5000.00',
      status: 'awaiting_payment',
      payment_reference: 'NVF-3-1',
    },
  ],
  capital_calls: [
    {
      call_id: 12,
      date: '2026-02-01',
      due_date: '2026-02-15',
      amount: '2000.00',
      paid: '1000.00',
      message: null,
    },
    {
      call_id: 11,
      date: '2025-01-01',
      due_date: '2025-01-15',
      amount: '3000.00',
      paid: '3000.00',
      message: null,
    },
  ],
  payments: [{ date: '2025-01-10', amount: '4000.00' }],
  movements: [
    {
      movement_id: 8,
      type: 'fee',
      kind: 'management_fee',
      label: 'Management fee',
      date: '2026-10-01',
      amount: '100.00',
      reverses_id: null,
    },
    {
      movement_id: 7,
      type: 'distribution',
      kind: 'return_of_capital',
      label: 'Return of capital',
      date: '2026-08-19',
      amount: '500.00',
      reverses_id: null,
    },
  ],
  navs: [{ date: '2026-11-17', nav: '24000.00' }],
  companies: [
    {
      id: 8,
      name: 'Kestrel Robotics Ltd',
      industry: 'Robotics',
      country: 'GB',
      website: null,
      first_investment_on: '2022-03-01',
      status: 'exited',
      status_on: '2025-06-01',
      ownership_percent: '12.50',
      cost: '1000000.00',
      realised: '2400000.00',
      valuation: '0.00',
      multiple: '2.40',
    },
  ],
  generated_at: '2026-11-27T12:00:00.000000Z',
};

const openFund = (id: string, branding: Branding | null = null) =>
  renderWithProviders(<Navigate to={`/investor/portfolio/fund/${id}`} replace />, {
    path: '/investor',
    session,
    branding,
    routes: [{ path: '/investor/portfolio/fund/:id', element: <FundHoldingPage /> }],
  });

afterEach(() => vi.unstubAllGlobals());

describe('a fund on the portfolio', () => {
  it('lists the fund beside the companies, badged, linking to its page', async () => {
    mockFetch({
      'GET /api/portfolio': json(200, {
        data: {
          holdings: [FUND_HOLDING],
          totals: {
            currency: 'GBP',
            ...MEASURES,
            invested: '5000.00',
            realised: '500.00',
            unrealised: '1500.00',
            moic: '1.30',
            xirr: '0.214500',
            return_rate: '0.214500',
            return_basis: 'annualised',
          },
          totals_by_currency: [
            {
              currency: 'GBP',
              invested: '5000.00',
              value: '6000.00',
              realised: '500.00',
              unrealised: '1500.00',
              moic: '1.30',
              xirr: '0.214500',
              return_rate: '0.214500',
              return_basis: 'annualised',
            },
          ],
        },
      }),
      'GET /api/portfolio/history': json(200, { data: { points: [], series_by_currency: [] } }),
    });
    renderWithProviders(<PortfolioPage />, { path: '/investor/portfolio', session });
    const table = await screen.findByRole('table', { name: 'Holdings' });
    const link = within(table).getByRole('link', { name: 'Northern Ventures Fund' });
    expect(link).toHaveAttribute('href', '/investor/portfolio/fund/3');
    const row = link.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Fund')).toBeInTheDocument();
    expect(within(row).getByText('Called £5,000.00 of £10,000.00')).toBeInTheDocument();
    expect(within(row).getByText('£6,000.00')).toBeInTheDocument();
    expect(within(row).getByText('1.30×')).toBeInTheDocument();
  });
});

describe('FundHoldingPage', () => {
  it('shows the cards, the calls, the distributions and fees, and the statement to download', async () => {
    const mock = mockFetch({ 'GET /api/portfolio/funds/3': json(200, { data: DETAIL }) });
    openFund('3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Northern Ventures Fund' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Venture capital · Vintage 2021 · EIS relief · GBP')).toBeInTheDocument();
    const values = screen.getAllByRole('definition');
    const figures = Object.fromEntries(
      screen.getAllByRole('term').map((term, index) => [term.textContent, values[index]?.textContent]),
    );
    expect(figures).toMatchObject({
      Commitment: '£10,000.00',
      Called: '£5,000.00',
      Uncalled: '£5,000.00',
      'Paid in': '£5,000.00',
      Distributed: '£500.00',
      'Current value': '£6,000.00',
      TVPI: '1.30×',
      DPI: '0.10×',
      IRR: '21.5%',
    });
    // the chart's figures in words for screen readers
    expect(
      screen.getByText('Paid in: £5,000.00; Distributed: £500.00; Current value: £6,000.00.'),
    ).toBeInTheDocument();

    const calls = screen.getByRole('table', { name: 'Capital calls' });
    const open = within(calls).getByText('£2,000.00').closest('tr');
    if (!open) throw new Error('no call row');
    expect(within(open).getByText('£1,000.00')).toBeInTheDocument();
    expect(within(open).getByText('Open')).toBeInTheDocument();
    const settled = within(calls).getAllByText('£3,000.00')[0]?.closest('tr');
    if (!settled) throw new Error('no paid call row');
    expect(within(settled).getByText('Paid')).toBeInTheDocument();

    const movements = screen.getByRole('table', { name: 'Distributions and fees' });
    expect(within(movements).getByText('Distribution: Return of capital')).toBeInTheDocument();
    expect(within(movements).getByText('Fee: Management fee')).toBeInTheDocument();

    const commitments = screen.getByRole('table', { name: 'Your commitments' });
    expect(within(commitments).getByText('NVF-3-1')).toBeInTheDocument();

    // the fund's portfolio companies, with the fund's figures and each company's status since its date
    const companies = screen.getByRole('table', { name: 'Portfolio companies' });
    const kestrel = within(companies).getByRole('row', { name: /Kestrel Robotics Ltd/ });
    expect(kestrel).toHaveTextContent('Robotics');
    expect(kestrel).toHaveTextContent('Exited');
    expect(kestrel).toHaveTextContent('since 1 Jun 2025');
    expect(kestrel).toHaveTextContent('£2,400,000.00');
    expect(kestrel).toHaveTextContent('2.40×');

    expect(screen.getByRole('link', { name: 'Download statement (PDF)' })).toHaveAttribute(
      'href',
      '/api/portfolio/funds/3/statement.pdf',
    );
    // one request for the page: the statement is a plain download link
    expect(mock.callsTo('GET', '/api/portfolio/funds/3')).toHaveLength(1);
  });

  it('says when nothing has been called or distributed yet', async () => {
    mockFetch({
      'GET /api/portfolio/funds/3': json(200, {
        data: {
          ...DETAIL,
          holding: { ...FUND_HOLDING, nav_on: null },
          measures: { ...MEASURES, called: '0.00', paid_in: '0.00', tvpi: null, dpi: null, irr: null },
          capital_calls: [],
          payments: [],
          movements: [],
          navs: [],
          companies: [],
        },
      }),
    });
    openFund('3');
    expect(await screen.findByText('No capital has been called yet.')).toBeInTheDocument();
    expect(screen.getByText('The fund has not invested in a company yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing has been distributed or charged yet.')).toBeInTheDocument();
    expect(screen.getByText('At cost: the fund has no net asset value yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Capital calls' })).not.toBeInTheDocument();
  });

  it('is the not-found page for a fund the investor does not hold', async () => {
    mockFetch({
      'GET /api/portfolio/funds/4': json(404, { message: 'You hold no commitment to this fund.' }),
    });
    openFund('4');
    expect(await screen.findByRole('heading', { name: /doesn't seem to exist/ })).toBeInTheDocument();
  });

  it('explains a failure and offers to try again', async () => {
    mockFetch({ 'GET /api/portfolio/funds/3': json(500, { message: 'Server Error' }) });
    openFund('3');
    expect(await screen.findByRole('alert')).toHaveTextContent(/This fund could not be loaded/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

/** A live report as the investor's news answers it (GET /api/profile/news). */
const report = (overrides: Record<string, unknown> = {}) => ({
  id: 21,
  title: 'Annual letter to investors',
  body: '',
  excerpt: 'The fund is fully invested.',
  opportunity: null,
  fund: { id: 3, name: 'Northern Ventures Fund' },
  published_at: '2026-11-07T09:00:00.000Z',
  version: 1,
  corrected_at: null,
  attachments: [],
  read_at: null,
  ...overrides,
});

describe('the fund page’s Reports section (issue 20)', () => {
  it('lists the fund’s live reports with their date and unread mark, each opening in the fund’s context', async () => {
    const mock = mockFetch({
      'GET /api/portfolio/funds/3': json(200, { data: DETAIL }),
      'GET /api/profile/news': json(
        200,
        paginated([
          report(),
          report({ id: 22, title: 'Half-year letter', read_at: '2026-06-02T10:00:00.000Z' }),
          report({ id: 23, title: 'Everyone’s news', fund: null }),
        ]),
      ),
    });
    openFund('3');
    const section = await screen.findByRole('heading', { name: 'Reports' });
    expect(section).toBeInTheDocument();
    const unread = await screen.findByRole('link', { name: /^Annual letter to investors\s*\(unread\)$/ });
    expect(unread).toHaveAttribute('href', '/investor/portfolio/fund/3/reports/21');
    expect(screen.getByRole('link', { name: 'Half-year letter' })).toHaveAttribute(
      'href',
      '/investor/portfolio/fund/3/reports/22',
    );
    const item = unread.closest('li');
    if (!item) throw new Error('no report item');
    expect(within(item).getByText('7 Nov 2026')).toBeInTheDocument();
    expect(within(item).getByText('New')).toBeInTheDocument();
    // general news is everyone's, not the fund's
    expect(screen.queryByRole('link', { name: /Everyone’s news/ })).not.toBeInTheDocument();
    expect(mock.callsTo('GET', '/api/profile/news')[0]?.path).toContain('filter%5Bfund_id%5D=3');
  });

  it('takes its title from the deployment’s name for reports', async () => {
    mockFetch({
      'GET /api/portfolio/funds/3': json(200, { data: DETAIL }),
      'GET /api/profile/news': json(200, paginated([report()])),
    });
    const branding = buildBranding();
    openFund('3', { ...branding, navigation: { ...branding.navigation, reports: 'Letters' } });
    expect(await screen.findByRole('heading', { name: 'Letters' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reports' })).not.toBeInTheDocument();
  });

  it('says when the fund has no reports, and when they cannot be loaded', async () => {
    mockFetch({
      'GET /api/portfolio/funds/3': json(200, { data: DETAIL }),
      'GET /api/profile/news': json(200, paginated([])),
    });
    openFund('3');
    expect(
      await screen.findByText('No reports have been published about this fund yet.'),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();
    mockFetch({
      'GET /api/portfolio/funds/4': json(200, { data: { ...DETAIL, fund: { ...DETAIL.fund, id: 4 } } }),
      'GET /api/profile/news': json(500, { message: 'Server Error' }),
    });
    openFund('4');
    expect(await screen.findByText(/The reports could not be loaded/)).toBeInTheDocument();
  });
});
