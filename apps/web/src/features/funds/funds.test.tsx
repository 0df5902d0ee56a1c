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
  management_fee_percent: '2.00',
  carried_interest_percent: '20.00',
  hurdle_percent: '8.00',
  tax_relief: 'none',
  status: 2,
  active: 1,
  description: 'Seed and Series A software companies.',
  latest_nav: '31000000.00',
  latest_nav_on: '2026-09-30',
  created_at: '2026-01-10T10:00:00.000000Z',
  updated_at: '2026-10-01T10:00:00.000000Z',
};
const STAFF = { id: 40, name: 'Sam Staff' };
const NAVS = [
  {
    id: 13,
    fund_id: 4,
    nav: '31000000.00',
    effective_on: '2026-09-30',
    note: 'Q3 valuation, corrected',
    created_by: STAFF,
    created_at: '2026-10-05T09:00:00.000000Z',
    replaced_at: null,
    superseded_by_id: null,
  },
  {
    id: 12,
    fund_id: 4,
    nav: '30500000.00',
    effective_on: '2026-09-30',
    note: 'Q3 valuation',
    created_by: STAFF,
    created_at: '2026-10-01T09:00:00.000000Z',
    replaced_at: '2026-10-05T09:00:00.000000Z',
    superseded_by_id: 13,
  },
  {
    id: 11,
    fund_id: 4,
    nav: '27250000.50',
    effective_on: '2026-06-30',
    note: null,
    created_by: null,
    created_at: '2026-07-02T09:00:00.000000Z',
    replaced_at: null,
    superseded_by_id: null,
  },
];

function open(
  path: string,
  roleId: Parameters<typeof userWithRole>[0] = 1,
  routes: Record<string, MockReply | MockReply[]> = {},
  features: Parameters<typeof brandingWithFeatures>[0] = ['funds'],
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40 }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/funds': json(200, paginated([FUND])),
    'GET /api/funds/4': json(200, { data: FUND }),
    'GET /api/funds/4/navs': json(200, { data: NAVS }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/funds-list-page'),
    import('./pages/new-fund-page'),
    import('./pages/fund-record-page'),
    import('./pages/fund-edit-page'),
    import('./components/nav-chart'),
  ]);
}, 60_000);

describe('funds', { timeout: 30_000 }, () => {
  it('are listed with their labels and money, and open on their details', async () => {
    const { router } = open('/admin/funds');
    const link = await screen.findByRole('link', { name: 'Portico Ventures II' }, FIRST_RENDER);
    const table = screen.getByRole('table', { name: 'Funds' });
    const row = within(table).getByRole('row', { name: /Portico Ventures II/ });
    expect(row).toHaveTextContent('Venture capital');
    expect(row).toHaveTextContent('£25,000,000.00');
    expect(row).toHaveTextContent('Live');
    expect(row).toHaveTextContent('Active');
    expect(screen.getByRole('link', { name: 'New fund' })).toHaveAttribute('href', '/admin/funds/new-fund');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Any status')).toHaveAccessibleName('Status');
    expect(screen.getByPlaceholderText('Active or closed')).toHaveAccessibleName('Active');
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).getByRole('link', { name: 'Funds' })).toHaveAttribute('href', '/admin/funds');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/funds/4/details'));
  });

  it('say so when there are none, with the way to add the first', async () => {
    open('/admin/funds', 1, { 'GET /api/funds': json(200, paginated([])) });
    expect(await screen.findByRole('link', { name: 'Add the first fund' }, FIRST_RENDER)).toHaveAttribute(
      'href',
      '/admin/funds/new-fund',
    );
    expect(screen.queryByRole('link', { name: 'Portico Ventures II' })).not.toBeInTheDocument();
  });

  it('offer the Fund Manager no New fund button (spec §6: no create)', async () => {
    open('/admin/funds', 11);
    expect(
      await screen.findByRole('link', { name: 'Portico Ventures II' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New fund' })).not.toBeInTheDocument();
  });

  it('are the 404 page with the funds feature off', async () => {
    open('/admin/funds', 1, {}, []);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('are out of the menu with the funds feature off', async () => {
    open('/admin/settings/security', 1, {}, []);
    const nav = await screen.findByRole('navigation', { name: 'Admin menu' }, FIRST_RENDER);
    expect(within(nav).getByRole('link', { name: 'Investors' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Funds' })).not.toBeInTheDocument();
  });

  it('are created with their terms, a server error showing on its field', async () => {
    const { callsTo, router } = open('/admin/funds/new-fund', 1, {
      'POST /api/funds': [
        json(422, {
          message: 'The target size field must be more than zero.',
          errors: { target_size: ['The target size must be at most the maximum the fund may raise.'] },
        }),
        json(201, { data: { ...FUND, status: 1 } }),
      ],
    });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Name' }, FIRST_RENDER),
      'Portico Ventures II',
    );
    await user.type(screen.getByRole('textbox', { name: 'Vintage' }), '2021');
    await user.type(screen.getByRole('textbox', { name: 'Target size' }), '25000000');
    await user.type(screen.getByRole('textbox', { name: 'Management fee' }), '2');
    await user.click(screen.getByRole('button', { name: 'Add fund' }));
    await waitFor(() => expect(callsTo('POST', '/api/funds')).toHaveLength(1));
    expect(callsTo('POST', '/api/funds')[0]?.body).toEqual({
      name: 'Portico Ventures II',
      currency: 'GBP',
      target_size: '25000000',
      type: 'venture_capital',
      tax_relief: 'none',
      management_fee_percent: '2',
      vintage: 2021,
    });
    const target = screen.getByRole('textbox', { name: 'Target size' });
    await waitFor(() => expect(target).toHaveAttribute('aria-invalid', 'true'));
    expect(target).toHaveAccessibleDescription(
      expect.stringContaining('The target size must be at most the maximum the fund may raise.'),
    );
    await user.click(screen.getByRole('button', { name: 'Add fund' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/funds/4/details'));
  });

  it('show their terms, badges and NAVs, a replaced NAV marked with when', async () => {
    open('/admin/funds/4/details');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Portico Ventures II' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByText('Venture capital · 2021 vintage · GBP')).toBeInTheDocument();
    expect(screen.getAllByText('Live').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    // The fund's tabs (spec §2.1), each under its details.
    const sections = screen.getByRole('navigation', { name: 'Portico Ventures II sections' });
    for (const [tab, path] of [
      ['Transactions', 'transactions'],
      ['Portfolio', 'portfolio'],
      ['Notes, Calls and Tasks', 'notes-calls-tasks'],
    ])
      expect(within(sections).getByRole('link', { name: tab })).toHaveAttribute(
        'href',
        `/admin/funds/4/details/${path}`,
      );
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(terms).toHaveTextContent('£25,000,000.00');
    expect(terms).toHaveTextContent('2.00%');
    expect(terms).toHaveTextContent('20.00%');
    const table = await screen.findByRole('table', { name: 'NAVs of Portico Ventures II, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Current');
    expect(rows[1]).toHaveTextContent('£30,500,000.00');
    expect(rows[1]).toHaveTextContent('Replaced');
    expect(rows[1]).toHaveTextContent(/5 Oct 2026/);
    expect(rows[2]).toHaveTextContent('£27,250,000.50');
    expect(rows[2]).not.toHaveTextContent('Replaced');
    expect(await screen.findByText(/Net asset value over time/)).toHaveTextContent(
      '£27,250,000.50 on 30 Jun 2026, £31,000,000.00 on 30 Sep 2026',
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/funds/4/edit');
  });

  it('open their details from their bare address', async () => {
    const { router } = open('/admin/funds/4');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Portico Ventures II' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/funds/4/details');
  });

  it('record a NAV from the Record NAV dialog', async () => {
    const { callsTo } = open('/admin/funds/4/details', 1, {
      'POST /api/funds/4/navs': json(201, {
        data: { ...NAVS[2], id: 14, nav: '32000000.00', effective_on: '2026-12-31' },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record NAV' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Record NAV' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Date/)).toHaveFocus());
    await user.type(within(dialog).getByLabelText(/^Date/), '2026-12-31');
    await user.type(within(dialog).getByRole('textbox', { name: 'Net asset value' }), ' 32000000 ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Year-end valuation');
    await user.click(within(dialog).getByRole('button', { name: 'Record NAV' }));
    await waitFor(() => expect(callsTo('POST', '/api/funds/4/navs')).toHaveLength(1));
    expect(callsTo('POST', '/api/funds/4/navs')[0]?.body).toEqual({
      date: '2026-12-31',
      nav: '32000000',
      note: 'Year-end valuation',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record NAV' })).not.toBeInTheDocument());
  });

  it('let the Fund Manager record NAVs and edit a fund (spec §6: read, update, delete)', async () => {
    open('/admin/funds/4/details', 11);
    await screen.findByRole('table', { name: 'NAVs of Portico Ventures II, newest first' }, FIRST_RENDER);
    expect(screen.getByRole('button', { name: 'Record NAV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/funds/4/edit');
  });

  it('change their status and active state, and clear a term', async () => {
    const { callsTo, router } = open('/admin/funds/4/edit', 1, {
      'PATCH /api/funds/4': json(200, { data: { ...FUND, status: 1, active: 0, hurdle_percent: null } }),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Fund terms' }, FIRST_RENDER);
    await user.click(within(form).getByRole('radio', { name: 'Draft' }));
    await user.click(within(form).getByRole('radio', { name: 'Closed' }));
    await user.clear(within(form).getByRole('textbox', { name: 'Hurdle' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/funds/4')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/funds/4')[0]?.body).toEqual({ hurdle_percent: null, status: 1, active: 0 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/funds/4/details'));
  });

  it('show the server reason when a delete is refused', async () => {
    const { callsTo } = open('/admin/funds/4/edit', 1, {
      'DELETE /api/funds/4': json(422, {
        message: 'This fund has 2 NAVs: it cannot be deleted. Close it instead (set it to Closed).',
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Portico Ventures II' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/funds/4')).toHaveLength(1));
    expect(await within(dialog).findByText(/This fund has 2 NAVs: it cannot be deleted/)).toBeInTheDocument();
  });
});
