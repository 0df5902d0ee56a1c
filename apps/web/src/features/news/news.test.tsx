import { screen, waitFor, within } from '@testing-library/react';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderWithProviders } from '../../testing/render';
import { FundReportPage, HoldingReportPage } from './pages/subject-report-page';
import { NewsPage } from './pages/news-page';
import { NewsReportPage } from './pages/news-report-page';
import { HoldingUpdates } from './components/subject-updates';

const session = { status: 'authenticated' as const, user: userWithRole(5) };

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 11,
  title: 'Q3 trading update',
  body: '',
  excerpt: 'Revenue grew by a third.',
  opportunity: { id: 7, name: 'Acme Robotics Ltd' },
  published_at: '2026-10-01T09:00:00.000Z',
  version: 1,
  corrected_at: null,
  attachments: [],
  read_at: null,
  ...overrides,
});

const open = (path: string, route: string, element: React.ReactNode) =>
  renderWithProviders(<Navigate to={path} replace />, {
    path: '/investor',
    session,
    routes: [
      { path: route, element },
      { path: '/investor/news', element: <p>News list</p> },
    ],
  });

afterEach(() => vi.unstubAllGlobals());

describe('NewsPage', () => {
  it('lists reports newest first, marking unread ones in bold, with a badge and in words', async () => {
    mockFetch({
      'GET /api/profile/news': json(
        200,
        paginated([
          item(),
          item({ id: 12, title: 'Platform news', opportunity: null, read_at: '2026-10-02T10:00:00.000Z' }),
        ]),
      ),
      'GET /api/profile/news/unread-count': json(200, { data: { unread: 1 } }),
    });
    renderWithProviders(<NewsPage />, { path: '/investor/news', session });
    const unread = await screen.findByRole('link', { name: /^Q3 trading update\s*\(unread\)$/ });
    expect(unread).toHaveAttribute('href', '/investor/news/reports/11');
    const read = screen.getByRole('link', { name: 'Platform news' });
    expect(read).toHaveAttribute('href', '/investor/news/reports/12');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(first).getByText(/Acme Robotics Ltd/)).toBeInTheDocument();
    expect(within(second).queryByText('New')).not.toBeInTheDocument();
    expect(within(second).getByText(/General news/)).toBeInTheDocument();
    expect(within(first).getByText('Revenue grew by a third.')).toBeInTheDocument();
    expect(await screen.findByText(/1 new\./)).toBeInTheDocument();
  });

  it('says so when there is no news', async () => {
    mockFetch({
      'GET /api/profile/news': json(200, paginated([])),
      'GET /api/profile/news/unread-count': json(200, { data: { unread: 0 } }),
    });
    renderWithProviders(<NewsPage />, { path: '/investor/news', session });
    expect(await screen.findByText('No news yet')).toBeInTheDocument();
  });

  it('says so when the news cannot be loaded', async () => {
    mockFetch({
      'GET /api/profile/news': json(500, { message: 'Server Error' }),
      'GET /api/profile/news/unread-count': json(500, { message: 'Server Error' }),
    });
    renderWithProviders(<NewsPage />, { path: '/investor/news', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('The news could not be loaded.');
  });
});

describe('NewsReportPage', () => {
  it('shows the report, marks it read on opening, and says when it was corrected', async () => {
    const { callsTo } = mockFetch({
      'GET /api/profile/news/11': json(200, {
        data: item({
          body: '<p>Revenue grew by <strong>a third</strong>.</p>',
          version: 2,
          corrected_at: '2026-10-05T09:00:00.000Z',
          attachments: [
            { id: 1, name: 'Accounts.pdf', mime_type: 'application/pdf', size: 2048, url: '/files/1' },
          ],
        }),
      }),
      'POST /api/profile/news/11/read': json(200, { data: item({ read_at: '2026-10-06T09:00:00.000Z' }) }),
      'GET /sanctum/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=t; path=/';
        return json(204);
      },
    });
    open('/investor/news/reports/11', '/investor/news/reports/:id', <NewsReportPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 trading update' })).toBeInTheDocument();
    expect(screen.getByText('a third')).toBeInTheDocument();
    expect(screen.getByText('Corrected on 5 Oct 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accounts.pdf' })).toHaveAttribute('href', '/files/1');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/profile/news/11/pdf',
    );
    expect(screen.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/investor/news');
    await waitFor(() => expect(callsTo('POST', '/api/profile/news/11/read')).toHaveLength(1));
  });

  it('does not mark an already read report again, and shows no correction for a first version', async () => {
    const { callsTo } = mockFetch({
      'GET /api/profile/news/11': json(200, { data: item({ read_at: '2026-10-02T10:00:00.000Z' }) }),
    });
    open('/investor/news/reports/11', '/investor/news/reports/:id', <NewsReportPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 trading update' })).toBeInTheDocument();
    expect(screen.queryByText(/Corrected on/)).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/news/11/read')).toHaveLength(0);
  });

  it('is the 404 page when the investor may not read it', async () => {
    mockFetch({ 'GET /api/profile/news/11': json(404, { message: 'Not found.' }) });
    open('/investor/news/reports/11', '/investor/news/reports/:id', <NewsReportPage />);
    expect(await screen.findByText("Sorry that page doesn't seem to exist")).toBeInTheDocument();
  });
});

describe('HoldingReportPage', () => {
  it('reads a report in its holding’s context, with a breadcrumb back to the holding', async () => {
    mockFetch({
      'GET /api/profile/news/11': json(200, { data: item({ read_at: '2026-10-02T10:00:00.000Z' }) }),
    });
    open(
      '/investor/portfolio/7/reports/11',
      '/investor/portfolio/:id/reports/:reportId',
      <HoldingReportPage />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 trading update' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Acme Robotics Ltd' })).toHaveAttribute(
      'href',
      '/investor/portfolio/7',
    );
  });

  it('is the 404 page for a report about another holding', async () => {
    mockFetch({
      'GET /api/profile/news/11': json(200, { data: item({ read_at: '2026-10-02T10:00:00.000Z' }) }),
    });
    open(
      '/investor/portfolio/8/reports/11',
      '/investor/portfolio/:id/reports/:reportId',
      <HoldingReportPage />,
    );
    expect(await screen.findByText("Sorry that page doesn't seem to exist")).toBeInTheDocument();
  });
});

describe('HoldingUpdates', () => {
  it('lists the holding’s own updates with links in its context, leaving general news out', async () => {
    const { callsTo } = mockFetch({
      'GET /api/profile/news': json(
        200,
        paginated([item(), item({ id: 12, title: 'General', opportunity: null })]),
      ),
    });
    renderWithProviders(<HoldingUpdates opportunityId={7} />, { path: '/investor/portfolio/7', session });
    expect(await screen.findByRole('link', { name: /^Q3 trading update\s*\(unread\)$/ })).toHaveAttribute(
      'href',
      '/investor/portfolio/7/reports/11',
    );
    expect(screen.queryByRole('link', { name: /General/ })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/profile/news')[0]?.path).toContain('filter%5Bopportunity_id%5D=7');
  });

  it('says when there are none', async () => {
    mockFetch({ 'GET /api/profile/news': json(200, paginated([])) });
    renderWithProviders(<HoldingUpdates opportunityId={7} />, { path: '/investor/portfolio/7', session });
    expect(
      await screen.findByText('No updates have been published about this investment yet.'),
    ).toBeInTheDocument();
  });
});

describe('FundReportPage (issue 20)', () => {
  const fundReport = (overrides: Record<string, unknown> = {}) =>
    item({
      id: 21,
      title: 'Annual letter to investors',
      body: '<p>The fund is <strong>fully invested</strong>.</p>',
      opportunity: null,
      fund: { id: 3, name: 'Northern Ventures Fund' },
      ...overrides,
    });

  it('reads a fund’s report in the fund’s context, marks it read, with a breadcrumb back to the fund', async () => {
    const { callsTo } = mockFetch({
      'GET /api/profile/news/21': json(200, { data: fundReport() }),
      'POST /api/profile/news/21/read': json(200, {
        data: fundReport({ read_at: '2026-10-06T09:00:00.000Z' }),
      }),
      'GET /sanctum/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=t; path=/';
        return json(204);
      },
    });
    open(
      '/investor/portfolio/fund/3/reports/21',
      '/investor/portfolio/fund/:id/reports/:reportId',
      <FundReportPage />,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Annual letter to investors' }),
    ).toBeInTheDocument();
    expect(screen.getByText('fully invested')).toBeInTheDocument();
    expect(screen.getByText(/Northern Ventures Fund · Published/)).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Northern Ventures Fund' })).toHaveAttribute(
      'href',
      '/investor/portfolio/fund/3',
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/profile/news/21/pdf',
    );
    await waitFor(() => expect(callsTo('POST', '/api/profile/news/21/read')).toHaveLength(1));
  });

  it('is the 404 page for a report about another fund', async () => {
    mockFetch({
      'GET /api/profile/news/21': json(200, { data: fundReport({ read_at: '2026-10-06T09:00:00.000Z' }) }),
    });
    open(
      '/investor/portfolio/fund/4/reports/21',
      '/investor/portfolio/fund/:id/reports/:reportId',
      <FundReportPage />,
    );
    expect(await screen.findByText("Sorry that page doesn't seem to exist")).toBeInTheDocument();
  });

  it('is the 404 page for a holding’s report opened under a fund', async () => {
    mockFetch({
      'GET /api/profile/news/11': json(200, { data: item({ read_at: '2026-10-02T10:00:00.000Z' }) }),
    });
    open(
      '/investor/portfolio/fund/7/reports/11',
      '/investor/portfolio/fund/:id/reports/:reportId',
      <FundReportPage />,
    );
    expect(await screen.findByText("Sorry that page doesn't seem to exist")).toBeInTheDocument();
  });

  it('is the 404 page when the investor may not read it (not committed, or funds off)', async () => {
    mockFetch({ 'GET /api/profile/news/21': json(404, { message: 'No such report.' }) });
    open(
      '/investor/portfolio/fund/3/reports/21',
      '/investor/portfolio/fund/:id/reports/:reportId',
      <FundReportPage />,
    );
    expect(await screen.findByText("Sorry that page doesn't seem to exist")).toBeInTheDocument();
  });
});
