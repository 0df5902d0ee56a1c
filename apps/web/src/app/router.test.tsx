import { STAFF_ROLE_IDS } from '@portico/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visibleAdminMenu, type AdminMenuItem } from '../config/admin-menu';
import { INVESTOR_MENU } from '../config/investor-menu';
import { browser } from '../lib/browser';
import { createQueryClient } from '../lib/query-client';
import { fakeTimeoutSignals, hang, json, mockFetch } from '../testing/fetch-mock';
import { buildUser, userWithRole } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { createRoutes, routerOptions } from './router';

const STATS = {
  investors: { total: 2, verified: 1, new_last_30_days: 2 },
  staff: { total: 1, by_role: [{ role_id: 1, count: 1 }] },
  registrations_by_week: [{ week_start: '2024-04-29', count: 2 }],
  recent_investors: [
    {
      id: 7,
      name: 'Olivia Carter',
      email: 'investor@portico.test',
      email_verified_at: null,
      created_at: '2024-05-01T10:15:30.000000Z',
    },
  ],
};

afterEach(() => {
  vi.useRealTimers();
});

function pathOf(router: ReturnType<typeof renderApp>['router']) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe('session rules on the first page load (spec §4)', () => {
  it('200: logged in; "/" sends staff to their landing screen', async () => {
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1, { name: 'Alex Morgan' }) }),
      'GET /api/stats/overview': json(200, { data: STATS }),
    });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/admin');
    expect(await screen.findByText('Olivia Carter')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin menu' })).toHaveTextContent('Admin accounts');
  });

  it('503: goes to /maintenance, remembering the page', async () => {
    mockFetch({ 'GET /api/user': json(503, { message: 'Service Unavailable' }) });
    const { router } = renderApp('/admin/settings/security');
    expect(await screen.findByRole('heading', { name: "We'll be back shortly" })).toBeInTheDocument();
    expect(screen.getByText(/undergoing maintenance and will be back shortly/)).toBeInTheDocument();
    expect(pathOf(router)).toBe('/maintenance?from=%2Fadmin%2Fsettings%2Fsecurity');
  });

  it('no answer within 5 s: goes to /maintenance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeTimeoutSignals();
    mockFetch({ 'GET /api/user': hang });
    const { router } = renderApp('/login');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('heading', { name: "We'll be back shortly" })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/maintenance?from=%2Flogin');
  });

  it('401: logged out; a protected page sends to /login and remembers it', async () => {
    mockFetch({ 'GET /api/user': json(401, { message: 'Unauthenticated.' }) });
    const { router } = renderApp('/admin/settings/security');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/login?redirect=%2Fadmin%2Fsettings%2Fsecurity');
  });

  it('a signed-in user opening /login goes to their landing screen', async () => {
    mockFetch({ 'GET /api/user': json(200, { data: userWithRole(12) }) });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Investors' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/admin/investors');
  });

  it('an Entrepreneur, with no investors and no overview, lands on the deals (issue 10)', async () => {
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(2) }),
      'GET /api/pipelines': json(200, {
        data: [],
        links: { first: '/api/pipelines?page=1', last: '/api/pipelines?page=1', prev: null, next: null },
        meta: {
          current_page: 1,
          from: null,
          last_page: 1,
          path: '/api/pipelines',
          per_page: 100,
          to: null,
          total: 0,
          links: [],
        },
      }),
    });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/admin/investments/deals');
    expect(await screen.findByText('No pipelines yet')).toBeInTheDocument();
  });

  it('/maintenance asks again every 5 s and returns to the page once the server answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = mockFetch({
      'GET /api/user': [
        json(503, { message: 'Service Unavailable' }),
        json(503, { message: 'Service Unavailable' }),
        json(200, { data: userWithRole(12) }),
      ],
    });
    const { router } = renderApp('/admin/settings/security/details');
    await screen.findByRole('heading', { name: "We'll be back shortly" });
    expect(callsTo('GET', '/api/user')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(callsTo('GET', '/api/user')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/maintenance');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings/security/details'));
  });
});

describe('guards and error pages', () => {
  it.each(['/admin', '/admin/settings/account/admin-accounts'])(
    'an Adviser opening %s gets the "Something went wrong" page',
    async (path) => {
      mockFetch({ 'GET /api/user': json(200, { data: userWithRole(12) }) });
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    },
  );

  it.each(['/admin', '/admin/investors', '/admin/settings/account/admin-accounts'])(
    'an investor opening %s gets the investor 404 page with investor links (spec §2.4)',
    async (path) => {
      mockFetch({ 'GET /api/user': json(200, { data: userWithRole(5) }) });
      renderApp(path);
      expect(
        await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
      ).toBeInTheDocument();
      expect(screen.getByText('The page you requested cannot be found.')).toBeInTheDocument();
      expect(screen.queryByText(/try again later/)).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/investor');
      expect(screen.queryByRole('link', { name: 'Back to login' })).not.toBeInTheDocument();
    },
  );

  it('an unknown URL renders the 404 page', async () => {
    mockFetch({ 'GET /api/user': json(401, { message: 'Unauthenticated.' }) });
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('an unverified investor sees the verify-your-email notice instead of investor pages', async () => {
    const investor = buildUser({ role_id: 5, email_verified_at: null, email: 'new@portico.test' });
    mockFetch({ 'GET /api/user': json(200, { data: investor }) });
    const { router } = renderApp('/investor');
    expect(await screen.findByRole('heading', { name: 'Verify your email address' })).toBeInTheDocument();
    expect(screen.getByText('new@portico.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Investor navigation' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('a verified investor gets the investor navigation', async () => {
    mockFetch({ 'GET /api/user': json(200, { data: userWithRole(5, { name: 'Olivia Carter' }) }) });
    renderApp('/investor');
    expect(await screen.findByRole('heading', { name: /Olivia$/ })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Investor navigation' })[0];
    expect(nav).toHaveTextContent('Overview');
    expect(nav).toHaveTextContent('Profile');
  });
});

function paths(items: readonly AdminMenuItem[]): string[] {
  return items.flatMap((item) => [...(item.path ? [item.path] : []), ...paths(item.children ?? [])]);
}

describe('every menu entry is a working route', () => {
  it.each(STAFF_ROLE_IDS.map((roleId) => [roleId]))(
    'role %i opens each of its admin menu entries',
    async (roleId) => {
      mockFetch({ 'GET /api/user': json(200, { data: userWithRole(roleId) }) });
      const queryClient = createQueryClient();
      const router = createMemoryRouter(createRoutes(queryClient), {
        ...routerOptions(queryClient),
        initialEntries: ['/'],
      });
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
      for (const path of paths(visibleAdminMenu(roleId))) {
        await router.navigate(path);
        expect(router.state.errors).toBeNull();
        expect(router.state.location.pathname).toBe(path);
        expect(router.state.matches.at(-1)?.route.path).not.toBe('*');
      }
    },
  );

  it('an investor opens each investor menu entry', async () => {
    mockFetch({ 'GET /api/user': json(200, { data: userWithRole(5) }) });
    const queryClient = createQueryClient();
    const router = createMemoryRouter(createRoutes(queryClient), {
      ...routerOptions(queryClient),
      initialEntries: ['/'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor'));
    for (const item of INVESTOR_MENU) {
      await router.navigate(item.path);
      expect(router.state.errors).toBeNull();
      expect(router.state.location.pathname).toBe(item.path);
      expect(router.state.matches.at(-1)?.route.path).not.toBe('*');
    }
  });
});

describe('maintenance during a session', () => {
  it('a 503 from any call sends the browser to /maintenance', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/stats/overview': json(503, { message: 'Service Unavailable' }),
    });
    renderApp('/admin');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/maintenance\?from=/)));
  });
});
