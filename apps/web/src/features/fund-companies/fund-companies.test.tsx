import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };

const FUND = {
  id: 4,
  name: 'Portico Ventures II',
  type: 'venture_capital',
  vintage: 2021,
  currency: 'GBP',
  target_size: '25000000.00',
  management_fee_percent: null,
  carried_interest_percent: null,
  hurdle_percent: null,
  tax_relief: 'none',
  status: 2,
  active: 1,
  description: null,
  latest_nav: null,
  latest_nav_on: null,
  created_at: '2026-01-10T10:00:00.000000Z',
  updated_at: '2026-10-01T10:00:00.000000Z',
};

const COMPANY = {
  id: 9,
  fund_id: 4,
  fund: { id: 4, name: 'Portico Ventures II', currency: 'GBP' },
  name: 'Acme Robotics',
  company_number: '01234567',
  industry_id: null,
  industry: null,
  country: 'GB',
  website: null,
  description: null,
  share_class: 'Series A preferred',
  first_investment_on: '2024-03-01',
  board_seat: true,
  lead_investor: 'Northzone',
  ownership_percent: '12.5000',
  status: 'active',
  status_on: '2024-03-01',
  cost: '150000.30',
  realised: '1000.01',
  valuation: '300000.60',
  multiple: '2.01',
  created_at: '2026-01-10T10:00:00.000000Z',
  updated_at: '2026-10-01T10:00:00.000000Z',
};
const EXITED = {
  ...COMPANY,
  id: 10,
  name: 'Bygone Ltd',
  status: 'exited',
  ownership_percent: null,
  cost: '200.00',
  realised: '500.00',
  valuation: '0.00',
  multiple: '2.50',
};

const INVESTMENT = {
  id: 31,
  company_id: 9,
  kind: 'investment',
  date: '2024-03-01',
  amount: '150000.30',
  shares: '1000.000000',
  valuation: null,
  note: null,
  reverses_id: null,
  reason: null,
  reversed_by_id: null,
  created_by: { id: 40, name: 'Sam Staff' },
  created_at: '2024-03-01T10:00:00.000000Z',
};

function open(path: string, routes: Record<string, MockReply | MockReply[]> = {}, roleId = 1) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, {
      data: userWithRole(roleId as Parameters<typeof userWithRole>[0], { id: 40 }),
    }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(['funds']) }),
    'GET /api/funds': json(200, paginated([FUND])),
    'GET /api/funds/4': json(200, { data: FUND }),
    'GET /api/fund-companies': json(200, paginated([COMPANY, EXITED])),
    'GET /api/fund-companies/9': json(200, { data: COMPANY }),
    'GET /api/fund-companies/9/transactions': json(200, { data: [INVESTMENT] }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/fund-companies-list-page'),
    import('./pages/fund-company-record-page'),
    import('./pages/fund-company-transactions-page'),
    import('./pages/fund-portfolio-page'),
    import('../funds/pages/fund-record-page'),
  ]);
}, 60_000);

describe('fund-investment companies', { timeout: 30_000 }, () => {
  it('are listed with their fund, status, cost, valuation and multiple, and filter by fund', async () => {
    const { callsTo, router } = open('/admin/investments/companies');
    const link = await screen.findByRole('link', { name: 'Acme Robotics' }, FIRST_RENDER);
    const table = screen.getByRole('table', { name: 'Fund investments' });
    const row = within(table).getByRole('row', { name: /Acme Robotics/ });
    expect(row).toHaveTextContent('Portico Ventures II');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('£150,000.30');
    expect(row).toHaveTextContent('£300,000.60');
    expect(row).toHaveTextContent('2.01x');
    expect(within(table).getByRole('row', { name: /Bygone Ltd/ })).toHaveTextContent('Exited');
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).getByRole('link', { name: 'Fund investments' })).toHaveAttribute(
      'href',
      '/admin/investments/companies',
    );

    const user = userEvent.setup();
    await user.click(screen.getByPlaceholderText('Any fund'));
    await user.click(await screen.findByRole('option', { name: 'Portico Ventures II' }));
    await waitFor(() =>
      expect(
        callsTo('GET', '/api/fund-companies').some((call) => call.path.includes('filter%5Bfund%5D=4')),
      ).toBe(true),
    );
    await user.click(link);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investments/companies/9/details'),
    );
  });

  it('take the deployment’s name for them, in the menu and the list', async () => {
    const branding = brandingWithFeatures(['funds']);
    open('/admin/investments/companies', {
      'GET /api/branding': json(200, {
        data: { ...branding, navigation: { ...branding.navigation, companies: 'Portfolio companies' } },
      }),
    });
    expect(
      await screen.findByRole('table', { name: 'Portfolio companies' }, FIRST_RENDER),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).getByRole('link', { name: 'Portfolio companies' })).toHaveAttribute(
      'href',
      '/admin/investments/companies',
    );
    expect(within(nav).queryByRole('link', { name: 'Fund investments' })).not.toBeInTheDocument();
  });

  it('say so when there are none, with the way to add the first', async () => {
    open('/admin/investments/companies', { 'GET /api/fund-companies': json(200, paginated([])) });
    expect(await screen.findByRole('link', { name: 'Add the first company' }, FIRST_RENDER)).toHaveAttribute(
      'href',
      '/admin/investments/companies/new-company',
    );
  });

  it('are hidden, menu entry and page, with the funds feature off', async () => {
    setXsrfCookie('token');
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1, { id: 40 }) }),
      'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
    });
    renderApp('/admin/investments/companies');
    expect(await screen.findByText(/not found|404/i, undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fund investments' })).not.toBeInTheDocument();
  });
});

describe('a company’s page', { timeout: 30_000 }, () => {
  it('shows its key figures under its tabs, notes, calls and tasks among them', async () => {
    open('/admin/investments/companies/9/details');
    const figures = await screen.findByRole('list', { name: 'Key figures' }, FIRST_RENDER);
    expect(figures).toHaveTextContent('£150,000.30');
    expect(figures).toHaveTextContent('£300,000.60');
    expect(figures).toHaveTextContent('2.01x');
    const tabs = screen.getByRole('navigation', { name: 'Acme Robotics sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin/investments/companies/9/details',
      '/admin/investments/companies/9/key-information',
      '/admin/investments/companies/9/transactions',
      '/admin/investments/companies/9/notes-calls-tasks',
      '/admin/investments/companies/9/maturity-statuses',
    ]);
  });
});

describe('a company’s transactions', { timeout: 30_000 }, () => {
  it('add a transaction from the modal, showing the server’s field error, then sending it again', async () => {
    const { callsTo } = open('/admin/investments/companies/9/transactions', {
      'POST /api/fund-companies/9/transactions': [
        json(422, {
          message: 'The transaction’s date cannot be in the future.',
          errors: { date: ['The transaction’s date cannot be in the future.'] },
        }),
        json(201, {
          data: { ...INVESTMENT, id: 32, kind: 'valuation', amount: null, valuation: '500000.00' },
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: /Transactions of Acme Robotics/ }, FIRST_RENDER);
    expect(within(table).getByRole('row', { name: /Investment/ })).toHaveTextContent('£150,000.30');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add transaction' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Valuation' }));
    // a valuation asks for the holding's value, not an amount
    expect(within(dialog).queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Date/), '2030-01-01');
    await user.type(within(dialog).getByRole('textbox', { name: 'Valuation' }), ' 500000 ');
    await user.click(within(dialog).getByRole('button', { name: 'Add transaction' }));
    expect(
      await within(dialog).findByText('The transaction’s date cannot be in the future.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/fund-companies/9/transactions')[0]?.body).toEqual({
      kind: 'valuation',
      date: '2030-01-01',
      valuation: '500000',
      shares: null,
      note: null,
    });
    await user.clear(within(dialog).getByLabelText(/^Date/));
    await user.type(within(dialog).getByLabelText(/^Date/), '2025-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add transaction' }));
    await waitFor(() => expect(callsTo('POST', '/api/fund-companies/9/transactions')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add transaction' })).not.toBeInTheDocument(),
    );
  });

  it('reverse a transaction with a reason, after saying what it does', async () => {
    const { callsTo } = open('/admin/investments/companies/9/transactions', {
      'POST /api/fund-companies/9/transactions/31/reversals': json(201, {
        data: { ...INVESTMENT, id: 33, amount: '-150000.30', reverses_id: 31, reason: 'Entered twice' },
      }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Reverse the investment of 1 Mar 2024' }, FIRST_RENDER),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the transaction' });
    expect(dialog).toHaveTextContent('Reverse the investment of £150,000.30');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(callsTo('POST', '/api/fund-companies/9/transactions/31/reversals')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/fund-companies/9/transactions/31/reversals')).toHaveLength(1),
    );
    expect(callsTo('POST', '/api/fund-companies/9/transactions/31/reversals')[0]?.body).toEqual({
      reason: 'Entered twice',
    });
  });
});

describe('the fund’s Portfolio tab', { timeout: 30_000 }, () => {
  it('lists the fund’s companies with cost, valuation, ownership and status, and the totals', async () => {
    open('/admin/funds/4/details/portfolio', {
      'GET /api/funds/4/portfolio': json(200, {
        data: {
          fund_id: 4,
          currency: 'GBP',
          companies: [COMPANY, EXITED],
          totals: { cost: '150200.30', realised: '1500.01', valuation: '300000.60', multiple: '2.01' },
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'The fund’s portfolio companies' }, FIRST_RENDER);
    const tabs = screen.getByRole('navigation', { name: 'Portico Ventures II sections' });
    expect(within(tabs).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('aria-current', 'page');
    const acme = within(table).getByRole('row', { name: /Acme Robotics/ });
    expect(acme).toHaveTextContent('12.5000%');
    expect(acme).toHaveTextContent('£150,000.30');
    expect(acme).toHaveTextContent('Active');
    expect(within(table).getByRole('link', { name: 'Acme Robotics' })).toHaveAttribute(
      'href',
      '/admin/investments/companies/9/details',
    );
    expect(within(table).getByRole('row', { name: /Bygone Ltd/ })).toHaveTextContent('Exited');
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('£150,200.30');
    expect(total).toHaveTextContent('£1,500.01');
    expect(total).toHaveTextContent('2.01x');
  });
});
