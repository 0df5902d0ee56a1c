import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CapTable } from '@portico/contracts';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { CapTablePage, CapTablePerformancePage } from './pages/cap-table-page';

afterEach(() => vi.unstubAllGlobals());

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

const holder = (overrides: Partial<CapTable['holders'][number]>): CapTable['holders'][number] => ({
  key: 'holder:1',
  source: 'off_platform',
  holder_id: 1,
  investor: null,
  name: 'Fay Founder',
  kind: 'founder',
  kind_label: 'Founder',
  share_class: 'Ordinary',
  class_id: 3,
  shares: '40000.000000',
  percent_of_class: '90.91',
  percent_of_company: '80.00',
  percent_fully_diluted: '72.73',
  invested: null,
  value: '48000.00',
  values: ['48000.00'],
  realised: null,
  moic: null,
  note: null,
  ...overrides,
});

const TABLE: CapTable = {
  currency: 'GBP',
  price: '1.200000',
  price_date: '2025-04-30',
  prices: [{ effective_on: '2025-04-30', price: '1.200000', kind: 'valuation' }],
  classes: [
    {
      id: 3,
      name: 'Ordinary',
      kind: 'shares',
      pre_emptive: true,
      shares: '44000.000000',
      platform_shares: '4000.000000',
      percent_of_company: '88.00',
      percent_fully_diluted: '80.00',
    },
    {
      id: 4,
      name: 'Options',
      kind: 'options',
      pre_emptive: false,
      shares: '5000.000000',
      platform_shares: '0.000000',
      percent_of_company: null,
      percent_fully_diluted: '9.09',
    },
  ],
  holders: [
    holder({}),
    holder({
      key: 'platform:51:ordinary',
      source: 'platform',
      holder_id: null,
      investor: { id: 51, name: 'Sam Second' },
      name: 'Sam Second',
      kind: 'platform',
      kind_label: 'Platform investor',
      shares: '4000.000000',
      percent_of_class: '9.09',
      percent_of_company: '8.00',
      percent_fully_diluted: '7.27',
      invested: '4000.00',
      value: '4800.00',
      values: ['4800.00'],
      realised: '25.00',
      moic: '1.21',
    }),
    holder({
      key: 'holder:2',
      holder_id: 2,
      name: 'Option pool',
      kind: 'option_pool',
      kind_label: 'Option pool',
      share_class: 'Options',
      class_id: 4,
      shares: '5000.000000',
      percent_of_class: '100.00',
      percent_of_company: null,
      percent_fully_diluted: '9.09',
      value: null,
      values: [],
    }),
  ],
  totals: {
    issued_shares: '50000.000000',
    fully_diluted_shares: '55000.000000',
    pre_emptive_shares: '44000.000000',
    platform_shares: '4000.000000',
    percent_of_company: '100.00',
    percent_fully_diluted: '100.00',
    invested: '4000.00',
    value: '60000.00',
    values: ['60000.00'],
  },
};

describe('Cap Table', () => {
  it('lists every holder on and off the platform with the three percentages and totals of 100%', async () => {
    open(1, <CapTablePage />, 'cap-table', {
      'GET /api/existing-investments/9/cap-table': json(200, { data: TABLE }),
    });
    const table = await screen.findByRole('table', { name: 'Cap table' });
    const fay = within(table).getByRole('row', { name: /Fay Founder/ });
    expect(within(fay).getByText('80.00%')).toBeInTheDocument();
    expect(within(fay).getByText('72.73%')).toBeInTheDocument();
    const pool = within(table).getByRole('row', { name: /Option pool/ });
    expect(within(pool).getByText('—')).toBeInTheDocument();
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(within(total).getAllByText('100.00%')).toHaveLength(2);
    expect(screen.getByText('Held through the platform').nextSibling).toHaveTextContent('8.00%');
  });

  it('asks before removing an off-platform holder', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(1, <CapTablePage />, 'cap-table', {
      'GET /api/existing-investments/9/cap-table': json(200, { data: TABLE }),
      'DELETE /api/existing-investments/9/cap-table/holders/1': json(200, { data: TABLE }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Fay Founder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove holder' });
    expect(dialog).toHaveTextContent('Remove Fay Founder (40,000 Ordinary shares) from the cap table?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove holder' }));
    await waitFor(() =>
      expect(callsTo('DELETE', '/api/existing-investments/9/cap-table/holders/1')).toHaveLength(1),
    );
  });

  it('values each holding at each price (Cap Table Performance)', async () => {
    open(1, <CapTablePerformancePage />, 'cap-table-performance', {
      'GET /api/existing-investments/9/cap-table': json(200, { data: TABLE }),
    });
    const performance = await screen.findByRole('table', { name: 'Cap table performance' });
    expect(within(performance).getByText('£4,800.00')).toBeInTheDocument();
    expect(within(performance).getByText('1.21×')).toBeInTheDocument();
    const atEach = screen.getByRole('table', { name: 'Value at each price' });
    expect(within(atEach).getByText('£60,000.00')).toBeInTheDocument();
  });
});
