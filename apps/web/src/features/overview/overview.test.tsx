import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { MoneyCards } from './components/money-cards';
import { OnboardingStates } from './components/onboarding-states';
import { RecentActivity } from './components/recent-activity';

const session = { status: 'authenticated' as const, user: userWithRole(1) };
const render = (ui: React.ReactNode) => renderWithProviders(ui, { path: '/admin', session });

afterEach(() => vi.unstubAllGlobals());

const MONEY = {
  as_of: '2026-11-27',
  year: 2026,
  raised_this_year: [
    { currency: 'EUR', amount: '6000.00' },
    { currency: 'GBP', amount: '2000.20' },
  ],
  raised_total: [{ currency: 'GBP', amount: '3000.30' }],
  live_raises: {
    count: 2,
    committed: [{ currency: 'GBP', amount: '3900.58' }],
    target: [{ currency: 'GBP', amount: '10000.00' }],
  },
  cash_outstanding: {
    count: 2,
    overdue_count: 1,
    outstanding: [{ currency: 'GBP', amount: '2800.40' }],
    overdue: [{ currency: 'GBP', amount: '1800.40' }],
  },
};

describe('the overview’s figures', () => {
  it('shows the money per currency, never added across currencies', async () => {
    mockFetch({ 'GET /api/stats/money': json(200, { data: MONEY }) });
    render(<MoneyCards />);
    const year = await screen.findByRole('region', { name: 'Raised in 2026' });
    expect(year).toHaveTextContent('€6,000.00');
    expect(year).toHaveTextContent('£2,000.20');
    expect(screen.getByRole('region', { name: 'Raised in total' })).toHaveTextContent('£3,000.30');
    expect(screen.getByRole('region', { name: 'Live raises' })).toHaveTextContent(
      '£3,900.58committed across 2 raises, of £10,000.00 target',
    );
    expect(screen.getByRole('region', { name: 'Cash outstanding' })).toHaveTextContent(
      '£1,800.40 overdue on 1 cash call',
    );
  });

  it('keeps the other parts when one fails, with a retry', async () => {
    mockFetch({ 'GET /api/stats/money': json(500, { message: 'Server error' }) });
    render(<MoneyCards />);
    expect(
      await screen.findByText('The money figures could not be loaded', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists investors by onboarding state and the latest activity', async () => {
    mockFetch({
      'GET /api/stats/onboarding': json(200, {
        data: {
          total: 3,
          invested: 1,
          states: [
            { state: 'registered', label: 'Registered (email not verified)', count: 1 },
            { state: 'verified', label: 'Verified: needs categorisation', count: 0 },
            { state: 'categorised', label: 'Categorised: documents to provide', count: 0 },
            { state: 'documents', label: 'Documents sent: steps outstanding', count: 0 },
            { state: 'complete', label: 'Ready to invest', count: 2 },
          ],
        },
      }),
      'GET /api/stats/activity': json(200, {
        data: [
          {
            id: 'audit-9',
            action: 'opportunity.cash_call_issued',
            description: 'Cash call issued',
            subject_type: 'opportunity',
            subject_id: 4,
            actor: { id: 1, name: 'Alex Morgan' },
            created_at: '2026-11-27T10:00:00.000000Z',
          },
        ],
      }),
    });
    render(
      <>
        <OnboardingStates />
        <RecentActivity />
      </>,
    );
    expect(await screen.findByRole('listitem', { name: 'Ready to invest: 2' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Invested: 1' })).toBeInTheDocument();
    expect(await screen.findByText('Cash call issued')).toBeInTheDocument();
    expect(screen.getByText(/Opportunity · by Alex Morgan/)).toBeInTheDocument();
  });
});
