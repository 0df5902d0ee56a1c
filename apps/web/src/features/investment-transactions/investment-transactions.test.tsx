import type { RoleId, StaffInvestment } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import {
  brandingWithFeatures,
  buildBranding,
  opportunityFixture,
  userWithRole,
} from '../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../testing/render';
import { CashCallModal, PaymentModal } from './components/money-dialogs';

const FIRST_RENDER = { timeout: 15_000 };

const OPPORTUNITY = opportunityFixture({
  id: 7,
  slug: 'northwind-hydrogen',
  name: 'Northwind Hydrogen',
  company_name: 'Northwind Hydrogen Ltd',
  summary: 'Green hydrogen for ports.',
  target_amount: '1500000.00',
  maximum_amount: '2000000.00',
  minimum_investment: '5000.00',
  committed_amount: '7500.00',
  closing_date: '2031-03-31',
  pipeline_deal_id: null,
  published_at: '2026-01-01T10:00:00.000000Z',
  created_at: '2026-01-01T10:00:00.000000Z',
  updated_at: '2026-01-01T10:00:00.000000Z',
  description: '<p>About</p>',
  key_points: [],
});

const investment = (overrides: Partial<StaffInvestment>): StaffInvestment => ({
  id: 1,
  opportunity: { id: 7, name: 'Northwind Hydrogen', stage: 2 },
  investor: { id: 9, name: 'Olivia Carter', email: 'investor@portico.test' },
  holding: { type: 'self', id: null, name: 'Olivia Carter' },
  amount: '5000.00',
  shares: '4000.000000',
  paid_amount: '0.00',
  status: 'reserved',
  type: 'platform',
  payment_reference: 'P7-000001',
  invested_on: null,
  due_date: null,
  called_at: null,
  paid_at: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: null,
  refunded_at: null,
  note: null,
  created_at: '2026-11-20T10:00:00.000000Z',
  ...overrides,
});

const RESERVED = investment({});
const CALLED = investment({
  id: 2,
  investor: { id: 10, name: 'Sam Patel', email: 'sam@example.test' },
  holding: { type: 'organisation', id: 3, name: 'Patel Family Holdings' },
  amount: '2500.00',
  shares: '2000.000000',
  paid_amount: '1000.00',
  payment_reference: 'P7-000002',
  status: 'awaiting_payment',
  due_date: '2026-12-10',
});
const LIST = {
  data: [RESERVED, CALLED],
  totals: { count: 2, committed: '7500.00', called: '2500.00', received: '1000.00' },
};
const BANK = {
  data: {
    hidden: false,
    international: false,
    bank_account_name: 'Northwind Client Account',
    bank_sort_code: '123456',
    bank_account_number: '12345678',
    bank_iban: null,
    bank_swift: null,
  },
};

function open(role: RoleId, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(role, { id: 40, name: 'Alex Morgan' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
    'GET /api/opportunities/7': json(200, { data: OPPORTUNITY }),
    'GET /api/opportunities/7/investments': json(200, LIST),
    'GET /api/opportunities/7/investments?filter[status]=reserved': json(200, {
      data: [RESERVED],
      totals: LIST.totals,
    }),
    'GET /api/opportunities/7/bank-details': json(200, BANK),
    ...routes,
  });
  return { ...mock, ...renderApp('/admin/investments/opportunities/7/transactions') };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('../opportunities/pages/opportunity-record-page'),
    import('./pages/opportunity-transactions-page'),
  ]);
}, 60_000);

describe('the opportunity’s Transactions tab', { timeout: 60_000 }, () => {
  it('lists each investment with its investor, holding, money, state and reference, and the totals', async () => {
    open(1);
    const table = await screen.findByRole('table', { name: 'Investments' }, FIRST_RENDER);
    expect(await within(table).findByRole('link', { name: 'Olivia Carter' })).toHaveAttribute(
      'href',
      '/admin/investors/9/details',
    );
    // staff words, not the investor's allocation labels (decision 019)
    expect(within(table).getByText('Reserved')).toBeInTheDocument();
    expect(screen.queryByText('My Reserved Allocations')).not.toBeInTheDocument();
    expect(within(table).getByText('Called')).toBeInTheDocument();
    expect(within(table).getByText('Held through Patel Family Holdings (organisation)')).toBeInTheDocument();
    expect(within(table).getByText('4,000 shares')).toBeInTheDocument();
    expect(within(table).getByText('Ref. P7-000001')).toBeInTheDocument();
    // every fact in five columns, so the table fits 1280 px without scrolling sideways
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Investor', 'Amount', 'State', 'Dates', 'Actions']);
    expect(within(table).getAllByText(/ paid$/).length).toBeGreaterThan(0);
    expect(within(table).getByText('Due 10 Dec 2026')).toBeInTheDocument();
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('£7,500.00')).toBeInTheDocument();
    expect(within(totals).getByText('£1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transactions', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByText('Northwind Client Account')).toBeInTheDocument();
  });

  it('filters by state', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(1);
    await screen.findByRole('table', { name: 'Investments' }, FIRST_RENDER);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Reserved' }));
    await waitFor(() =>
      expect(
        callsTo('GET', '/api/opportunities/7/investments').some((call) =>
          decodeURIComponent(call.path).includes('filter[status]=reserved'),
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('1 investment of 2')).toBeInTheDocument();
  });

  it('offers staff with the cash_calls resource a cash call and payments; others only the list', async () => {
    open(10);
    const table = await screen.findByRole('table', { name: 'Investments' }, FIRST_RENDER);
    await within(table).findByText('Olivia Carter');
    expect(screen.queryByRole('button', { name: 'Issue cash call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record manual investment' })).not.toBeInTheDocument();
    // they may read each investment's money, and nothing more
    const user = userEvent.setup();
    const [menu] = within(table).getAllByRole('button', { name: /Actions for/ });
    if (!menu) throw new Error('no actions');
    await user.click(menu);
    expect(await screen.findByRole('menuitem', { name: 'Money and ledger' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Book payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancel investment' })).not.toBeInTheDocument();
  });

  it('cancels an investment after asking why', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(1, {
      'POST /api/investments/2/cancel': json(200, {
        data: { ...CALLED, status: 'cancelled', cancel_reason: 'Changed their mind' },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Investments' }, FIRST_RENDER);
    await user.click(
      await within(table).findByRole('button', { name: 'Actions for Sam Patel’s investment' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel investment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the investment' });
    expect(within(dialog).getByText(/£1,000.00 has been received/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel investment' }));
    expect(await within(dialog).findByText('Say why the investment is cancelled.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/investments/2/cancel')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Changed their mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel investment' }));
    await waitFor(() => expect(callsTo('POST', '/api/investments/2/cancel')).toHaveLength(1));
    expect(callsTo('POST', '/api/investments/2/cancel')[0]?.body).toEqual({ reason: 'Changed their mind' });
  });
});

describe('the money dialogs', () => {
  const render = (ui: React.ReactNode) =>
    renderWithProviders(ui, {
      session: { status: 'authenticated', user: userWithRole(1) },
      branding: buildBranding(),
    });

  it('books a payment, saying an excess will be held unallocated, with an Idempotency-Key', async () => {
    setXsrfCookie('token');
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'POST /api/investments/2/payments': json(201, {
        data: {
          investment: { ...CALLED, status: 'paid', paid_amount: '2500.00' },
          payments: [],
          unallocated: '0.00',
        },
      }),
    });
    const onClose = vi.fn();
    render(<PaymentModal investment={CALLED} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    expect(within(dialog).getByText(/£1,500.00 still due/)).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount received (£)' });
    expect(amount).toHaveValue('1500.00');
    await user.clear(amount);
    await user.type(amount, '1500.01');
    expect(
      await within(dialog).findByText(
        /£0.01 is more than is due: it will be held as the investor’s unallocated money/,
      ),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'FPS 42');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo('POST', '/api/investments/2/payments');
    expect(call?.body).toMatchObject({ amount: '1500', reference: 'FPS 42' });
    expect(call?.headers['idempotency-key'] ?? call?.headers['Idempotency-Key']).toEqual(expect.any(String));
  });

  it('issues a cash call to the reserved investments chosen, and shows the server’s refusal', async () => {
    setXsrfCookie('token');
    const user = userEvent.setup();
    const other = investment({ id: 3, investor: { id: 11, name: 'Lee Wong', email: 'lee@example.test' } });
    const { callsTo } = mockFetch({
      'GET /api/opportunities/7/bank-details': json(200, {
        data: { ...BANK.data, bank_account_number: null },
      }),
      'POST /api/opportunities/7/cash-calls': [
        json(422, {
          message: 'The due date cannot be in the past.',
          errors: { due_date: ['The due date cannot be in the past.'] },
        }),
        json(201, {
          data: {
            id: 5,
            opportunity_id: 7,
            due_date: '2031-01-01',
            message: null,
            investment_ids: [1],
            amount: '5000.00',
            created_at: '2026-11-20T10:00:00.000000Z',
          },
        }),
      ],
    });
    const onClose = vi.fn();
    render(<CashCallModal opened onClose={onClose} opportunityId={7} reserved={[RESERVED, other]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Issue a cash call' });
    expect(await within(dialog).findByText(/No bank details are set/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lee Wong: £5,000.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue cash call' }));
    expect(await within(dialog).findByText('The due date cannot be in the past.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue cash call' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = callsTo('POST', '/api/opportunities/7/cash-calls');
    expect(calls[1]?.body).toMatchObject({ investment_ids: [1] });
  });
});
