import type { Notification } from '@portico/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfCookieReply, json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../testing/fixtures';
import { mockRealtime } from '../../testing/realtime-mock';
import { renderApp } from '../../testing/render';

const investor = userWithRole(5, { name: 'Olivia Carter' });
let sequence = 0;

function notification(overrides: Partial<Notification> & { message?: string } = {}): Notification {
  sequence += 1;
  const { message = `Message ${sequence}`, ...rest } = overrides;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'App\\Notifications\\StaffMessage',
    notifiable_type: 'App\\Models\\User',
    notifiable_id: investor.id,
    data: { message, cta: '/investor/profile/view', icon: 'default' },
    read_at: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...rest,
  };
}

function openInvestorPortal(routes: Record<string, MockReply | MockReply[]>, path = '/investor') {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: investor }),
    'GET /api/branding': json(200, { data: buildBranding() }),
    'GET /api/profile/onboarding': json(200, { data: { steps: [], ready_to_invest: false } }),
    // the overview's own answer (issue 19): nothing waits for the investor
    'GET /api/profile/overview': json(200, {
      data: {
        cash_calls: [],
        pre_emptions: [],
        cooling_off: null,
        portfolio: { holdings: 0, totals_by_currency: [] },
      },
    }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('the bell (spec §2.3, §9)', () => {
  it('shows 99 for 100 unread, and says the real count to screen readers', async () => {
    const unread = Array.from({ length: 100 }, () => notification());
    openInvestorPortal({ 'GET /api/notifications/user/unread': json(200, { data: unread }) });
    const button = await bell('Notifications, 100 unread');
    expect(button).toHaveTextContent('99');
    expect(button).not.toHaveTextContent('100');
  });

  it('shows no badge at 0', async () => {
    openInvestorPortal({ 'GET /api/notifications/user/unread': json(200, { data: [] }) });
    const button = await bell('Notifications');
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications'));
    expect(button).toHaveTextContent('');
  });

  it('staff use the admin endpoints', async () => {
    const { callsTo } = mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/notifications/admin/unread': json(200, { data: [notification(), notification()] }),
      'GET /api/stats/overview': json(503, {}),
    });
    renderApp('/admin/settings/security');
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
    expect(callsTo('GET', '/api/notifications/user/unread')).toHaveLength(0);
  });
});

describe('the panel', () => {
  it('opens on the right, says it is loading, then lists the notifications', async () => {
    let answer: (response: Response) => void = () => undefined;
    openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: [] }),
      'GET /api/notifications/user': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Loading Notifications...')).toBeInTheDocument();
    answer(json(200, { data: [notification({ message: 'Your report is ready' })] }));
    expect(await within(panel).findByText('Your report is ready')).toBeInTheDocument();
    expect(within(panel).getByText('Just now')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: [] }),
      'GET /api/notifications/user': json(200, { data: [] }),
    });
    await userEvent.setup().click(await bell());
    expect(await screen.findByText('There are no Notifications.')).toBeInTheDocument();
  });

  it('renders **bold** as <strong>, and markup in a message as text, never as HTML', async () => {
    const hostile = notification({ message: 'Hello **there** <img src=x onerror="window.hacked=1">' });
    openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: [hostile] }),
      'GET /api/notifications/user': json(200, { data: [hostile] }),
    });
    await userEvent.setup().click(await bell('Notifications, 1 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const strong = await within(panel).findByText('there');
    expect(strong.tagName).toBe('STRONG');
    expect(
      within(panel).getByText('<img src=x onerror="window.hacked=1">', { exact: false }),
    ).toBeInTheDocument();
    expect(panel.querySelector('img')).toBeNull();
  });

  it('shows the time since each notification and an icon per kind', async () => {
    const hoursAgo = new Date(Date.now() - 3 * 3600 * 1000).toISOString();
    const daysAgo = new Date(Date.now() - 2 * 86_400 * 1000).toISOString();
    const items = [
      notification({
        created_at: hoursAgo,
        data: { message: 'A', cta: '/investor', icon: 'update_reports' },
      }),
      notification({
        created_at: daysAgo,
        read_at: daysAgo,
        data: { message: 'B', cta: '/investor', icon: 'investment_opportunity_invested' },
      }),
    ];
    openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: [items[0]] }),
      'GET /api/notifications/user': json(200, { data: items }),
    });
    await userEvent.setup().click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('3 hours ago')).toBeInTheDocument();
    expect(within(panel).getByText('2 days ago')).toBeInTheDocument();
    expect(panel.querySelector('[data-icon="update_reports"]')).not.toBeNull();
    expect(panel.querySelector('[data-icon="investment_opportunity_invested"]')).not.toBeNull();
    // Only the unread one is marked.
    expect(within(panel).getByRole('button', { name: /^Unread:\s*A/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^B/ })).toBeInTheDocument();
  });

  it('clicking an unread one marks it read, lowers the badge at once, closes the panel and opens its cta', async () => {
    const first = notification({
      message: 'Open me',
      data: { message: 'Open me', cta: '/investor/profile/view', icon: 'default' },
    });
    const second = notification();
    let answerRead: (response: Response) => void = () => undefined;
    const { callsTo, router } = openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: [first, second] }),
      'GET /api/notifications/user': json(200, { data: [first, second] }),
      [`POST /api/notifications/user/mark-read/${first.id}`]: () =>
        new Promise<Response>((resolve) => (answerRead = resolve)),
    });
    const user = userEvent.setup();
    await user.click(await bell('Notifications, 2 unread'));
    await user.click(await screen.findByRole('button', { name: /Open me/ }));
    // Before the server answers: the badge is down and we are on the cta.
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/profile/view'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(callsTo('POST', `/api/notifications/user/mark-read/${first.id}`)).toHaveLength(1);
    answerRead(json(204));
  });

  it('a failed read is swallowed silently: no message, the user still gets to the cta', async () => {
    const item = notification({
      data: { message: 'Read me', cta: '/investor/profile/view', icon: 'default' },
    });
    const { router } = openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: [item] }),
      'GET /api/notifications/user': json(200, { data: [item] }),
      [`POST /api/notifications/user/mark-read/${item.id}`]: json(500, { message: 'Server Error' }),
    });
    const user = userEvent.setup();
    await user.click(await bell('Notifications, 1 unread'));
    await user.click(await screen.findByRole('button', { name: /Read me/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/profile/view'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
  });

  it('ignores a second click within 500 ms (spec §9)', async () => {
    const a = notification({ data: { message: 'First', cta: '/investor/profile/view', icon: 'default' } });
    const b = notification({ data: { message: 'Second', cta: '/investor', icon: 'default' } });
    const { callsTo, router } = openInvestorPortal(
      {
        'GET /api/notifications/user/unread': json(200, { data: [a, b] }),
        'GET /api/notifications/user': json(200, { data: [a, b] }),
        [`POST /api/notifications/user/mark-read/${a.id}`]: json(204),
        [`POST /api/notifications/user/mark-read/${b.id}`]: json(204),
      },
      '/investor/profile/security',
    );
    const user = userEvent.setup();
    // The clock stands still, so the second click is "within 500 ms" however slow the machine is.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    await user.click(await bell('Notifications, 2 unread'));
    await user.click(await screen.findByRole('button', { name: /First/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/profile/view'));
    // Straight back into the panel: too soon for another.
    await user.click(await bell('Notifications, 1 unread'));
    await user.click(await screen.findByRole('button', { name: /Second/ }));
    expect(callsTo('POST', `/api/notifications/user/mark-read/${b.id}`)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/investor/profile/view');
  });

  it('"Mark all as read" clears the badge', async () => {
    const items = [notification(), notification()];
    const { callsTo } = openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: items }),
      'GET /api/notifications/user': json(200, { data: items }),
      'POST /api/notifications/user/mark-read': json(204),
    });
    const user = userEvent.setup();
    await user.click(await bell('Notifications, 2 unread'));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo('POST', '/api/notifications/user/mark-read')).toHaveLength(1));
    expect(await bell('Notifications')).toHaveAccessibleName('Notifications');
    expect(screen.queryByRole('button', { name: /^Unread:/ })).not.toBeInTheDocument();
  });
});

describe('live notifications (spec §7 realtime)', () => {
  it('listens on the user private channel and adds a broadcast notification without a reload', async () => {
    const live = mockRealtime();
    const existing = notification({ message: 'Older one' });
    openInvestorPortal({
      'GET /api/notifications/user/unread': json(200, { data: [existing] }),
      'GET /api/notifications/user': json(200, { data: [existing] }),
    });
    const user = userEvent.setup();
    await user.click(await bell('Notifications, 1 unread'));
    await screen.findByText('Older one');
    await waitFor(() => expect(live.listening(investor.id)).toBe(true));
    expect(live.connect).toHaveBeenCalledWith({ key: 'test-key', path: '/app' });

    act(() =>
      live.emit(investor.id, {
        message: 'New report for **Acme**',
        cta: '/investor/profile/view',
        icon: 'update_reports',
        id: '9b1e0000-0000-4000-8000-000000000001',
        type: 'App\\Notifications\\ReportPublished',
        socket: null,
      }),
    );
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('New report for Acme');
    expect(within(items[0] as HTMLElement).getByText('Acme').tagName).toBe('STRONG');
  });

  it('reads the bell again once the channel is subscribed: what was sent before that is not missed', async () => {
    const live = mockRealtime();
    const existing = notification({ message: 'Older one' });
    // sent after the page read the bell and before the channel was subscribed: it never comes live
    const missed = notification({ message: 'Sent while connecting' });
    openInvestorPortal({
      'GET /api/notifications/user/unread': [
        json(200, { data: [existing] }),
        json(200, { data: [missed, existing] }),
      ],
    });
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    await waitFor(() => expect(live.listening(investor.id)).toBe(true));
    act(() => live.subscribe(investor.id));
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
  });

  it('connects as soon as someone signs in on the page', async () => {
    const live = mockRealtime();
    mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply(),
      'GET /api/user': [json(401, { message: 'Unauthenticated.' }), json(200, { data: investor })],
      'POST /login': json(204),
      'GET /api/branding': json(200, { data: buildBranding() }),
      'GET /api/notifications/user/unread': json(200, { data: [] }),
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), investor.email);
    await user.type(screen.getByLabelText('Password'), 'portico-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor'));
    await waitFor(() => expect(live.listening(investor.id)).toBe(true));
  });

  it('connects only when signed in', async () => {
    const live = mockRealtime();
    mockFetch({
      'GET /api/user': json(401, { message: 'Unauthenticated.' }),
      'GET /api/branding': json(200, { data: buildBranding() }),
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(live.connect).not.toHaveBeenCalled();
  });
});
