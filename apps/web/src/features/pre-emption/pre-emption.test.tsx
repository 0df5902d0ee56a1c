import type { PreEmptionHolder, PreEmptionRound } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, opportunityFixture, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const OPPORTUNITY = opportunityFixture({
  id: 7,
  slug: 'harbour-lane-series-a',
  name: 'Harbour Lane – Series A',
  company_name: 'Harbour Lane Ltd',
  summary: 'A second roastery.',
  target_amount: '150000.00',
  maximum_amount: '10000.00',
  minimum_investment: '100.00',
  committed_amount: '0.00',
  share_price: '1.500000',
  closing_date: '2031-03-31',
  pipeline_deal_id: null,
  published_at: '2026-01-01T10:00:00.000000Z',
  created_at: '2026-01-01T10:00:00.000000Z',
  updated_at: '2026-01-01T10:00:00.000000Z',
  description: '<p>About</p>',
  key_points: [],
});

const holder = (overrides: Partial<PreEmptionHolder>): PreEmptionHolder => ({
  user: { id: 9, name: 'Sam Small', email: 'sam@example.test' },
  shares: '250.000000',
  percent: '25.00',
  entitlement_shares: '1666',
  entitlement: '2499.00',
  choice: 5,
  choice_label: 'Awaiting',
  amount: null,
  committed: '0.00',
  decided_by: null,
  decided_at: null,
  ...overrides,
});

const ROUND = (holders: PreEmptionHolder[]): { data: PreEmptionRound } => ({
  data: {
    opportunity: { id: 7, name: 'Harbour Lane – Series A', status: 2 },
    existing_investment: { id: 3, name: 'Harbour Lane Coffee' },
    opens_on: '2026-11-26',
    ends_on: '2026-12-17',
    open: true,
    holders,
    off_platform: [],
    totals: {
      shares: '1000.000000',
      pre_emptive_shares: '1000.000000',
      entitlement: '9999.00',
      off_platform_entitlement: '0.00',
      outstanding: '9999.00',
      by_choice: { 5: 2 },
    },
  },
});

function open(routes: Record<string, MockReply | MockReply[]>) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(1, { id: 40, name: 'Alex Morgan' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
    'GET /api/opportunities/7': json(200, { data: OPPORTUNITY }),
    ...routes,
  });
  return { ...mock, ...renderApp('/admin/investments/opportunities/7/pre-emption') };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('../opportunities/pages/opportunity-record-page'),
    import('./pages/opportunity-pre-emption-page'),
  ]);
}, 60_000);

describe('the opportunity’s Pre-emption tab', { timeout: 60_000 }, () => {
  it('lists the holders with entitlement and choice, and records a choice through its dialog', async () => {
    const large = holder({
      user: { id: 10, name: 'Lara Large', email: 'lara@example.test' },
      shares: '750.000000',
      entitlement_shares: '5000',
      entitlement: '7500.00',
    });
    let saved = false;
    const { callsTo } = open({
      'GET /api/opportunities/7/pre-emption': () =>
        json(200, ROUND([holder({}), saved ? { ...large, choice: 1, choice_label: 'Don’t take' } : large])),
      'PUT /api/opportunities/7/pre-emption/10': () => {
        saved = true;
        return json(200, ROUND([holder({}), { ...large, choice: 1 }]));
      },
    });
    const table = await screen.findByRole('table', { name: 'Holders' }, { timeout: 15_000 });
    expect(within(table).getByRole('link', { name: 'Sam Small' })).toHaveAttribute(
      'href',
      '/admin/investors/9/details',
    );
    expect(within(table).getByText(/^£2,499(\.00)?$/)).toBeInTheDocument();
    expect(within(table).getAllByText('Awaiting')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Harbour Lane Coffee' })).toHaveAttribute(
      'href',
      '/admin/investments/existing/3/details',
    );

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Record Lara Large’s choice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lara Large’s pre-emption choice' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Choice' }));
    await user.click(await screen.findByRole('option', { name: 'Don’t take' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record choice' }));
    await waitFor(() => expect(callsTo('PUT', '/api/opportunities/7/pre-emption/10')).toHaveLength(1));
    expect(callsTo('PUT', '/api/opportunities/7/pre-emption/10')[0]?.body).toEqual({ choice: 1 });
    expect(await within(table).findByText('Don’t take')).toBeInTheDocument();
  });

  it('offers to open pre-emption on an opportunity that is no round yet', async () => {
    const { callsTo } = open({
      'GET /api/opportunities/7/pre-emption': json(404, { message: 'Not a round.' }),
      'GET /api/opportunities': json(200, { data: [{ id: 3, name: 'Harbour Lane Coffee' }] }),
    });
    expect(
      await screen.findByRole('button', { name: 'Open pre-emption' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo('GET', '/api/opportunities')[0]?.path).toContain('filter[status]=5,6'),
    );
  });
});
