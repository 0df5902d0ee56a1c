import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { WipReportPage } from './pages/wip-report-page';

const MANAGER = { id: 4, name: 'Mona Manager' };
const REPORT = {
  as_of: '2026-11-27',
  generated_at: '2026-11-27T15:00:00.000000Z',
  pipelines: [
    {
      id: 1,
      name: 'Main',
      deals: 2,
      value: '500000.00',
      stages: [
        { id: 1, name: 'Screening', deals: 2, value: '500000.00' },
        { id: 2, name: 'Due diligence', deals: 0, value: '0.00' },
      ],
    },
  ],
  deals: { count: 2, value: '500000.00' },
  raises: [
    {
      id: 7,
      name: 'Acme Seed',
      company_name: 'Acme Ltd',
      status: 2,
      currency: 'GBP',
      target: '10000.00',
      committed: '3900.58',
      paid: '2650.35',
      percent_of_target: 39,
      remaining: '6099.42',
      closing_date: '2026-12-31',
      investments: 3,
      manager: MANAGER,
    },
    {
      id: 8,
      name: 'Euro Round',
      company_name: 'Euro GmbH',
      status: 4,
      currency: 'EUR',
      target: '5000.00',
      committed: '6000.00',
      paid: '6000.00',
      percent_of_target: 120,
      remaining: '0.00',
      closing_date: null,
      investments: 1,
      manager: null,
    },
  ],
  raise_totals: {
    count: 2,
    target: [
      { currency: 'EUR', amount: '5000.00' },
      { currency: 'GBP', amount: '10000.00' },
    ],
    committed: [
      { currency: 'EUR', amount: '6000.00' },
      { currency: 'GBP', amount: '3900.58' },
    ],
    paid: [
      { currency: 'EUR', amount: '6000.00' },
      { currency: 'GBP', amount: '2650.35' },
    ],
    remaining: [
      { currency: 'EUR', amount: '0.00' },
      { currency: 'GBP', amount: '6099.42' },
    ],
  },
  cash_calls: [
    {
      id: 3,
      opportunity: { id: 7, name: 'Acme Seed' },
      currency: 'GBP',
      amount: '2000.40',
      outstanding: '1800.40',
      due_date: '2026-11-25',
      overdue: true,
      days_overdue: 2,
      investments: 2,
      manager: MANAGER,
    },
  ],
  cash_call_totals: {
    count: 1,
    overdue_count: 1,
    outstanding: [{ currency: 'GBP', amount: '1800.40' }],
    overdue: [{ currency: 'GBP', amount: '1800.40' }],
  },
  by_manager: [
    {
      manager: MANAGER,
      raises: 1,
      target: [{ currency: 'GBP', amount: '10000.00' }],
      committed: [{ currency: 'GBP', amount: '3900.58' }],
      paid: [{ currency: 'GBP', amount: '2650.35' }],
      cash_calls: 1,
      outstanding: [{ currency: 'GBP', amount: '1800.40' }],
      overdue: [{ currency: 'GBP', amount: '1800.40' }],
    },
    {
      manager: null,
      raises: 1,
      target: [{ currency: 'EUR', amount: '5000.00' }],
      committed: [{ currency: 'EUR', amount: '6000.00' }],
      paid: [{ currency: 'EUR', amount: '6000.00' }],
      cash_calls: 0,
      outstanding: [],
      overdue: [],
    },
  ],
};

const session = { status: 'authenticated' as const, user: userWithRole(1) };
const open = () => renderWithProviders(<WipReportPage />, { path: '/admin/reports/wip', session });

afterEach(() => vi.unstubAllGlobals());

describe('the WIP report page', () => {
  it('shows each raise with its figures and a totals row per currency, never added together', async () => {
    mockFetch({ 'GET /api/reports/wip': json(200, { data: REPORT }) });
    open();
    const raises = await screen.findByRole('table', { name: 'Live raises' });
    const acme = within(raises).getByRole('row', { name: 'Acme Seed' });
    expect(acme).toHaveTextContent('£3,900.58');
    expect(acme).toHaveTextContent('£2,650.35');
    expect(acme).toHaveTextContent('39.0%');
    expect(acme).toHaveTextContent('Mona Manager');
    expect(within(raises).getByRole('row', { name: 'Euro Round' })).toHaveTextContent('No manager');
    expect(within(raises).getByRole('row', { name: 'Total in GBP' })).toHaveTextContent('£3,900.58');
    expect(within(raises).getByRole('row', { name: 'Total in EUR' })).toHaveTextContent('€6,000.00');
    const calls = screen.getByRole('table', { name: 'Cash calls outstanding' });
    expect(within(calls).getByText('2 days overdue')).toBeInTheDocument();
    expect(within(calls).getByRole('row', { name: 'Of which overdue' })).toHaveTextContent('£1,800.40');
    expect(screen.getByRole('table', { name: 'Deals by pipeline and stage' })).toHaveTextContent(
      '£500,000.00',
    );
    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
      'href',
      '/api/reports/wip/export?format=xlsx',
    );
    expect(screen.getByRole('link', { name: 'Export PDF' })).toHaveAttribute(
      'href',
      '/api/reports/wip/export?format=pdf',
    );
  });

  it('groups by investment manager', async () => {
    mockFetch({ 'GET /api/reports/wip': json(200, { data: REPORT }) });
    open();
    await screen.findByRole('table', { name: 'Live raises' });
    await userEvent.click(screen.getByText('By investment manager'));
    const managers = screen.getByRole('table', { name: 'By investment manager' });
    expect(within(managers).getByRole('row', { name: 'Mona Manager' })).toHaveTextContent('£1,800.40');
    expect(screen.getByRole('table', { name: 'Live raises of Mona Manager' })).toHaveTextContent('Acme Seed');
    expect(screen.getByRole('table', { name: 'Live raises of No manager' })).toHaveTextContent('Euro Round');
  });

  it('says so when nothing is in progress, and offers a retry when loading fails', async () => {
    mockFetch({
      'GET /api/reports/wip': json(200, {
        data: {
          ...REPORT,
          pipelines: [],
          deals: { count: 0, value: '0.00' },
          raises: [],
          raise_totals: { count: 0, target: [], committed: [], paid: [], remaining: [] },
          cash_calls: [],
          cash_call_totals: { count: 0, overdue_count: 0, outstanding: [], overdue: [] },
          by_manager: [],
        },
      }),
    });
    const first = open();
    expect(await screen.findByText('No live raises')).toBeInTheDocument();
    expect(screen.getByText('Nothing outstanding')).toBeInTheDocument();
    expect(screen.getByText('No deals')).toBeInTheDocument();
    first.unmount();

    mockFetch({ 'GET /api/reports/wip': json(500, { message: 'Server error' }) });
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The WIP report could not be loaded',
    );
  });

  it('saves a frozen snapshot (wip_report create) and shows it in place, with its own exports', async () => {
    const saved = {
      id: 5,
      title: 'December committee',
      as_of: '2026-11-27',
      created_by: { id: 3, name: 'Hugh Bennett' },
      created_at: '2026-11-27T15:05:00.000000Z',
    };
    setXsrfCookie('token');
    const { callsTo } = mockFetch({
      'GET /api/reports/wip': json(200, { data: REPORT }),
      'GET /api/reports/wip/snapshots': [json(200, { data: [] }), json(200, { data: [saved] })],
      'POST /api/reports/wip/snapshots': json(201, { data: { ...saved, report: REPORT } }),
      'GET /api/reports/wip/snapshots/5': json(200, { data: { ...saved, report: REPORT } }),
    });
    renderWithProviders(<WipReportPage />, {
      path: '/admin/reports/wip',
      session: { status: 'authenticated' as const, user: userWithRole(3) },
    });
    expect(await screen.findByText('No snapshots yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save snapshot' }));
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'December committee');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save snapshot' }));
    expect(await screen.findByText('Snapshot: December committee')).toBeInTheDocument();
    expect(callsTo('POST', '/api/reports/wip/snapshots')[0]?.body).toEqual({ title: 'December committee' });
    expect(screen.getByRole('link', { name: 'Export PDF' })).toHaveAttribute(
      'href',
      '/api/reports/wip/snapshots/5/export?format=pdf',
    );
    expect(await screen.findByRole('row', { name: 'December committee' })).toBeInTheDocument();
  });

  it('offers no snapshot button to a role without create (Fund Manager)', async () => {
    mockFetch({
      'GET /api/reports/wip': json(200, { data: REPORT }),
      'GET /api/reports/wip/snapshots': json(200, { data: [] }),
    });
    renderWithProviders(<WipReportPage />, {
      path: '/admin/reports/wip',
      session: { status: 'authenticated' as const, user: userWithRole(11) },
    });
    await screen.findByRole('table', { name: 'Live raises' });
    expect(screen.queryByRole('button', { name: 'Save snapshot' })).not.toBeInTheDocument();
  });
});
