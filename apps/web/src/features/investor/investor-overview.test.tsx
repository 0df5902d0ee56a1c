import type { InvestorOverview, NewsItem, OnboardingStep, ProfileOnboarding } from '@portico/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hang, json, mockFetch, type MockReply } from '../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../testing/fixtures';
import { formatMoney } from '../../lib/money';
import { renderWithProviders } from '../../testing/render';
import { InvestorOverviewPage } from './pages/investor-overview-page';

const session = { status: 'authenticated' as const, user: userWithRole(5, { name: 'Ivy Investor' }) };

const step = (key: OnboardingStep['key'], label: string, state: OnboardingStep['state']): OnboardingStep => ({
  key,
  label,
  state,
  detail: `${label} detail.`,
  path: `/investor/profile/${key}`,
  required: true,
});
const DONE: ProfileOnboarding = {
  ready_to_invest: true,
  steps: [step('email', 'Verify your email address', 'done'), step('terms', 'Terms and conditions', 'done')],
};
const STEPS_LEFT: ProfileOnboarding = {
  ready_to_invest: false,
  steps: [step('email', 'Verify your email address', 'done'), step('documents', 'Documents', 'to_do')],
};

const NOTHING: InvestorOverview = {
  cash_calls: [],
  pre_emptions: [],
  cooling_off: null,
  portfolio: { holdings: 0, totals_by_currency: [] },
};

const CASH_CALL: InvestorOverview['cash_calls'][number] = {
  investment_id: 31,
  opportunity: {
    id: 7,
    slug: 'acme-robotics',
    name: 'Acme Robotics Seed',
    company_name: 'Acme Robotics Ltd',
    currency: 'GBP',
  },
  amount: '50000.00',
  paid_amount: '0.00',
  outstanding: '50000.00',
  due_date: '2026-12-11',
  message: null,
  payment_reference: 'PTC-7-31',
  bank_details: { account_name: 'Acme Client Account', sort_code: '123456', account_number: '12345678' },
};

const figures = (invested: string, value: string) => ({
  invested,
  value,
  realised: '0.00',
  unrealised: '0.00',
  moic: null,
  xirr: null,
  return_rate: null,
  return_basis: 'cumulative' as const,
});

const news = (id: number, title: string, read: boolean): NewsItem => ({
  id,
  title,
  body: '',
  excerpt: `${title} excerpt.`,
  opportunity: id === 1 ? { id: 7, name: 'Acme Robotics Seed' } : null,
  published_at: '2026-11-20T10:00:00.000000Z',
  version: 1,
  corrected_at: null,
  attachments: [],
  read_at: read ? '2026-11-21T10:00:00.000000Z' : null,
});

function open(routes: Record<string, MockReply | MockReply[]>) {
  const mock = mockFetch({
    'GET /api/profile/onboarding': json(200, { data: DONE }),
    'GET /api/profile/news': json(404, { message: 'Not Found' }),
    ...routes,
  });
  renderWithProviders(<InvestorOverviewPage />, { path: '/investor', session, branding: buildBranding() });
  return mock;
}

afterEach(() => vi.unstubAllGlobals());

describe('InvestorOverviewPage', { timeout: 30_000 }, () => {
  it('puts a cash call first, with amount, due date, bank details and reference to copy', async () => {
    open({ 'GET /api/profile/overview': json(200, { data: { ...NOTHING, cash_calls: [CASH_CALL] } }) });
    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    const call = await within(attention).findByRole('article', {
      name: 'Please pay £50,000.00 by 11 Dec 2026',
    });
    expect(within(call).getByRole('link', { name: 'Acme Robotics Seed' })).toHaveAttribute(
      'href',
      '/investor/investments/acme-robotics',
    );
    expect(within(call).getByText('PTC-7-31')).toBeInTheDocument();
    expect(within(call).getByText('12-34-56')).toBeInTheDocument();
    for (const name of ['payment reference', 'account name', 'sort code', 'account number'])
      expect(within(call).getByRole('button', { name: `Copy ${name}` })).toBeInTheDocument();
    // the onboarding is done: no checklist, and no news section while the server has none (404)
    expect(await screen.findByRole('region', { name: 'How you are doing' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Latest news/ })).not.toBeInTheDocument();
  });

  it('shows no bank details or reference when the platform hides them', async () => {
    open({
      'GET /api/profile/overview': json(200, {
        data: { ...NOTHING, cash_calls: [{ ...CASH_CALL, bank_details: null, payment_reference: null }] },
      }),
    });
    const call = await screen.findByRole('article', { name: /Please pay £50,000\.00/ });
    expect(within(call).queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
    expect(within(call).queryByText('Sort code')).not.toBeInTheDocument();
  });

  it('lists pre-emption choices with their deadline and the cooling-off with the time left', async () => {
    open({
      'GET /api/profile/overview': json(200, {
        data: {
          ...NOTHING,
          pre_emptions: [
            {
              opportunity: { id: 9, slug: 'acme-series-a', name: 'Acme Series A', currency: 'GBP' },
              existing_investment: { id: 7, name: 'Acme Robotics Seed' },
              ends_on: '2026-12-18',
              entitlement: '2499.00',
            },
          ],
          cooling_off: { ends_at: '2026-11-28T10:00:00.000000Z', seconds_left: 7500, opportunity_id: 9 },
        },
      }),
    });
    const right = await screen.findByRole('article', { name: 'Your pre-emption right in Acme Series A' });
    expect(within(right).getByText('Choose by 18 Dec 2026')).toBeInTheDocument();
    expect(within(right).getByText(/your entitlement is £2,499\.00/)).toBeInTheDocument();
    expect(within(right).getByRole('link', { name: 'Make your choice on Acme Series A' })).toHaveAttribute(
      'href',
      '/investor/investments/acme-series-a',
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Time left: 2 h 05 min');
  });

  it('shows the steps left while onboarding is not done, and the empty states', async () => {
    open({
      'GET /api/profile/onboarding': json(200, { data: STEPS_LEFT }),
      'GET /api/profile/overview': json(200, { data: NOTHING }),
      'GET /api/profile/news': json(200, { data: [] }),
    });
    expect(await screen.findByText('Nothing needs you right now.')).toBeInTheDocument();
    const checklist = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(checklist).findByText('1 of 2 steps done')).toBeInTheDocument();
    expect(screen.getByText(/You hold no investments yet/)).toBeInTheDocument();
    const latest = await screen.findByRole('region', { name: 'Latest news' });
    expect(await within(latest).findByText('No news yet.')).toBeInTheDocument();
  });

  it('gives the totals per currency and the three newest news items with unread marks', async () => {
    open({
      'GET /api/profile/overview': json(200, {
        data: {
          ...NOTHING,
          portfolio: {
            holdings: 3,
            totals_by_currency: [
              { currency: 'GBP', ...figures('2000.00', '3600.00') },
              { currency: 'USD', ...figures('2500.00', '2400.00') },
            ],
          },
        },
      }),
      'GET /api/profile/news': json(200, {
        data: [
          news(1, 'Acme hits its target', false),
          news(2, 'Platform news', true),
          news(3, 'Third', true),
        ],
        meta: { current_page: 1, per_page: 3, total: 5 },
      }),
    });
    const totals = await screen.findByRole('region', { name: 'How you are doing' });
    const pounds = await within(totals).findByRole('group', { name: 'Totals in GBP' });
    expect(within(pounds).getByText('£2,000.00')).toBeInTheDocument();
    expect(within(pounds).getByText('£3,600.00')).toBeInTheDocument();
    const dollars = within(totals).getByRole('group', { name: 'Totals in USD' });
    expect(within(dollars).getByText(formatMoney('2500.00', 'USD'))).toBeInTheDocument();
    expect(within(totals).getByRole('link', { name: 'View your portfolio' })).toHaveAttribute(
      'href',
      '/investor/portfolio',
    );
    const latest = await screen.findByRole('region', { name: 'Latest news' });
    const items = await within(latest).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('Unread')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(latest).getByRole('link', { name: 'Acme hits its target' })).toHaveAttribute(
      'href',
      '/investor/news/reports/1',
    );
    expect(within(latest).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/investor/news');
  });

  it('shows a loading state while the overview is on its way', async () => {
    open({ 'GET /api/profile/overview': (request) => hang(request) });
    expect(await screen.findByLabelText('Loading what needs your attention')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading your totals')).toBeInTheDocument();
  });

  it('says when the overview cannot be loaded, and tries again', async () => {
    const { callsTo } = open({
      'GET /api/profile/overview': [json(500, { message: 'Server Error' }), json(200, { data: NOTHING })],
    });
    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(
      await within(attention).findByText('What needs your attention could not be loaded.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(attention).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing needs you right now.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/profile/overview')).toHaveLength(2);
  });
});
