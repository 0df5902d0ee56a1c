import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { paginated } from '../../testing/paginated';
import { buildBranding, userWithRole } from '../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../testing/render';
import { pluralOf } from '../../lib/terminology';
import { NewsPage } from '../news/pages/news-page';
import { PortfolioPage } from '../portfolio/pages/portfolio-page';
import { CashCallsTable } from '../wip-report/components/wip-tables';

const setting = (
  id: number,
  kind: 'column' | 'stat',
  key: string,
  position: number,
  shown: boolean,
  default_label: string,
) => ({
  id,
  kind,
  key,
  position,
  shown,
  label: null,
  default_label,
  updated_at: '2026-11-01T10:00:00.000000Z',
});
const COLUMNS = [
  setting(1, 'column', 'company', 0, true, 'Company'),
  setting(2, 'column', 'invested', 1, true, 'Invested'),
  setting(3, 'column', 'value', 2, true, 'Current value'),
  setting(4, 'column', 'gain', 3, false, 'Gain'),
];
const STATS = [
  setting(11, 'stat', 'invested', 0, true, 'Invested'),
  setting(12, 'stat', 'holdings', 1, false, 'Holdings'),
];

afterEach(() => vi.unstubAllGlobals());

describe('settings → investor → portfolio', () => {
  it('reorders with the buttons, hides, relabels and saves the whole order', async () => {
    setXsrfCookie('token');
    const { callsTo } = mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/settings/portfolio-columns': json(200, { data: COLUMNS }),
      'PUT /api/settings/portfolio-columns': json(200, { data: COLUMNS }),
    });
    renderApp('/admin/settings/investor/portfolio');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio columns' })).toBeInTheDocument();
    expect(await screen.findByText('3 of 4 columns shown')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move Current value up' }));
    await user.click(screen.getByRole('button', { name: 'Move Current value up' }));
    expect(screen.getByRole('button', { name: 'Move Current value up' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Show Invested' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show Gain' }));
    await user.type(screen.getByRole('textbox', { name: 'Label of Gain' }), 'Profit');
    await user.click(screen.getByRole('button', { name: 'Save columns' }));

    await waitFor(() => expect(callsTo('PUT', '/api/settings/portfolio-columns')).toHaveLength(1));
    expect(callsTo('PUT', '/api/settings/portfolio-columns')[0]?.body).toEqual({
      columns: [
        { key: 'value', shown: true, label: null },
        { key: 'company', shown: true, label: null },
        { key: 'invested', shown: false, label: null },
        { key: 'gain', shown: true, label: 'Profit' },
      ],
    });
  });

  it('shows the server’s refusal on the field it concerns', async () => {
    setXsrfCookie('token');
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/settings/portfolio-columns': json(200, { data: COLUMNS }),
      'PUT /api/settings/portfolio-columns': json(422, {
        message: 'At least one column must be shown.',
        errors: { columns: ['At least one column must be shown.'] },
      }),
    });
    renderApp('/admin/settings/investor/portfolio');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save columns' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At least one column must be shown.');
  });

  it('lists the investor settings with what each is now, and a column’s own page saves it', async () => {
    setXsrfCookie('token');
    const { callsTo } = mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/settings/portfolio-columns': json(200, { data: COLUMNS }),
      'GET /api/settings/portfolio-stats': json(200, { data: STATS }),
      'GET /api/onboarding-requirements': json(200, { data: [] }),
      'GET /api/lead-statuses': json(200, { data: [] }),
      'GET /api/compliance-settings/1': json(200, { data: { id: 1, compliance_tries: 3 } }),
      'GET /api/settings/portfolio-columns/4': json(200, { data: COLUMNS[3] }),
      'PATCH /api/settings/portfolio-columns/4': json(200, {
        data: { ...COLUMNS[3], shown: true, label: 'Profit' },
      }),
    });
    const { router } = renderApp('/admin/settings/investor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Investor settings' })).toBeInTheDocument();
    const portfolio = screen.getByRole('region', { name: 'Portfolio columns' });
    expect(await within(portfolio).findByText('3 of 4 columns shown')).toBeInTheDocument();
    expect(await screen.findByText('1 of 2 figures shown')).toBeInTheDocument();

    await router.navigate('/admin/settings/investor/portfolio/4');
    const user = userEvent.setup();
    const label = await screen.findByRole('textbox', { name: 'Label' });
    await user.type(label, 'Profit');
    await user.click(screen.getByRole('checkbox', { name: /Show this column/ }));
    await user.click(screen.getByRole('button', { name: 'Save column' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/settings/portfolio-columns/4')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/settings/portfolio-columns/4')[0]?.body).toEqual({
      shown: true,
      label: 'Profit',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings/investor/portfolio'));
  });
});

const HOLDING = {
  kind: 'direct',
  opportunity_id: 7,
  slug: 'acme',
  name: 'Acme Seed',
  company_name: 'Acme Ltd',
  status: 5,
  currency: 'GBP',
  first_invested_on: '2023-01-01',
  shares: '1200.000000',
  price: '3.000000',
  price_date: '2025-06-30',
  invested: '2000.00',
  value: '3600.00',
  realised: '800.00',
  unrealised: '1600.00',
  moic: '2.20',
  xirr: '0.412345',
  return_rate: '0.412345',
  return_basis: 'annualised',
};
const FIGURES = {
  invested: '2000.00',
  value: '3600.00',
  realised: '800.00',
  unrealised: '1600.00',
  moic: '2.20',
  xirr: '0.412345',
  return_rate: '0.412345',
  return_basis: 'annualised',
};

describe('the investor’s portfolio follows the layout', () => {
  it('shows the columns and figures in the layout’s order with its labels, and not the hidden ones', async () => {
    mockFetch({
      'GET /api/portfolio': json(200, {
        data: {
          holdings: [HOLDING],
          totals: { currency: 'GBP', ...FIGURES },
          totals_by_currency: [{ currency: 'GBP', ...FIGURES }],
          layout: {
            columns: [
              { key: 'value', label: 'Worth today' },
              { key: 'company', label: 'Company' },
              { key: 'gain', label: 'Profit' },
            ],
            stats: [
              { key: 'holdings', label: 'Companies held' },
              { key: 'gain', label: 'Total gain' },
            ],
          },
        },
      }),
      'GET /api/portfolio/history': json(200, { data: { points: [], series_by_currency: [] } }),
      'GET /api/portfolio/returns': json(200, {
        data: { from: '2023-01-01', to: '2025-07-01', totals: null, totals_by_currency: [] },
      }),
      'GET /api/profile/tax-relief': json(200, { data: { entries: [], tax_years: [] } }),
    });
    renderWithProviders(<PortfolioPage />, {
      path: '/investor/portfolio',
      session: { status: 'authenticated', user: userWithRole(5) },
      branding: buildBranding(),
    });
    const table = await screen.findByRole('table', { name: 'Holdings' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((node) => node.textContent);
    expect(headers).toEqual(['Worth today', 'Company', 'Profit']);
    // gain = value + realised − invested
    expect(within(table).getByText('£2,400.00')).toBeInTheDocument();
    expect(within(table).queryByText('£2,000.00')).not.toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((node) => node.textContent);
    expect(terms.slice(0, 2)).toEqual(['Companies held', 'Total gain']);
    const figures = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(figures.slice(0, 2)).toEqual(['1', '£2,400.00']);
  });
});

describe('the terminology that used to change nothing', () => {
  it('renames the news page’s title and empty state', async () => {
    mockFetch({
      'GET /api/profile/news': json(200, paginated([])),
      'GET /api/profile/news/unread-count': json(200, { data: { unread: 0 } }),
    });
    const branding = buildBranding();
    renderWithProviders(<NewsPage />, {
      path: '/investor/news',
      session: { status: 'authenticated', user: userWithRole(5) },
      branding: { ...branding, navigation: { ...branding.navigation, news: 'Bulletins' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulletins' })).toBeInTheDocument();
    expect(await screen.findByText('No bulletins yet')).toBeInTheDocument();
  });

  it('makes a plural of a singular term', () => {
    expect(pluralOf('Cash call')).toBe('Cash calls');
    expect(pluralOf('Capital call summary')).toBe('Capital call summaries');
    expect(pluralOf('Drawdown notice')).toBe('Drawdown notices');
    expect(pluralOf('Capital draw')).toBe('Capital draws');
  });

  it('labels the WIP report’s cash calls table with the deployment’s term', () => {
    const branding = buildBranding();
    renderWithProviders(<CashCallsTable calls={[]} outstanding={[]} overdue={[]} />, {
      branding: { ...branding, navigation: { ...branding.navigation, cash_call: 'Capital call' } },
    });
    expect(screen.getByRole('table', { name: 'Capital calls outstanding' })).toBeInTheDocument();
  });
});
