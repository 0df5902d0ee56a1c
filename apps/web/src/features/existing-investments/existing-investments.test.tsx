import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { ExistingPerformancePage } from './pages/existing-performance-page';
import { ExistingTransactionsPage } from './pages/existing-transactions-page';

const stamp = '2026-01-01T00:00:00.000000Z';
const price = (id: number, effective_on: string, value: string, kind = 'valuation') => ({
  id,
  opportunity_id: 9,
  effective_on,
  price: value,
  kind,
  note: null,
  created_by: { id: 1, name: 'Ada Admin' },
  created_at: stamp,
  updated_at: stamp,
  replaced_at: null as string | null,
  replaced_by: null as { id: number; name: string } | null,
  superseded_by_id: null as number | null,
});
/** a mistaken 2.50 for 2025-06-30, corrected by price 2 (prices are append-only) */
const corrected = {
  ...price(3, '2025-06-30', '2.500000'),
  replaced_at: '2026-01-02T09:30:00.000000Z',
  replaced_by: { id: 1, name: 'Ada Admin' },
  superseded_by_id: 2,
};
const PERFORMANCE = {
  currency: 'GBP',
  price: '1.500000',
  price_date: '2025-06-30',
  shares: '4000.000000',
  invested: '4000.00',
  value: '6000.00',
  realised: '0.00',
  moic: '1.50',
  prices: [price(1, '2024-01-10', '1.000000', 'round'), corrected, price(2, '2025-06-30', '1.500000')],
};
const TRANSACTIONS = [
  {
    id: 1,
    opportunity_id: 9,
    investor: { id: 50, name: 'Hana Holder' },
    kind: 'allotment',
    occurred_on: '2024-01-10',
    shares: '3000.000000',
    amount: '3000.00',
    price: '1.000000',
    share_class: null,
    note: null,
    created_at: stamp,
  },
];

afterEach(() => vi.unstubAllGlobals());

/** A tab page at its address under the existing investment 9, signed in with the role. */
function open(
  roleId: 1 | 7 | 10,
  element: React.ReactNode,
  tab: string,
  routes: Record<string, MockReply | MockReply[]>,
) {
  setXsrfCookie('token');
  const mock = mockFetch(routes);
  const view = renderWithProviders(<Navigate to={`/admin/investments/existing/9/details/${tab}`} replace />, {
    path: '/admin',
    session: { status: 'authenticated', user: userWithRole(roleId) },
    routes: [{ path: `/admin/investments/existing/:id/details/${tab}`, element }],
  });
  return { ...mock, ...view };
}

describe('Performance', () => {
  it('shows the holdings value and the prices, newest first', async () => {
    open(1, <ExistingPerformancePage />, 'performance', {
      'GET /api/existing-investments/9/performance': json(200, { data: PERFORMANCE }),
    });
    const table = await screen.findByRole('table', { name: 'Share prices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('£1.50');
    expect(rows[0]).toHaveTextContent('In force');
    // the corrected price stays, with who corrected it, and takes no action
    expect(rows[1]).toHaveTextContent('£2.50');
    expect(rows[1]).toHaveTextContent('Corrected');
    expect(rows[1]).toHaveTextContent('by Ada Admin');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(rows[2]).toHaveTextContent('Round price');
    expect(screen.getByText('£6,000.00')).toBeInTheDocument();
    expect(screen.getByText('1.50×')).toBeInTheDocument();
  });

  it('adds a valuation and shows the server’s one-a-day refusal on the date', async () => {
    const { callsTo } = open(1, <ExistingPerformancePage />, 'performance', {
      'GET /api/existing-investments/9/performance': json(200, { data: PERFORMANCE }),
      'POST /api/existing-investments/9/share-prices': json(422, {
        message: 'This investment already has a share price for that day: change it instead.',
        errors: {
          effective_on: ['This investment already has a share price for that day: change it instead.'],
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add share price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add share price' });
    await user.type(within(dialog).getByLabelText(/Date/), '2025-06-30');
    await user.type(within(dialog).getByLabelText(/Price per share/), '1.75');
    await user.click(within(dialog).getByRole('button', { name: 'Add price' }));
    expect(await within(dialog).findByText(/already has a share price for that day/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/existing-investments/9/share-prices')[0]?.body).toEqual({
      effective_on: '2025-06-30',
      price: '1.75',
      kind: 'valuation',
      note: '',
    });
  });

  it('asks before withdrawing a price, saying it stays in the history', async () => {
    const { callsTo } = open(1, <ExistingPerformancePage />, 'performance', {
      'GET /api/existing-investments/9/performance': json(200, { data: PERFORMANCE }),
      'DELETE /api/existing-investments/9/share-prices/2': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    // newest first: the first row is the 2025-06-30 valuation
    const [actions] = await screen.findAllByRole('button', { name: /^Actions for/ });
    if (!actions) throw new Error('no actions');
    await user.click(actions);
    await user.click(await screen.findByRole('menuitem', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw share price' });
    expect(dialog).toHaveTextContent('It stays in the history as withdrawn');
    expect(callsTo('DELETE', '/api/existing-investments/9/share-prices/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw share price' }));
    await waitFor(() =>
      expect(callsTo('DELETE', '/api/existing-investments/9/share-prices/2')).toHaveLength(1),
    );
  });

  it('corrects a price with a new one, sending only the form', async () => {
    const { callsTo } = open(1, <ExistingPerformancePage />, 'performance', {
      'GET /api/existing-investments/9/performance': json(200, { data: PERFORMANCE }),
      'PATCH /api/existing-investments/9/share-prices/2': json(200, {
        data: { ...price(4, '2025-06-30', '1.450000') },
      }),
    });
    const user = userEvent.setup();
    const [actions] = await screen.findAllByRole('button', { name: /^Actions for/ });
    if (!actions) throw new Error('no actions');
    await user.click(actions);
    await user.click(await screen.findByRole('menuitem', { name: 'Correct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct share price' });
    const input = within(dialog).getByLabelText(/Price per share/);
    await user.clear(input);
    await user.type(input, '1.45');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/existing-investments/9/share-prices/2')[0]?.body).toMatchObject({
        effective_on: '2025-06-30',
        price: '1.45',
      }),
    );
  });

  it('offers no changes to a read-only role, and is the 403 page for the Investment Manager', async () => {
    open(7, <ExistingPerformancePage />, 'performance', {
      'GET /api/existing-investments/9/performance': json(200, { data: PERFORMANCE }),
    });
    await screen.findByRole('table', { name: 'Share prices' });
    // the Custodian may update existing investments
    expect(screen.getByRole('button', { name: 'Add share price' })).toBeInTheDocument();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const { calls } = open(10, <ExistingPerformancePage />, 'performance', {});
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('Transactions', () => {
  it('lists the transactions and records an exit, showing the server’s limit on shares', async () => {
    open(1, <ExistingTransactionsPage />, 'transactions', {
      'GET /api/existing-investments/9/transactions': json(200, { data: TRANSACTIONS }),
      'POST /api/existing-investments/9/transactions': json(422, {
        message: 'Hana Holder holds 3000 shares: an exit cannot sell more.',
        errors: { shares: ['Hana Holder holds 3000 shares: an exit cannot sell more.'] },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('Hana Holder')).toBeInTheDocument();
    expect(within(table).getByText('3,000')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a transaction' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Exit (shares sold)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Investor' }));
    await user.click(await screen.findByRole('option', { name: 'Hana Holder' }));
    await user.type(within(dialog).getByLabelText(/Date/), '2025-07-01');
    await user.type(within(dialog).getByLabelText(/^Shares/), '5000');
    await user.type(within(dialog).getByLabelText(/Proceeds/), '9000');
    await user.click(within(dialog).getByRole('button', { name: 'Record transaction' }));
    expect(
      await within(dialog).findByText('Hana Holder holds 3000 shares: an exit cannot sell more.'),
    ).toBeInTheDocument();
  });
});
