import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PATH = '/admin/funds/4/details/transactions';

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
  description: null,
  latest_nav: '270000.00',
  latest_nav_on: '2026-09-30',
  created_at: '2026-01-10T10:00:00.000000Z',
  updated_at: '2026-10-01T10:00:00.000000Z',
};
const STAFF = { id: 40, name: 'Sam Staff' };

const measures = (overrides: Record<string, string | null> = {}) => ({
  committed: '0.00',
  called: '0.00',
  uncalled: '0.00',
  paid_in: '0.00',
  distributed: '0.00',
  fees: '0.00',
  value: '0.00',
  dpi: null,
  rvpi: null,
  tvpi: null,
  irr: null,
  ...overrides,
});

/** Three commitments; the third has only £1,000.00 left to call, so a call is capped on it. */
const COMMITMENTS = [
  {
    ...measures({
      committed: '66666.67',
      called: '20000.00',
      uncalled: '46666.67',
      paid_in: '20000.00',
      value: '30000.00',
      tvpi: '1.50',
    }),
    investment_id: 22,
    investor: { id: 8, name: 'Ben Adams' },
    opportunity_id: 3,
    status: 'paid',
    payment_reference: 'PV2-0022',
  },
  {
    ...measures({
      committed: '100000.00',
      called: '30000.00',
      uncalled: '70000.00',
      paid_in: '25000.00',
      value: '37500.00',
      tvpi: '1.50',
    }),
    investment_id: 21,
    investor: { id: 7, name: 'Olivia Carter' },
    opportunity_id: 3,
    status: 'awaiting_payment',
    payment_reference: 'PV2-0021',
  },
  {
    ...measures({
      committed: '33333.33',
      called: '32333.33',
      uncalled: '1000.00',
      paid_in: '32333.33',
      value: '48500.00',
      tvpi: '1.50',
    }),
    investment_id: 23,
    investor: { id: 9, name: 'Chloe Davies' },
    opportunity_id: 3,
    status: 'paid',
    payment_reference: null,
  },
];

const KPIS = {
  fund_id: 4,
  currency: 'GBP',
  as_of: '2026-11-27',
  nav_on: '2026-09-30',
  fund: measures({
    committed: '200000.00',
    called: '82333.33',
    uncalled: '117666.67',
    paid_in: '77333.33',
    distributed: '12000.00',
    fees: '1500.50',
    value: '116000.00',
    dpi: '0.16',
    rvpi: '1.50',
    tvpi: '1.35',
    irr: '0.125000',
  }),
  commitments: COMMITMENTS,
};

const CALL = {
  id: 31,
  fund_id: 4,
  percent: '10.00',
  total: '20000.00',
  due_date: '2026-03-31',
  message: 'First close',
  paid: '20000.00',
  status: 'paid',
  lines: [
    {
      investor_id: 7,
      investor_name: 'Olivia Carter',
      investment_id: 21,
      amount: '10000.00',
      paid: '10000.00',
    },
    { investor_id: 8, investor_name: 'Ben Adams', investment_id: 22, amount: '6666.67', paid: '6666.67' },
    { investor_id: 9, investor_name: 'Chloe Davies', investment_id: 23, amount: '3333.33', paid: '3333.33' },
  ],
  created_by: STAFF,
  created_at: '2026-03-01T10:00:00.000000Z',
};

const DISTRIBUTION = {
  id: 51,
  fund_id: 4,
  type: 'distribution',
  kind: 'return_of_capital',
  total: '12000.00',
  date: '2026-10-15',
  note: 'Exit of Acme',
  lines: [
    { investor_id: 7, investor_name: 'Olivia Carter', investment_id: 21, amount: '3879.31' },
    { investor_id: 8, investor_name: 'Ben Adams', investment_id: 22, amount: '3103.45' },
    { investor_id: 9, investor_name: 'Chloe Davies', investment_id: 23, amount: '5017.24' },
  ],
  reverses_id: null,
  reason: null,
  reversed_by_id: null,
  created_by: STAFF,
  created_at: '2026-10-15T10:00:00.000000Z',
};

/** Olivia's commitment as the investments' ledger answers it, once her payment is booked. */
const OLIVIA_INVESTMENT = {
  id: 21,
  opportunity: { id: 3, name: 'Portico Ventures II: first close', stage: 4 },
  investor: { id: 7, name: 'Olivia Carter', email: 'olivia@example.test' },
  holding: { type: 'self', id: null, name: 'Olivia Carter' },
  amount: '100000.00',
  shares: '0.000000',
  paid_amount: '30000.00',
  status: 'awaiting_payment',
  type: 'platform',
  payment_reference: 'PV2-0021',
  invested_on: null,
  due_date: null,
  called_at: null,
  paid_at: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: null,
  refunded_at: null,
  note: null,
  created_at: '2026-02-20T10:00:00.000000Z',
};

function open(
  roleId: Parameters<typeof userWithRole>[0] = 1,
  routes: Record<string, MockReply | MockReply[]> = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40 }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(['funds']) }),
    'GET /api/funds/4': json(200, { data: FUND }),
    'GET /api/funds/4/kpis': json(200, { data: KPIS }),
    'GET /api/funds/4/capital-calls': json(200, { data: [CALL] }),
    'GET /api/funds/4/movements': json(200, { data: [DISTRIBUTION] }),
    ...routes,
  });
  return { ...mock, ...renderApp(PATH) };
}

/** "£14,400.00" → 1440000n: pence, exactly. */
const penceOf = (text: string) => BigInt(text.replace(/[^\d]/g, ''));

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/fund-record-page'),
    import('./pages/fund-transactions-page'),
    import('./components/fund-measures-chart'),
  ]);
}, 60_000);

describe('a fund’s transactions', { timeout: 30_000 }, () => {
  it('show the fund’s measures and each commitment under the Transactions tab', async () => {
    open();
    const cards = await screen.findByRole('list', { name: 'Fund measures' }, FIRST_RENDER);
    const figure = (label: string | RegExp) =>
      within(cards)
        .getAllByRole('listitem')
        .find((item) => within(item).queryByText(label) !== null);
    expect(figure('Committed')).toHaveTextContent('£200,000.00');
    expect(figure('Uncalled')).toHaveTextContent('£117,666.67');
    expect(figure('Paid-in')).toHaveTextContent('£77,333.33');
    expect(figure('Fees')).toHaveTextContent('£1,500.50');
    expect(figure(/^NAV/)).toHaveTextContent('NAV (30 Sep 2026)£116,000.00');
    expect(figure('TVPI')).toHaveTextContent('1.35×');
    expect(figure('DPI')).toHaveTextContent('0.16×');
    expect(figure('IRR')).toHaveTextContent('12.5%');
    expect(await screen.findByText(/Called: £82,333.33; Paid-in: £77,333.33/)).toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'Portico Ventures II sections' });
    expect(within(tabs).getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/admin/funds/4/details',
    );

    const table = screen.getByRole('table', { name: 'Commitments to the fund' });
    const olivia = within(table).getByRole('row', { name: /Olivia Carter/ });
    expect(within(olivia).getByRole('link', { name: 'Olivia Carter' })).toHaveAttribute(
      'href',
      '/admin/investors/7',
    );
    expect(olivia).toHaveTextContent('£100,000.00£30,000.00£25,000.00£70,000.00');
    expect(olivia).toHaveTextContent('1.50×');
    expect(
      within(olivia).getByRole('button', { name: 'Record payment from Olivia Carter' }),
    ).toBeInTheDocument();

    // A call's lines open under it, from the keyboard as well.
    const calls = screen.getByRole('table', { name: 'Capital calls, newest first' });
    expect(within(calls).getByRole('row', { name: /10.00% of commitments/ })).toHaveTextContent('Paid');
    const toggle = within(calls).getByRole('button', { name: 'Show the lines of the call of 1 Mar 2026' });
    toggle.focus();
    await userEvent.setup().keyboard('{Enter}');
    const lines = await screen.findByRole('table', { name: 'Lines of the call of 1 Mar 2026' });
    expect(within(lines).getByRole('row', { name: /Ben Adams/ })).toHaveTextContent('£6,666.67');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('say where commitments come from when there are none, and offer no payment', async () => {
    open(1, {
      'GET /api/funds/4/kpis': json(200, { data: { ...KPIS, fund: measures(), commitments: [] } }),
      'GET /api/funds/4/capital-calls': json(200, { data: [] }),
      'GET /api/funds/4/movements': json(200, { data: [] }),
    });
    expect(
      await screen.findByText(
        'No one has committed to this fund yet: commitments come from its fund opportunities.',
        {},
        FIRST_RENDER,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Fund measures' })).toHaveTextContent('TVPI—');
    expect(await screen.findByText('No capital has been called yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Commitments to the fund' })).not.toBeInTheDocument();
  });

  it('show a load failure with a way to try again', async () => {
    const { callsTo } = open(1, {
      'GET /api/funds/4/kpis': [json(500, { message: 'Server Error' }), json(200, { data: KPIS })],
    });
    const alert = await screen.findByRole('alert', {}, FIRST_RENDER);
    expect(alert).toHaveTextContent('The fund’s money could not be loaded.');
    const before = callsTo('GET', '/api/funds/4/kpis').length;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Fund measures' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/funds/4/kpis').length).toBeGreaterThan(before);
  });

  it('call capital: the preview splits the total exactly, capped, then a confirmation posts the percentage with a key', async () => {
    const { callsTo } = open(1, {
      'POST /api/funds/4/capital-calls': json(201, {
        data: { ...CALL, id: 32, percent: '12.50', total: '25000.00', status: 'open', paid: '0.00' },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Call capital' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Call capital' });
    expect(within(dialog).getByRole('radio', { name: 'Percentage of commitments' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Percentage to call' }), '12.5');
    await user.type(within(dialog).getByLabelText(/^Due date/), '2026-12-15');

    // 12.5% of £200,000.00 is £25,000.00; Chloe has £1,000.00 left, the rest goes 60:40 by commitment.
    const preview = within(dialog).getByRole('table', { name: 'Preview: each investor’s line' });
    const rows = within(preview).getAllByRole('row').slice(1, -1);
    expect(rows.map((row) => row.firstChild?.textContent)).toEqual([
      'Olivia Carter',
      'Ben Adams',
      'Chloe Davies',
    ]);
    const amounts = rows.map((row) => row.lastChild?.textContent ?? '');
    expect(amounts).toEqual(['£14,400.00', '£9,600.00', '£1,000.00']);
    const total = within(preview).getByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('£25,000.00');
    expect(amounts.reduce((sum, amount) => sum + penceOf(amount), 0n)).toBe(penceOf('£25,000.00'));

    await user.click(within(dialog).getByRole('button', { name: 'Review call' }));
    expect(await within(dialog).findByText('Call £25,000.00 from 3 investors?')).toHaveFocus();
    expect(callsTo('POST', '/api/funds/4/capital-calls')).toHaveLength(0);
    const gets = callsTo('GET', '/api/funds/4/capital-calls').length;
    await user.click(within(dialog).getByRole('button', { name: 'Call capital' }));
    await waitFor(() => expect(callsTo('POST', '/api/funds/4/capital-calls')).toHaveLength(1));
    const [posted] = callsTo('POST', '/api/funds/4/capital-calls');
    expect(posted?.body).toEqual({ percent: '12.5', due_date: '2026-12-15' });
    expect(posted?.headers['idempotency-key']).toMatch(UUID);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Call capital' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(callsTo('GET', '/api/funds/4/capital-calls').length).toBeGreaterThan(gets));
  });

  it('call capital: an amount past what is uncalled is refused before anything is sent', async () => {
    const { callsTo } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Call capital' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Call capital' });
    await user.click(within(dialog).getByRole('radio', { name: 'Amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount to call' }), '117666.68');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'That is more than the £117,666.67 still uncalled.',
    );
    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount to call' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount to call' }), '117666.67');
    const preview = within(dialog).getByRole('table', { name: 'Preview: each investor’s line' });
    expect(within(preview).getByRole('row', { name: /Olivia Carter/ })).toHaveTextContent(
      '£70,000.00£70,000.00',
    );
    expect(callsTo('POST', '/api/funds/4/capital-calls')).toHaveLength(0);
  });

  it('call capital: a 422 goes back to the fields and shows on its field', async () => {
    const { callsTo } = open(1, {
      'POST /api/funds/4/capital-calls': json(422, {
        message: 'The due date must be a date after today.',
        errors: { due_date: ['The due date must be a date after today.'] },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Call capital' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Call capital' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Percentage to call' }), '10');
    await user.type(within(dialog).getByLabelText(/^Due date/), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Review call' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Call capital' }));
    await waitFor(() => expect(callsTo('POST', '/api/funds/4/capital-calls')).toHaveLength(1));
    const due = await within(dialog).findByLabelText(/^Due date/);
    await waitFor(() => expect(due).toHaveAttribute('aria-invalid', 'true'));
    expect(due).toHaveAccessibleDescription(
      expect.stringContaining('The due date must be a date after today.'),
    );
    expect(within(dialog).queryByText(/^Call £/)).not.toBeInTheDocument();
  });

  it('record a payment against a commitment through the investment’s payments, what is due filled in', async () => {
    const { callsTo } = open(1, {
      'POST /api/investments/21/payments': json(201, {
        data: { investment: OLIVIA_INVESTMENT, payments: [], unallocated: '0.00' },
      }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Record payment from Olivia Carter' }, FIRST_RENDER),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    // £30,000.00 called, £25,000.00 paid in: £5,000.00 is due.
    expect(within(dialog).getByRole('textbox', { name: 'Amount received' })).toHaveValue('5000.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'BACS 9912');
    const kpis = callsTo('GET', '/api/funds/4/kpis').length;
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(callsTo('POST', '/api/investments/21/payments')).toHaveLength(1));
    const [posted] = callsTo('POST', '/api/investments/21/payments');
    expect(posted?.body).toMatchObject({ amount: '5000.00', reference: 'BACS 9912' });
    expect(posted?.headers['idempotency-key']).toMatch(UUID);
    await waitFor(() => expect(callsTo('GET', '/api/funds/4/kpis').length).toBeGreaterThan(kpis));
  });

  it('record a distribution with its kind, a key, and the lists refreshed', async () => {
    const { callsTo } = open(1, {
      'POST /api/funds/4/distributions': json(201, {
        data: {
          ...DISTRIBUTION,
          id: 52,
          kind: 'gain',
          total: '5000.00',
          date: '2026-11-20',
          note: 'Dividend',
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record distribution' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Record a distribution' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '5000');
    const date = within(dialog).getByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.click(within(dialog).getByRole('combobox', { name: /Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Capital gain' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Dividend');
    const kpis = callsTo('GET', '/api/funds/4/kpis').length;
    const movements = callsTo('GET', '/api/funds/4/movements').length;
    await user.click(within(dialog).getByRole('button', { name: 'Record distribution' }));
    await waitFor(() => expect(callsTo('POST', '/api/funds/4/distributions')).toHaveLength(1));
    const [posted] = callsTo('POST', '/api/funds/4/distributions');
    expect(posted?.body).toEqual({ amount: '5000', date: '2026-11-20', kind: 'gain', note: 'Dividend' });
    expect(posted?.headers['idempotency-key']).toMatch(UUID);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record a distribution' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(callsTo('GET', '/api/funds/4/kpis').length).toBeGreaterThan(kpis));
    await waitFor(() => expect(callsTo('GET', '/api/funds/4/movements').length).toBeGreaterThan(movements));
  });

  it('reverse a distribution only with a reason, after saying what it does', async () => {
    const { callsTo } = open(1, {
      'POST /api/funds/4/movements/51/reversals': json(201, {
        data: {
          ...DISTRIBUTION,
          id: 53,
          total: '-12000.00',
          reverses_id: 51,
          reason: 'Paid to the wrong account',
          lines: DISTRIBUTION.lines.map((line) => ({ ...line, amount: `-${line.amount}` })),
        },
      }),
    });
    const user = userEvent.setup();
    const movements = await screen.findByRole(
      'table',
      { name: 'Distributions and fees, newest first' },
      FIRST_RENDER,
    );
    expect(within(movements).getByRole('row', { name: /Exit of Acme/ })).toHaveTextContent(
      'Distribution · Return of capital£12,000.00',
    );
    await user.click(
      within(movements).getByRole('button', {
        name: 'Reverse the distribution · return of capital of 15 Oct 2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the entry' });
    expect(dialog).toHaveTextContent(
      'Reverse the distribution · return of capital of £12,000.00 on 15 Oct 2026? A new entry takes each investor’s line back',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(callsTo('POST', '/api/funds/4/movements/51/reversals')).toHaveLength(0);
    await user.type(reason, 'Paid to the wrong account');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(callsTo('POST', '/api/funds/4/movements/51/reversals')).toHaveLength(1));
    const [posted] = callsTo('POST', '/api/funds/4/movements/51/reversals');
    expect(posted?.body).toEqual({ reason: 'Paid to the wrong account' });
    expect(posted?.headers['idempotency-key']).toMatch(UUID);
  });

  it('let the Fund Manager call capital and pay out, but not book payments (spec §6: no cash_calls)', async () => {
    open(11);
    await screen.findByRole('table', { name: 'Commitments to the fund' }, FIRST_RENDER);
    expect(screen.getByRole('button', { name: 'Call capital' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record distribution' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();
  });
});
