import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { DealPerformancePage } from './pages/deal-performance-page';

const stamp = '2026-01-01T00:00:00.000000Z';
const figures = (id: number, period: string, revenue: string | null) => ({
  id,
  pipeline_deal_id: 4,
  period,
  revenue,
  gross_profit: null,
  ebitda: '-1200.00',
  cash: '50000.00',
  headcount: 12,
  notes: null,
  created_at: stamp,
  updated_at: stamp,
});

afterEach(() => vi.unstubAllGlobals());

function open(roleId: 1 | 2 | 10, routes: Record<string, MockReply | MockReply[]>) {
  setXsrfCookie('token');
  const mock = mockFetch(routes);
  const view = renderWithProviders(<Navigate to="/admin/investments/deals/4/performance" replace />, {
    path: '/admin',
    session: { status: 'authenticated', user: userWithRole(roleId) },
    branding: buildBranding(),
    routes: [{ path: '/admin/investments/deals/:id/performance', element: <DealPerformancePage /> }],
  });
  return { ...mock, ...view };
}

describe('a deal’s performance', () => {
  it('lists the figures by period and deletes a period after asking', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(1, {
      'GET /api/pipeline-deals/4/performance': json(200, {
        data: [figures(1, '2026-03-31', '250000.00'), figures(2, '2026-06-30', '310000.00')],
      }),
      'DELETE /api/pipeline-deals/4/performance/2': () => json(204),
    });
    const table = await screen.findByRole('table', { name: 'Figures by period' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('£310,000.00');
    expect(screen.getByRole('region', { name: 'Revenue, EBITDA and cash' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add figures' })).toBeInTheDocument();
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete figures' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete figures' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/pipeline-deals/4/performance/2')).toHaveLength(1));
  });

  it('offers adding from the empty state, and is the 403 page for the Investment Manager', async () => {
    open(1, { 'GET /api/pipeline-deals/4/performance': json(200, { data: [] }) });
    expect(await screen.findByText('No figures yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add figures' })).toBeInTheDocument();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const { calls } = open(10, {});
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
