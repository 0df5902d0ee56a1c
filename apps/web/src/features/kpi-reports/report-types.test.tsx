import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../testing/fetch-mock';
import { paginated } from '../../testing/paginated';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { ReportTypesSection } from './components/report-types-section';

afterEach(() => vi.unstubAllGlobals());

const TIMESTAMP = '2026-11-10T10:00:00.000000Z';
const category = { id: 1, name: 'Financial' };
const kpi = (id: number, name: string) => ({
  id,
  name,
  unit: 'currency',
  kpi_category_id: 1,
  category,
  description: null,
  position: id,
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
});
const STANDARD = {
  id: 4,
  name: 'Standard quarterly',
  description: null,
  parent_id: null,
  parent: null,
  kpi_ids: [1],
  kpis: [{ id: 1, name: 'Revenue', unit: 'currency', category }],
  companies_count: 3,
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
};
const ALL = { create: true, update: true, delete: true };

describe('report types (kpi_report_types)', { timeout: 30_000 }, () => {
  it('lists the types and adds a sub-type with its KPIs in the order chosen', async () => {
    const fetch = mockFetch({
      'GET /api/kpi-report-types': json(200, { data: [STANDARD] }),
      'GET /api/kpis?per_page=100': json(200, paginated([kpi(1, 'Revenue'), kpi(2, 'Cash'), kpi(3, 'Burn')])),
      'GET /sanctum/csrf-cookie': json(204),
      'POST /api/kpi-report-types': (request) =>
        json(201, { data: { ...STANDARD, id: 5, ...(request.body as object), companies_count: 0 } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportTypesSection permissions={ALL} />, {
      session: { status: 'authenticated' as const, user: userWithRole(1) },
    });
    const table = await screen.findByRole('table', { name: 'Report types' });
    expect(await within(table).findByText('Standard quarterly')).toBeInTheDocument();
    expect(within(table).getByText('Revenue')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add report type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a report type' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'SaaS');
    await user.click(within(dialog).getByRole('combobox', { name: /^Sub-type of/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard quarterly' }));
    const kpis = within(dialog).getByRole('combobox', { name: /^KPIs/ });
    await user.click(kpis);
    await user.click(await screen.findByRole('option', { name: 'Burn' }));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add report type' }));
    await waitFor(() =>
      expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'SaaS',
        description: null,
        parent_id: 4,
        kpi_ids: [3, 2],
      }),
    );
  });

  it('shows a reader the types without actions', async () => {
    const saas = {
      ...STANDARD,
      id: 6,
      name: 'SaaS quarterly',
      parent_id: 4,
      parent: { id: 4, name: 'Standard quarterly' },
      kpi_ids: [],
      kpis: [],
    };
    mockFetch({ 'GET /api/kpi-report-types': json(200, { data: [STANDARD, saas] }) });
    renderWithProviders(
      <ReportTypesSection permissions={{ create: false, update: false, delete: false }} />,
      {
        session: { status: 'authenticated' as const, user: userWithRole(1) },
      },
    );
    await screen.findByText('Standard quarterly');
    // a sub-type reports its parent's KPIs first
    expect(screen.getByText('Standard quarterly › SaaS quarterly')).toBeInTheDocument();
    expect(screen.getByText('Standard quarterly’s KPIs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add report type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Standard quarterly' })).toBeNull();
  });
});
