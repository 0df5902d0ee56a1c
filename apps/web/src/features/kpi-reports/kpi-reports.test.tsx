import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SCREENS, canOpenAdminScreen, visibleAdminMenu } from '../../config/admin-menu';
import { json, mockFetch } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { HoldingKpisPage } from '../portfolio/kpis/holding-kpis-page';
import { KpiCell } from './components/kpi-cell';
import { KpiValuesForm } from './components/kpi-values-form';
import { formatChangeRate, formatDecimal, formatKpiChange, formatKpiValue } from './kpi-values';
import { KpiSchedulePage } from './pages/kpi-schedule-page';
import { focusPeriod, periodStateText } from './schedule';

afterEach(() => vi.unstubAllGlobals());

const admin = { status: 'authenticated' as const, user: userWithRole(1) };
const TIMESTAMP = '2026-11-10T10:00:00.000000Z';

const period = (key: string, label: string, state: string, extra: Record<string, unknown> = {}) => ({
  period: key,
  label,
  start: '2026-07-01',
  end: key === '2026-Q4' ? '2026-12-31' : '2026-09-30',
  due_on: key === '2026-Q4' ? '2027-01-30' : '2026-10-30',
  state,
  report_id: null,
  received_on: null,
  days_overdue: null,
  days_until_due: null,
  ...extra,
});

const row = (id: number, company: string, state: string, periods: ReturnType<typeof period>[]) => ({
  opportunity_id: id,
  name: company.split(' ')[0] ?? company,
  company_name: company,
  status: 5,
  frequency: 'quarter',
  due_days: 30,
  report_type: { id: 1, name: 'Standard quarterly' },
  state,
  periods,
  last_reported_on: state === 'overdue' ? '2026-05-12' : '2026-10-14',
  can_submit: true,
});

const SCHEDULE = {
  data: [
    row(7, 'Harbour Lane Coffee Roasters Ltd', 'up_to_date', [
      period('2026-Q4', 'Q4 2026', 'not_yet_due', { days_until_due: 64 }),
      period('2026-Q3', 'Q3 2026', 'received', { received_on: '2026-10-14', report_id: 3 }),
    ]),
    row(8, 'Fenwick Medical Devices Ltd', 'overdue', [
      period('2026-Q4', 'Q4 2026', 'not_yet_due', { days_until_due: 64 }),
      period('2026-Q3', 'Q3 2026', 'overdue', { days_overdue: 28 }),
    ]),
  ],
  summary: { overdue: 1, due: 0, up_to_date: 1, not_scheduled: 0 },
  today: '2026-11-27',
};

describe('KPI values as they read', () => {
  it('formats values by unit, from their digits', () => {
    expect(formatKpiValue('125000.5', 'currency')).toBe('£125,000.50');
    expect(formatKpiValue('12.50', 'percentage')).toBe('12.5%');
    expect(formatKpiValue('1200', 'number')).toBe('1,200');
    expect(formatKpiValue('-3.0', 'number')).toBe('−3');
    expect(formatKpiValue('Head of sales', 'text')).toBe('Head of sales');
    expect(formatKpiValue(null, 'number')).toBe('—');
    expect(formatDecimal('-0.00')).toBe('0');
  });

  it('signs a change and rounds its rate half up to one decimal', () => {
    expect(formatKpiChange('25000.00', 'currency')).toBe('+£25,000.00');
    expect(formatKpiChange('-2.5', 'percentage')).toBe('−2.5 pts');
    expect(formatKpiChange('0', 'number')).toBe('0');
    expect(formatChangeRate('0.125000')).toBe('+12.5%');
    expect(formatChangeRate('-0.033350')).toBe('−3.3%');
    expect(formatChangeRate('0.033350')).toBe('+3.3%');
    expect(formatChangeRate('0.000040')).toBe('0.0%');
    expect(formatChangeRate('12.345600')).toBe('+1,234.6%');
  });
});

describe('the schedule', () => {
  it('is about the most overdue period, else the latest that has ended', () => {
    const [harbour, fenwick] = SCHEDULE.data;
    if (!harbour || !fenwick) throw new Error('fixture');
    expect(focusPeriod(harbour as never, SCHEDULE.today)?.period).toBe('2026-Q3');
    const overdue = focusPeriod(fenwick as never, SCHEDULE.today);
    expect(overdue?.period).toBe('2026-Q3');
    expect(periodStateText(overdue as never).label).toBe('Overdue by 28 days');
    expect(periodStateText({ ...overdue, state: 'due', days_until_due: 1 } as never).label).toBe(
      'Due in 1 day',
    );
  });

  it('shows the counts, each company’s state and filters by state', async () => {
    mockFetch({ 'GET /api/kpi-reports/schedule': json(200, SCHEDULE) });
    const user = userEvent.setup();
    renderWithProviders(<KpiSchedulePage />, { path: '/admin/reports', session: admin });
    const table = await screen.findByRole('table', { name: 'Reporting schedule' });
    await within(table).findByText('Fenwick Medical Devices Ltd');
    expect(within(screen.getByRole('region', { name: 'Overdue' })).getByText('1')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Received this period' })).getByText('1'),
    ).toBeInTheDocument();
    const fenwick = within(table).getByText('Fenwick Medical Devices Ltd').closest('tr');
    expect(fenwick).toHaveTextContent('Overdue by 28 days');
    const harbour = within(table).getByRole('link', { name: 'Harbour Lane Coffee Roasters Ltd' });
    expect(harbour).toHaveAttribute('href', '/admin/reports/kpis?company=7&period=2026-Q3');

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(within(table).queryByText('Harbour Lane Coffee Roasters Ltd')).toBeNull());
    expect(within(table).getByText('Fenwick Medical Devices Ltd')).toBeInTheDocument();
  });
});

describe('the schedule for a role that reads reports', () => {
  it('opens the latest received report read-only, with its history', async () => {
    const readOnly = {
      ...SCHEDULE,
      data: SCHEDULE.data.map((entry) => ({ ...entry, can_submit: false })),
    };
    mockFetch({
      'GET /api/kpi-reports/schedule': json(200, readOnly),
      'GET /api/kpi-reports/3': json(200, { data: REPORT }),
    });
    const user = userEvent.setup();
    renderWithProviders(<KpiSchedulePage />, {
      path: '/admin/reports',
      session: { status: 'authenticated' as const, user: userWithRole(3) },
    });
    const table = await screen.findByRole('table', { name: 'Reporting schedule' });
    const company = await within(table).findByRole('button', { name: 'Harbour Lane Coffee Roasters Ltd' });
    expect(within(table).queryByRole('link', { name: 'Harbour Lane Coffee Roasters Ltd' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Enter KPIs' })).toBeNull();
    await user.click(company);
    const drawer = await screen.findByRole('dialog', { name: 'Harbour Lane Coffee Roasters Ltd: Q3 2026' });
    expect(await within(drawer).findByText('£200,000.00')).toBeInTheDocument();
    expect(
      within(drawer).getByRole('button', { name: 'History of Revenue (1 earlier)' }),
    ).toBeInTheDocument();
    // Fenwick has no report in: nothing to open
    expect(within(table).queryByRole('button', { name: 'Fenwick Medical Devices Ltd' })).toBeNull();
  });
});

const INPUTS = [
  {
    key: 'kpi:1',
    kpi_id: 1,
    custom_kpi_id: null,
    name: 'Revenue',
    unit: 'currency',
    category: { id: 1, name: 'Financials' },
  },
  {
    key: 'kpi:2',
    kpi_id: 2,
    custom_kpi_id: null,
    name: 'Customers',
    unit: 'number',
    category: { id: 2, name: 'Customers' },
  },
  { key: 'custom:4', kpi_id: null, custom_kpi_id: 4, name: 'Stores', unit: 'number', category: null },
] as const;

const REPORT = {
  id: 3,
  opportunity_id: 7,
  opportunity: { id: 7, name: 'Harbour', company_name: 'Harbour Lane Coffee Roasters Ltd' },
  period: '2026-Q3',
  label: 'Q3 2026',
  frequency: 'quarter',
  period_start: '2026-07-01',
  period_end: '2026-09-30',
  due_on: '2026-10-30',
  status: 'received',
  received_at: TIMESTAMP,
  received_on: '2026-11-10',
  submitted_by: { id: 1, name: 'Ada Admin' },
  values_count: 1,
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
  inputs: INPUTS,
  values: [
    {
      id: 11,
      key: 'kpi:1',
      kpi_id: 1,
      custom_kpi_id: null,
      name: 'Revenue',
      unit: 'currency',
      category: { id: 1, name: 'Financials' },
      value: '200000.00',
      entered_by: { id: 1, name: 'Ada Admin' },
      entered_at: TIMESTAMP,
      source: 'form',
      history: [
        {
          id: 9,
          value: '196750.00',
          entered_by: { id: 2, name: 'Priya Shah' },
          entered_at: '2026-11-01T10:00:00.000000Z',
          replaced_at: TIMESTAMP,
        },
      ],
    },
  ],
};

const FORM = {
  opportunity: REPORT.opportunity,
  frequency: 'quarter',
  inputs: INPUTS,
  periods: [period('2026-Q3', 'Q3 2026', 'received')],
  period: '2026-Q3',
  report: REPORT,
};

describe('the KPI form', () => {
  it('groups inputs by category, shows the history and sends only what changed', async () => {
    const { calls } = mockFetch({
      'GET /sanctum/csrf-cookie': json(204),
      'POST /api/kpi-reports': json(201, { data: REPORT }),
    });
    const user = userEvent.setup();
    renderWithProviders(<KpiValuesForm opportunityId={7} form={FORM as never} period="2026-Q3" canSubmit />, {
      session: admin,
    });
    expect(screen.getByRole('group', { name: 'Financials' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Other KPIs' })).toBeInTheDocument();
    expect(screen.getByLabelText('Revenue')).toHaveValue('200000.00');

    await user.click(screen.getByRole('button', { name: 'History of Revenue (1 earlier)' }));
    const history = await screen.findByRole('group', { name: 'History of Revenue' });
    expect(history).toHaveTextContent('£200,000.00');
    expect(history).toHaveTextContent('£196,750.00');
    expect(history).toHaveTextContent('Priya Shah');

    await user.type(screen.getByLabelText('Customers'), '1,204');
    await user.type(screen.getByLabelText('Stores'), '3');
    await user.click(screen.getByRole('button', { name: 'Save KPIs' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      opportunity_id: 7,
      period: '2026-Q3',
      values: [
        { kpi_id: 2, custom_kpi_id: null, value: '1204' },
        { kpi_id: null, custom_kpi_id: 4, value: '3' },
      ],
    });
  });

  it('puts the server’s value errors on their fields and refuses words for a number', async () => {
    mockFetch({
      'GET /sanctum/csrf-cookie': json(204),
      'POST /api/kpi-reports': json(422, {
        message: 'The given data was invalid.',
        errors: { 'values.0.value': ['The value must be a whole number.'] },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<KpiValuesForm opportunityId={7} form={FORM as never} period="2026-Q3" canSubmit />, {
      session: admin,
    });
    await user.type(screen.getByLabelText('Customers'), 'many');
    await user.click(screen.getByRole('button', { name: 'Save KPIs' }));
    expect(await screen.findByText('Enter a number, such as 1250 or 12.5.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Customers'));
    await user.type(screen.getByLabelText('Customers'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save KPIs' }));
    expect(await screen.findByText('The value must be a whole number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Customers')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only for a role that may not submit', () => {
    renderWithProviders(
      <KpiValuesForm opportunityId={7} form={FORM as never} period="2026-Q3" canSubmit={false} />,
      { session: admin },
    );
    expect(screen.getByLabelText('Revenue')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save KPIs' })).toBeNull();
  });
});

describe('the KPI portfolio cell', () => {
  const cell = {
    key: 'kpi:1',
    kpi_id: 1,
    custom_kpi_id: null,
    name: 'Revenue',
    unit: 'currency',
    latest: { period: '2026-Q4', label: 'Q4 2026', value: '225000.00' },
    previous: { period: '2026-Q3', label: 'Q3 2026', value: '200000.00' },
    change: '25000.00',
    change_rate: '0.125000',
    trend: [
      { period: '2026-Q3', label: 'Q3 2026', value: '200000.00' },
      { period: '2026-Q4', label: 'Q4 2026', value: '225000.00' },
    ],
  } as const;

  it('shows the latest value, the change in colour and in words', () => {
    renderWithProviders(<KpiCell cell={cell as never} currency="GBP" />);
    expect(screen.getByText('£225,000.00')).toBeInTheDocument();
    expect(screen.getByText('up £25,000.00 (+12.5%) on Q3 2026')).toBeInTheDocument();
    expect(document.querySelector('[data-direction="up"]')).not.toBeNull();
  });

  it('says a fall is down', () => {
    renderWithProviders(
      <KpiCell cell={{ ...cell, change: '-5000.00', change_rate: '-0.025000' } as never} currency="GBP" />,
    );
    expect(screen.getByText('down £5,000.00 (−2.5%) on Q3 2026')).toBeInTheDocument();
  });

  it('says when a company has not reported a KPI', () => {
    renderWithProviders(<KpiCell cell={undefined} currency="GBP" />);
    expect(screen.getByText('Not reported')).toBeInTheDocument();
  });
});

describe('who opens the reporting screens', () => {
  it('lets an Entrepreneur reach the schedule and the KPI form, never the KPI portfolio', () => {
    expect(canOpenAdminScreen(2, ADMIN_SCREENS.kpiSchedule)).toBe(true);
    expect(canOpenAdminScreen(2, ADMIN_SCREENS.kpiEntry)).toBe(true);
    expect(canOpenAdminScreen(2, ADMIN_SCREENS.kpiPortfolio)).toBe(false);
    // an investor never, whatever the screen says
    expect(canOpenAdminScreen(5, ADMIN_SCREENS.kpiSchedule)).toBe(false);
    // the Investment Committee reads the schedule but may not submit
    expect(canOpenAdminScreen(3, ADMIN_SCREENS.kpiSchedule)).toBe(true);
    expect(canOpenAdminScreen(3, ADMIN_SCREENS.kpiEntry)).toBe(false);
    const reports = visibleAdminMenu(1).find((item) => item.id === 'reports-group');
    expect(reports?.children?.map((item) => item.id)).toEqual(
      expect.arrayContaining(['kpi-schedule', 'kpi-entry', 'kpi-portfolio']),
    );
  });
});

describe('the investor’s KPI charts', () => {
  const investor = { status: 'authenticated' as const, user: userWithRole(5) };
  const open = () =>
    renderWithProviders(<Navigate to="/investor/portfolio/7/reports/kpis" replace />, {
      path: '/investor',
      session: investor,
      routes: [{ path: '/investor/portfolio/:id/reports/kpis', element: <HoldingKpisPage /> }],
    });
  const KPIS = {
    opportunity_id: 7,
    name: 'Harbour',
    company_name: 'Harbour Lane Coffee Roasters Ltd',
    currency: 'GBP',
    frequency: 'quarter',
    last_reported_on: '2026-11-10',
    series: [
      {
        key: 'kpi:1',
        kpi_id: 1,
        custom_kpi_id: null,
        name: 'Revenue',
        unit: 'currency',
        category: { id: 1, name: 'Financials' },
        points: [
          { period: '2026-Q2', label: 'Q2 2026', value: '180000.00', period_end: '2026-06-30' },
          { period: '2026-Q3', label: 'Q3 2026', value: '200000.00', period_end: '2026-09-30' },
        ],
      },
    ],
  };

  it('charts each KPI with its points in words and says when it last reported', async () => {
    mockFetch({ 'GET /api/portfolio/7/kpis': json(200, { data: KPIS }) });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbour Lane Coffee Roasters Ltd KPIs' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Last reported on 10 Nov 2026/)).toBeInTheDocument();
    const revenue = screen.getByRole('region', { name: 'Revenue' });
    const table = within(revenue).getByRole('table', { name: 'Revenue by period' });
    expect(within(table).getByRole('row', { name: 'Q2 2026 £180,000.00' })).toBeInTheDocument();
  });

  it('says so when the company has not reported', async () => {
    mockFetch({
      'GET /api/portfolio/7/kpis': json(200, { data: { ...KPIS, last_reported_on: null, series: [] } }),
    });
    open();
    expect(await screen.findByText('This company has not reported KPIs yet.')).toBeInTheDocument();
  });

  it('is the 404 for a company the investor does not hold', async () => {
    mockFetch({ 'GET /api/portfolio/7/kpis': json(404, { message: 'Not found.' }) });
    open();
    expect(await screen.findByText("Sorry that page doesn't seem to exist")).toBeInTheDocument();
  });
});
