import { screen, within } from '@testing-library/react';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { formatMoney, formatShares } from '../../lib/money';
import { formatMultiple, formatRate, formatReturn, toneOf, timeOf, timeTicks } from './figures';
import { HoldingPage } from './pages/holding-page';
import { PortfolioPage } from './pages/portfolio-page';
import { ValueChart } from './components/value-chart';

const HOLDING = {
  kind: 'direct',
  opportunity_id: 7,
  slug: 'acme-robotics',
  name: 'Acme Robotics Seed',
  company_name: 'Acme Robotics Ltd',
  status: 5,
  currency: 'GBP',
  first_invested_on: '2023-01-01',
  shares: '1200.000000',
  price: '3.000000',
  price_date: '2025-06-30',
  invested: '2000.00',
  value: '3600.00',
  realised: '800.00',
  unrealised: '-150.50',
  moic: '2.20',
  xirr: '0.412345',
  return_rate: '0.412345',
  return_basis: 'annualised',
};
const TOTALS = {
  invested: '2000.00',
  value: '3600.00',
  realised: '800.00',
  unrealised: '-150.50',
  moic: '2.20',
  xirr: '0.412345',
  return_rate: '0.412345',
  return_basis: 'annualised',
};
/** GET /api/portfolio/returns since the first investment: the totals' figures (issue 20). */
const RANGE = {
  currency: 'GBP',
  opening: '0.00',
  paid_in: '2000.00',
  received: '800.00',
  fees: '0.00',
  closing: '3600.00',
  gain: '2400.00',
  moic: '2.20',
  tvpi: '2.20',
  dpi: '0.40',
  rvpi: '1.80',
  xirr: '0.412345',
  return_rate: '0.412345',
  return_basis: 'annualised',
};
const returnsOf = (...figures: Array<typeof RANGE>) => ({
  data: {
    from: '2023-01-01',
    to: '2025-07-01',
    totals: figures.length === 1 ? figures[0] : null,
    totals_by_currency: figures,
  },
});
const POINTS = [
  { date: '2023-01-01', invested: '1000.00', value: '1000.00' },
  { date: '2025-06-30', invested: '2000.00', value: '3600.00' },
];
const HISTORY = { points: POINTS, series_by_currency: [{ currency: 'GBP', points: POINTS }] };
const NO_HISTORY = { points: [], series_by_currency: [] };

/** Branding whose terminology renames some labels. */
const withTerms = (terms: Record<string, string>) => {
  const branding = buildBranding();
  return { ...branding, navigation: { ...branding.navigation, ...terms } };
};

/** The holding's page at its address, with the id in the route. */
const openHolding = (id: number) =>
  renderWithProviders(<Navigate to={`/investor/portfolio/${id}`} replace />, {
    path: '/investor',
    session,
    routes: [{ path: '/investor/portfolio/:id', element: <HoldingPage /> }],
  });

const session = { status: 'authenticated' as const, user: userWithRole(5) };

afterEach(() => vi.unstubAllGlobals());

describe('figures', () => {
  it('formats gains, losses, multiples and rates from their digits', () => {
    expect(formatMoney('-150.50')).toBe('−£150.50');
    expect(formatMoney('-0.00')).toBe('£0.00');
    expect(formatMoney('2000.00')).toBe('£2,000.00');
    expect(formatMultiple('2.20')).toBe('2.20×');
    expect(formatMultiple(null)).toBe('—');
    expect(formatRate('0.412345')).toBe('41.2%');
    expect(formatRate('0.123456')).toBe('12.3%');
    expect(formatRate('-0.050000')).toBe('−5.0%');
    expect(formatRate('-0.000400')).toBe('0.0%');
    expect(formatRate('798.123456')).toBe('79,812.3%');
    expect(formatRate(null)).toBe('—');
    // the return says its basis: to date under twelve months, a year after
    expect(formatReturn({ return_rate: '0.250000', return_basis: 'cumulative' })).toBe('25.0% to date');
    expect(formatReturn({ return_rate: '-0.999000', return_basis: 'annualised' })).toBe('−99.9%');
    expect(formatReturn({ return_rate: null, return_basis: 'cumulative' })).toBe('—');
    expect(formatShares('1200.000000')).toBe('1,200');
    expect(formatShares('10.500000')).toBe('10.5');
    expect(toneOf('-1.00')).toBe('loss');
    expect(toneOf('0.00')).toBe('flat');
    expect(toneOf('0.1')).toBe('gain');
  });
});

describe('PortfolioPage', () => {
  it('shows the totals and the holdings with the deployment’s column labels', async () => {
    mockFetch({
      'GET /api/portfolio': json(200, {
        data: {
          holdings: [HOLDING],
          totals: { currency: 'GBP', ...TOTALS },
          totals_by_currency: [{ currency: 'GBP', ...TOTALS }],
        },
      }),
      'GET /api/portfolio/history': json(200, { data: HISTORY }),
      'GET /api/portfolio/returns': json(200, returnsOf(RANGE)),
    });
    renderWithProviders(<PortfolioPage />, {
      path: '/investor/portfolio',
      session,
      branding: withTerms({ column_value: 'Worth today', portfolio: 'My holdings' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My holdings' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Holdings' });
    expect(within(table).getByRole('columnheader', { name: 'Worth today' })).toBeInTheDocument();
    const link = within(table).getByRole('link', { name: 'Acme Robotics Ltd' });
    expect(link).toHaveAttribute('href', '/investor/portfolio/7');
    expect(within(table).getAllByText('£3,600.00').length).toBeGreaterThan(0);
    // the totals' cards: a loss is signed, the rate a percentage
    const totals = screen
      .getAllByRole('definition')
      .slice(0, 6)
      .map((node) => node.textContent);
    expect(totals).toEqual(['£2,000.00', '£3,600.00', '£800.00', '−£150.50', '2.20×', '41.2%']);
    // and the period's (GET /api/portfolio/returns): since the first investment by default
    const returns = await screen.findByRole('region', { name: 'Returns' });
    const cards = (await within(returns).findAllByRole('definition')).map((node) => node.textContent);
    expect(cards).toEqual([
      '£0.00',
      '£2,000.00',
      '£800.00',
      '£3,600.00',
      '£2,400.00',
      '2.20×',
      '0.40×',
      '41.2%',
    ]);
  });

  it('shows a young holding’s cumulative return, never an annual rate', async () => {
    const young = { ...HOLDING, return_rate: '0.250000', return_basis: 'cumulative', xirr: '14.221000' };
    mockFetch({
      'GET /api/portfolio': json(200, {
        data: {
          holdings: [young],
          totals: { ...TOTALS, ...young },
          totals_by_currency: [{ ...TOTALS, ...young }],
        },
      }),
      'GET /api/portfolio/history': json(200, { data: HISTORY }),
      'GET /api/portfolio/returns': json(
        200,
        returnsOf({ ...RANGE, return_rate: '0.250000', return_basis: 'cumulative', xirr: '14.221000' }),
      ),
    });
    renderWithProviders(<PortfolioPage />, { path: '/investor/portfolio', session });
    const table = await screen.findByRole('table', { name: 'Holdings' });
    expect(within(table).getByText('25.0% to date')).toBeInTheDocument();
    expect(screen.queryByText(/1,422/)).not.toBeInTheDocument();
    await screen.findAllByRole('term');
    const terms = screen.getAllByRole('term').map((node) => node.textContent);
    expect(terms).toContain('Return to date');
    expect(terms).not.toContain('IRR');
    expect(
      screen.getByText('Held under twelve months: the return so far, not annualised.'),
    ).toBeInTheDocument();
    const returns = await screen.findByRole('region', { name: 'Returns' });
    await within(returns).findAllByRole('term');
    const periodTerms = within(returns)
      .getAllByRole('term')
      .map((node) => node.textContent);
    expect(periodTerms).toContain('Return over the period');
    expect(periodTerms).not.toContain('IRR over the period');
    const cards = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(cards.at(-1)).toBe('25.0%');
  });

  it('never adds money across currencies: one set of figures per currency', async () => {
    const euro = { ...HOLDING, opportunity_id: 8, currency: 'EUR', invested: '500.00', value: '650.00' };
    const none = { invested: null, value: null, realised: null, unrealised: null, moic: null };
    mockFetch({
      'GET /api/portfolio': json(200, {
        data: {
          holdings: [HOLDING, euro],
          totals: { ...none, currency: null, xirr: null, return_rate: null, return_basis: null },
          totals_by_currency: [
            { currency: 'GBP', ...TOTALS },
            { ...TOTALS, currency: 'EUR', invested: '500.00', value: '650.00' },
          ],
        },
      }),
      'GET /api/portfolio/history': json(200, {
        data: {
          points: null,
          series_by_currency: [
            { currency: 'GBP', points: POINTS },
            {
              currency: 'EUR',
              points: [
                { date: '2024-03-01', invested: '500.00', value: '500.00' },
                { date: '2025-06-30', invested: '500.00', value: '650.00' },
              ],
            },
          ],
        },
      }),
      'GET /api/portfolio/returns': json(
        200,
        returnsOf(RANGE, { ...RANGE, currency: 'EUR', paid_in: '500.00', closing: '650.00' }),
      ),
    });
    renderWithProviders(<PortfolioPage />, { path: '/investor/portfolio', session });
    // one chart per currency, titled with it, each in its own money
    const gbpChart = await screen.findByRole('region', { name: 'Value over time in GBP' });
    expect(within(gbpChart).getByText(/Value over time: £1,000.00 on/)).toBeInTheDocument();
    const eurChart = screen.getByRole('region', { name: 'Value over time in EUR' });
    expect(within(eurChart).getByText(/Value over time: €500.00 on/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Value over time' })).not.toBeInTheDocument();
    expect(screen.queryByText(/against £2,500.00 invested/)).not.toBeInTheDocument();
    const gbpTotals = await screen.findByRole('region', { name: 'Holdings in GBP' });
    expect(within(gbpTotals).getAllByRole('definition')[0]).toHaveTextContent('£2,000.00');
    const eurTotals = screen.getByRole('region', { name: 'Holdings in EUR' });
    expect(within(eurTotals).getAllByRole('definition')[0]).toHaveTextContent('€500.00');
    // the period's figures, one set per currency: the second card is the money paid in
    const gbp = await screen.findByRole('region', { name: 'Returns in GBP' });
    expect(within(gbp).getAllByRole('definition')[1]).toHaveTextContent('£2,000.00');
    const eur = screen.getByRole('region', { name: 'Returns in EUR' });
    expect(within(eur).getAllByRole('definition')[1]).toHaveTextContent('€500.00');
    expect(screen.queryByText('€2,500.00')).not.toBeInTheDocument();
    expect(screen.queryByText('£2,500.00')).not.toBeInTheDocument();
  });

  it('says so when nothing is held yet, in the deployment’s words', async () => {
    mockFetch({
      'GET /api/portfolio': json(200, {
        data: {
          holdings: [],
          totals: {
            currency: null,
            invested: '0.00',
            value: '0.00',
            realised: '0.00',
            unrealised: '0.00',
            moic: null,
            xirr: null,
            return_rate: null,
            return_basis: 'cumulative',
          },
          totals_by_currency: [],
        },
      }),
      'GET /api/portfolio/history': json(200, { data: NO_HISTORY }),
    });
    renderWithProviders(<PortfolioPage />, {
      path: '/investor/portfolio',
      session,
      branding: withTerms({ portfolio_empty: 'Nothing here yet.' }),
    });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains a failure and offers to try again', async () => {
    mockFetch({
      'GET /api/portfolio': json(500, { message: 'Server Error' }),
      'GET /api/portfolio/history': json(200, { data: NO_HISTORY }),
    });
    renderWithProviders(<PortfolioPage />, { path: '/investor/portfolio', session });
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('HoldingPage', () => {
  it('shows the holding’s figures, transactions and documents', async () => {
    mockFetch({
      'GET /api/portfolio/7': json(200, {
        data: {
          ...HOLDING,
          transactions: [
            {
              id: 1,
              opportunity_id: 7,
              kind: 'allotment',
              occurred_on: '2023-01-01',
              shares: '1000.000000',
              amount: '1000.00',
              price: '1.000000',
              share_class: null,
              note: null,
              created_at: '2023-01-01T00:00:00.000000Z',
            },
            {
              id: 2,
              opportunity_id: 7,
              kind: 'exit',
              occurred_on: '2024-07-01',
              shares: '300.000000',
              amount: '750.00',
              price: '2.500000',
              share_class: null,
              note: null,
              created_at: '2024-07-01T00:00:00.000000Z',
            },
          ],
          prices: [],
          public_documents: [
            {
              id: 3,
              name: 'Annual report 2024.pdf',
              content_type: 'application/pdf',
              size_bytes: 2048,
              url: '/files/x?sig=1',
            },
          ],
          history: POINTS,
        },
      }),
    });
    openHolding(7);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Robotics Ltd' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('Exit')).toBeInTheDocument();
    expect(within(table).getByText('−300')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Annual report 2024.pdf' })).toHaveAttribute(
      'href',
      '/files/x?sig=1',
    );
  });

  it('is the 404 page for a holding the investor does not have', async () => {
    mockFetch({ 'GET /api/portfolio/8': json(404, { message: 'You do not hold this investment.' }) });
    openHolding(8);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });
});

describe('the value chart’s time axis', () => {
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

  it('places points by their dates', () => {
    expect(timeOf('2024-03-01') - timeOf('2024-01-01')).toBe(60 * 86_400_000);
    expect(iso(timeOf('2026-11-26'))).toBe('2026-11-26');
  });

  it('ticks on month boundaries spaced by time, at most six', () => {
    expect(timeTicks(timeOf('2024-01-15'), timeOf('2024-06-20')).map(iso)).toEqual([
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
      '2024-05-01',
      '2024-06-01',
    ]);
    expect(timeTicks(timeOf('2022-02-10'), timeOf('2024-11-26')).map(iso)).toEqual([
      '2022-07-01',
      '2023-01-01',
      '2023-07-01',
      '2024-01-01',
      '2024-07-01',
    ]);
    const days = timeTicks(timeOf('2026-11-01'), timeOf('2026-11-26'));
    expect(days.length).toBeLessThanOrEqual(7);
    expect(iso(days[0] ?? 0)).toBe('2026-11-01');
  });

  it('draws without error from points at their dates', () => {
    renderWithProviders(
      <ValueChart
        points={[
          { date: '2025-01-10', invested: '1000.00', value: '1000.00' },
          { date: '2025-06-30', invested: '1000.00', value: '1200.00' },
          { date: '2026-11-26', invested: '1500.00', value: '1400.00' },
        ]}
      />,
      { session: { status: 'authenticated', user: userWithRole(5) }, branding: buildBranding() },
    );
    expect(screen.getByText(/Value over time: £1,000.00 on/)).toBeInTheDocument();
  });
});
