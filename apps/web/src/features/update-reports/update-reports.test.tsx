import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderWithProviders } from '../../testing/render';
import { formatLondon, isoToLondonInput, londonInputToIso } from '../../lib/london-time';
import { EditUpdateReportPage } from './pages/edit-update-report-page';
import { NewUpdateReportPage } from './pages/new-update-report-page';
import { UpdateReportDetailsPage } from './pages/update-report-details-page';
import { UpdateReportsListPage } from './pages/update-reports-list-page';

const admin = { status: 'authenticated' as const, user: userWithRole(1) };
/** The Investment Committee reads update reports and changes none (spec §6). */
const committee = { status: 'authenticated' as const, user: userWithRole(3) };

const report = (overrides: Record<string, unknown> = {}) => ({
  id: 21,
  title: 'Q3 trading update',
  body: '<p>Revenue grew.</p>',
  status: 'draft',
  opportunity_id: 7,
  opportunity: { id: 7, name: 'Acme Robotics Seed' },
  fund_id: null,
  fund: null,
  publish_at: null,
  published_at: null,
  withdrawn_at: null,
  withdrawn_reason: null,
  version: 0,
  attachments: [],
  recipients: null,
  created_by: { id: 1, name: 'Ada Admin' },
  created_at: '2026-10-01T09:00:00.000Z',
  updated_at: '2026-10-01T09:00:00.000Z',
  versions: [],
  ...overrides,
});
const listRow = (overrides: Record<string, unknown> = {}) => {
  const { body: _body, attachments: _attachments, versions: _versions, ...row } = report(overrides);
  return row;
};
const live = (overrides: Record<string, unknown> = {}) =>
  report({
    status: 'live',
    version: 1,
    published_at: '2026-10-02T09:00:00.000Z',
    recipients: 42,
    versions: [
      {
        version: 1,
        title: 'Q3 trading update',
        body: '<p>Revenue grew.</p>',
        reason: null,
        published_at: '2026-10-02T09:00:00.000Z',
        published_by: { id: 1, name: 'Ada Admin' },
      },
    ],
    ...overrides,
  });

const investments = json(200, { data: [{ id: 7, name: 'Acme Robotics Seed' }] });

const at = (path: string, route: string, element: React.ReactNode, session = admin) =>
  renderWithProviders(<Navigate to={path} replace />, {
    path: '/admin',
    session,
    routes: [
      { path: route, element },
      { path: '/admin/reports/updates', element: <p>The list</p> },
      { path: '/admin/reports/:id/edit-update', element: <p>The editor</p> },
      { path: '/admin/reports/:id/details', element: <p>The details</p> },
    ],
  });

beforeEach(() => setXsrfCookie('token'));
afterEach(() => vi.unstubAllGlobals());

describe('london time', () => {
  it('reads and shows a schedule in London time, summer or winter', () => {
    expect(londonInputToIso('2026-12-01T09:30')).toBe('2026-12-01T09:30:00.000Z');
    expect(londonInputToIso('2026-07-01T09:30')).toBe('2026-07-01T08:30:00.000Z');
    expect(isoToLondonInput('2026-07-01T08:30:00.000Z')).toBe('2026-07-01T09:30');
    expect(londonInputToIso('not a date')).toBe('');
    expect(formatLondon('2026-07-01T08:30:00.000Z')).toMatch(/1 Jul 2026, 09:30 BST/);
  });
});

describe('UpdateReportsListPage', () => {
  it('lists reports by status, drafts opening in the editor and live ones at their details', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/update-reports': json(
        200,
        paginated([
          listRow(),
          listRow({
            id: 22,
            title: 'Live one',
            status: 'live',
            recipients: 42,
            opportunity: null,
            opportunity_id: null,
            published_at: '2026-10-02T09:00:00.000Z',
          }),
        ]),
      ),
      'GET /api/opportunities': investments,
    });
    renderWithProviders(<UpdateReportsListPage />, { path: '/admin/reports/updates', session: admin });
    const table = await screen.findByRole('table', { name: 'Update reports' });
    expect(await within(table).findByRole('link', { name: 'Q3 trading update' })).toHaveAttribute(
      'href',
      '/admin/reports/21/edit-update',
    );
    expect(within(table).getByRole('link', { name: 'Live one' })).toHaveAttribute(
      'href',
      '/admin/reports/22/details',
    );
    expect(within(table).getByText('General news')).toBeInTheDocument();
    expect(within(table).getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New update' })).toHaveAttribute(
      'href',
      '/admin/reports/new-update',
    );

    await user.click(screen.getByRole('tab', { name: 'Live' }));
    await waitFor(() =>
      expect(callsTo('GET', '/api/update-reports').at(-1)?.path).toContain('filter%5Bstatus%5D=live'),
    );
  });

  it('offers no New update, nor the editor, to a role that may only read', async () => {
    mockFetch({
      'GET /api/update-reports': json(200, paginated([listRow()])),
      'GET /api/opportunities': investments,
    });
    renderWithProviders(<UpdateReportsListPage />, { path: '/admin/reports/updates', session: committee });
    const table = await screen.findByRole('table', { name: 'Update reports' });
    expect(await within(table).findByRole('link', { name: 'Q3 trading update' })).toHaveAttribute(
      'href',
      '/admin/reports/21/details',
    );
    expect(screen.queryByRole('link', { name: 'New update' })).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    mockFetch({ 'GET /api/update-reports': json(200, paginated([])), 'GET /api/opportunities': investments });
    renderWithProviders(<UpdateReportsListPage />, { path: '/admin/reports/updates', session: admin });
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write the first update' })).toBeInTheDocument();
  });
});

describe('NewUpdateReportPage', () => {
  it('puts the server’s refusal on its field, then saves a draft and opens it in the editor', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/opportunities': investments,
      'POST /api/update-reports': [
        json(422, { message: 'The title is taken.', errors: { title: ['The title is taken.'] } }),
        json(201, { data: { id: 21, status: 'draft' } }),
      ],
    });
    at('/admin/reports/new-update', '/admin/reports/new-update', <NewUpdateReportPage />);
    await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'Q3 trading update');
    expect(screen.getByRole('combobox', { name: 'About' })).toHaveValue('General news (every investor)');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The title is taken.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/update-reports')[0]?.body).toEqual({
      title: 'Q3 trading update',
      body: '',
      opportunity_id: null,
    });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The editor')).toBeInTheDocument();
  });

  it('refuses a draft without a title before sending it', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({ 'GET /api/opportunities': investments });
    at('/admin/reports/new-update', '/admin/reports/new-update', <NewUpdateReportPage />);
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/update-reports')).toHaveLength(0);
  });
});

describe('EditUpdateReportPage', () => {
  it('publishes a draft after saying who will be notified, then opens its details', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/opportunities': investments,
      'GET /api/update-reports/21': json(200, { data: report() }),
      'POST /api/update-reports/21/publish': json(200, {
        data: { id: 21, status: 'live', published_at: '2026-10-02T09:00:00.000Z' },
      }),
    });
    at('/admin/reports/21/edit-update', '/admin/reports/:id/edit-update', <EditUpdateReportPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 trading update' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'About' })).toHaveValue('Acme Robotics Seed'),
    );
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this update?' });
    expect(dialog).toHaveTextContent('Every investor who holds Acme Robotics Seed will be notified');
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('The details')).toBeInTheDocument();
    expect(callsTo('POST', '/api/update-reports/21/publish')[0]?.body).toEqual({});
    // nothing had changed: no save before publishing
    expect(callsTo('PATCH', '/api/update-reports/21')).toHaveLength(0);
  });

  it('deletes a draft after asking', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/opportunities': investments,
      'GET /api/update-reports/21': json(200, { data: report() }),
      'DELETE /api/update-reports/21': json(204),
    });
    at('/admin/reports/21/edit-update', '/admin/reports/:id/edit-update', <EditUpdateReportPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/update-reports/21')).toHaveLength(1);
  });

  it('sends a live report to its details', async () => {
    mockFetch({
      'GET /api/opportunities': investments,
      'GET /api/update-reports/21': json(200, { data: live() }),
    });
    at('/admin/reports/21/edit-update', '/admin/reports/:id/edit-update', <EditUpdateReportPage />);
    expect(await screen.findByText('The details')).toBeInTheDocument();
  });
});

describe('UpdateReportDetailsPage', () => {
  it('shows a live report as investors read it, its versions, and withdraws it with a reason', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/update-reports/21': [
        json(200, { data: live() }),
        json(200, {
          data: live({
            status: 'withdrawn',
            withdrawn_at: '2026-10-03T09:00:00.000Z',
            withdrawn_reason: 'Wrong figures',
          }),
        }),
      ],
      'POST /api/update-reports/21/withdraw': json(200, {
        data: live({
          status: 'withdrawn',
          withdrawn_at: '2026-10-03T09:00:00.000Z',
          withdrawn_reason: 'Wrong figures',
        }),
      }),
    });
    at('/admin/reports/21/details', '/admin/reports/:id/details', <UpdateReportDetailsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 trading update' })).toBeInTheDocument();
    expect(screen.getByText('Revenue grew.')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText(/Published .* by Ada Admin/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/update-reports/21/pdf',
    );

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this update?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw update' }));
    expect(callsTo('POST', '/api/update-reports/21/withdraw')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong figures');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw update' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/update-reports/21/withdraw')[0]?.body).toEqual({
        reason: 'Wrong figures',
      }),
    );
    expect(await screen.findByText(/Investors no longer see it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('offers no correction or withdrawal to a role that may only read', async () => {
    mockFetch({ 'GET /api/update-reports/21': json(200, { data: live() }) });
    at('/admin/reports/21/details', '/admin/reports/:id/details', <UpdateReportDetailsPage />, committee);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 trading update' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });
});

describe('a fund as the subject (issue 20)', () => {
  const funds = json(
    200,
    paginated([
      { id: 4, name: 'Northern Ventures Fund', currency: 'GBP' },
      { id: 5, name: 'Sterling Seed Fund', currency: 'GBP' },
    ]),
  );
  const withFunds = (path: string, route: string, element: React.ReactNode, on = true) =>
    renderWithProviders(<Navigate to={path} replace />, {
      path: '/admin',
      session: admin,
      branding: brandingWithFeatures(on ? ['funds'] : []),
      routes: [
        { path: route, element },
        { path: '/admin/reports/:id/edit-update', element: <p>The editor</p> },
        { path: '/admin/reports/:id/details', element: <p>The details</p> },
      ],
    });

  it('offers the funds with the feature on and sends the chosen one as fund_id', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/opportunities': investments,
      'GET /api/funds': funds,
      'POST /api/update-reports': json(201, { data: { id: 21, status: 'draft' } }),
    });
    withFunds('/admin/reports/new-update', '/admin/reports/new-update', <NewUpdateReportPage />);
    await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'Annual letter');
    await waitFor(() => expect(callsTo('GET', '/api/funds')).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'About' }));
    await user.click(await screen.findByRole('option', { name: 'Northern Ventures Fund' }));
    expect(screen.getByRole('combobox', { name: 'About' })).toHaveValue('Northern Ventures Fund');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The editor')).toBeInTheDocument();
    expect(callsTo('POST', '/api/update-reports')[0]?.body).toEqual({
      title: 'Annual letter',
      body: '',
      opportunity_id: null,
      fund_id: 4,
    });
  });

  it('offers no fund with the feature off', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({ 'GET /api/opportunities': investments, 'GET /api/funds': funds });
    withFunds('/admin/reports/new-update', '/admin/reports/new-update', <NewUpdateReportPage />, false);
    await user.click(await screen.findByRole('combobox', { name: 'About' }));
    expect(await screen.findByRole('option', { name: 'Acme Robotics Seed' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Northern Ventures Fund' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/funds')).toHaveLength(0);
  });

  it('says a fund report’s publication tells the fund’s committed investors', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/opportunities': investments,
      'GET /api/funds': funds,
      'GET /api/update-reports/21': json(200, {
        data: report({
          opportunity_id: null,
          opportunity: null,
          fund_id: 4,
          fund: { id: 4, name: 'Northern Ventures Fund' },
        }),
      }),
    });
    withFunds('/admin/reports/21/edit-update', '/admin/reports/:id/edit-update', <EditUpdateReportPage />);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'About' })).toHaveValue('Northern Ventures Fund'),
    );
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this update?' });
    expect(dialog).toHaveTextContent(
      'Every investor who holds a commitment to Northern Ventures Fund will be notified',
    );
  });

  it('shows the fund as the subject in the list', async () => {
    mockFetch({
      'GET /api/update-reports': json(
        200,
        paginated([
          listRow({
            id: 23,
            title: 'Annual letter',
            opportunity_id: null,
            opportunity: null,
            fund_id: 4,
            fund: { id: 4, name: 'Northern Ventures Fund' },
          }),
        ]),
      ),
      'GET /api/opportunities': investments,
    });
    renderWithProviders(<UpdateReportsListPage />, { path: '/admin/reports/updates', session: admin });
    const table = await screen.findByRole('table', { name: 'Update reports' });
    expect(await within(table).findByText('Northern Ventures Fund')).toBeInTheDocument();
    expect(within(table).queryByText('General news')).not.toBeInTheDocument();
  });
});
