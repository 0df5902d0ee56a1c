import type { FeatureKey, RoleId } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, opportunityFixture, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

/* Fund opportunities (issue 20): the opportunity form's Fund choice and the fund's opportunities. */

const FIRST_RENDER = { timeout: 15_000 };

/** Puts text into a field at once: typing it key by key is slow in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const FUND = {
  id: 4,
  name: 'Euro Growth Fund',
  type: 'venture_capital',
  vintage: 2026,
  currency: 'EUR',
  target_size: '25000000.00',
  management_fee_percent: '2.00',
  carried_interest_percent: '20.00',
  hurdle_percent: null,
  tax_relief: 'none',
  status: 2,
  active: 1,
  description: null,
  latest_nav: null,
  latest_nav_on: null,
  created_at: '2026-01-10T10:00:00.000000Z',
  updated_at: '2026-01-10T10:00:00.000000Z',
};
const OTHER_FUND = { ...FUND, id: 5, name: 'Sterling Seed Fund', currency: 'GBP' };

/** A draft raising for the fund (its edit page is the draft's page). */
const FUND_DRAFT = opportunityFixture({
  id: 7,
  name: 'Euro Growth Fund – first close',
  company_name: 'Euro Growth Fund LP',
  status: 1,
  stage: 1,
  currency: 'EUR',
  fund_id: 4,
  fund_name: 'Euro Growth Fund',
  published_at: null,
});

function open(
  path: string,
  {
    role = 11,
    features = ['funds'],
    routes = {},
  }: { role?: RoleId; features?: FeatureKey[]; routes?: Record<string, MockReply | MockReply[]> } = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(role, { id: 40, name: 'Alex Morgan' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/funds': json(200, paginated([FUND, OTHER_FUND])),
    'GET /api/funds/4': json(200, { data: FUND }),
    'GET /api/funds/4/navs': json(200, { data: [] }),
    'GET /api/industries': json(200, paginated([])),
    'GET /api/investment-types': json(200, paginated([])),
    'GET /api/opportunities/7': json(200, { data: FUND_DRAFT }),
    'GET /api/opportunities/7/documents': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/new-opportunity-page'),
    import('./pages/opportunity-record-page'),
    import('./pages/opportunity-edit-page'),
    import('../funds/pages/fund-record-page'),
  ]);
}, 60_000);

describe('fund opportunities', { timeout: 60_000 }, () => {
  it('start from ?fund= with the fund chosen in its currency; None clears it and a fund is sent as fund_id', async () => {
    const { callsTo, router } = open('/admin/investments/opportunities/new-opportunity?fund=4', {
      routes: { 'POST /api/opportunities': json(201, { data: FUND_DRAFT }) },
    });
    expect(
      await screen.findByRole('heading', { name: 'New fund opportunity' }, FIRST_RENDER),
    ).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'New opportunity' });
    const fund = within(form).getByRole('combobox', { name: 'Fund' });
    await waitFor(() => expect(fund).toHaveValue('Euro Growth Fund'));
    expect(within(form).getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR – Euro');

    const user = userEvent.setup();
    await user.click(fund);
    await user.click(await screen.findByRole('option', { name: 'None' }));
    expect(fund).toHaveValue('None');
    // Another fund: the new draft follows its currency.
    await user.click(fund);
    await user.click(await screen.findByRole('option', { name: 'Sterling Seed Fund' }));
    expect(within(form).getByRole('combobox', { name: 'Currency' })).toHaveValue('GBP – British Pound');
    await user.click(fund);
    await user.click(await screen.findByRole('option', { name: 'Euro Growth Fund' }));
    expect(within(form).getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR – Euro');

    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Euro Growth Fund – first close');
    await fill(user, within(form).getByRole('textbox', { name: 'Company' }), 'Euro Growth Fund LP');
    await fill(user, within(form).getByRole('textbox', { name: 'Target raise' }), '500000');
    await fill(user, within(form).getByRole('textbox', { name: 'Maximum raise' }), '600000');
    await fill(user, within(form).getByRole('textbox', { name: 'Minimum investment' }), '1000');
    await fill(user, within(form).getByRole('textbox', { name: 'Share price' }), '1');
    await user.click(within(form).getByRole('combobox', { name: 'Tax relief' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await fill(user, within(form).getByLabelText(/Closing date/), '2031-03-31');
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(callsTo('POST', '/api/opportunities')).toHaveLength(1));
    expect(callsTo('POST', '/api/opportunities')[0]?.body).toMatchObject({
      name: 'Euro Growth Fund – first close',
      currency: 'EUR',
      fund_id: 4,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investments/opportunities/7/edit'),
    );
  });

  it('offer no Fund choice with the funds feature off, nor funds to a role without funds_opportunity', async () => {
    const off = open('/admin/investments/opportunities/new-opportunity?fund=4', { features: [] });
    const form = await screen.findByRole('form', { name: 'New opportunity' }, FIRST_RENDER);
    expect(screen.getByRole('heading', { name: 'New opportunity' })).toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: 'Fund' })).not.toBeInTheDocument();
    expect(off.callsTo('GET', '/api/funds')).toHaveLength(0);
    off.unmount();

    // The Entrepreneur edits ordinary opportunities but has no funds_opportunity (spec §6).
    const entrepreneur = open('/admin/investments/opportunities/7/edit', {
      role: 2,
      routes: {
        'GET /api/opportunities/7': json(200, {
          data: { ...FUND_DRAFT, fund_id: null, fund_name: null },
        }),
      },
    });
    const details = await screen.findByRole('form', { name: 'Opportunity details' }, FIRST_RENDER);
    expect(within(details).queryByRole('combobox', { name: 'Fund' })).not.toBeInTheDocument();
    expect(entrepreneur.callsTo('GET', '/api/funds')).toHaveLength(0);
  });

  it('say what a fund opportunity raises for, and clear its fund with None', async () => {
    const { callsTo } = open('/admin/investments/opportunities/7/edit', {
      routes: {
        'PATCH /api/opportunities/7': json(200, {
          data: { ...FUND_DRAFT, fund_id: null, fund_name: null },
        }),
      },
    });
    const link = await screen.findByRole('link', { name: 'Euro Growth Fund' }, FIRST_RENDER);
    expect(link).toHaveAttribute('href', '/admin/funds/4/details');
    expect(link.parentElement).toHaveTextContent('Raising for Euro Growth Fund');
    const form = await screen.findByRole('form', { name: 'Opportunity details' });
    const fund = within(form).getByRole('combobox', { name: 'Fund' });
    await waitFor(() => expect(fund).toHaveValue('Euro Growth Fund'));
    const user = userEvent.setup();
    await user.click(fund);
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/opportunities/7')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/opportunities/7')[0]?.body).toEqual({ fund_id: null });
  });

  it('are listed on the fund’s page with status, committed amount and link, and started from there', async () => {
    const { callsTo } = open('/admin/funds/4/details', {
      routes: {
        'GET /api/opportunities': json(
          200,
          paginated([
            {
              id: 8,
              name: 'Euro Growth – second close',
              status: 2,
              stage: 2,
              currency: 'EUR',
              committed_amount: '125000.50',
            },
            {
              id: 7,
              name: 'Euro Growth – first close',
              status: 5,
              stage: 5,
              currency: 'EUR',
              committed_amount: '900000.00',
            },
          ]),
        ),
      },
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Opportunities raising for Euro Growth Fund, newest first' },
      FIRST_RENDER,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'Euro Growth – second close' }),
    ).toHaveAttribute('href', '/admin/investments/opportunities/8/details');
    expect(rows[0]).toHaveTextContent('Live - External');
    expect(rows[0]).toHaveTextContent('€125,000.50');
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: 'Euro Growth – first close' }),
    ).toHaveAttribute('href', '/admin/investments/existing/7/details');
    expect(rows[1]).toHaveTextContent('€900,000.00');
    const query = decodeURIComponent(callsTo('GET', '/api/opportunities')[0]?.path ?? '');
    expect(query).toContain('filter[fund]=4');
    expect(screen.getByRole('link', { name: 'New fund opportunity' })).toHaveAttribute(
      'href',
      '/admin/investments/opportunities/new-opportunity?fund=4',
    );
  });

  it('say so on the fund’s page when none raises for it', async () => {
    open('/admin/funds/4/details', {
      role: 1,
      routes: { 'GET /api/opportunities': json(200, paginated([])) },
    });
    expect(
      await screen.findByText(/No opportunity raises for this fund yet/, undefined, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New fund opportunity' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Opportunities raising for/ })).not.toBeInTheDocument();
  });
});
