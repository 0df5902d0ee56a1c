import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };

const GROUP = {
  id: 3,
  name: 'Syndicate members',
  description: 'Angels offered each internal round first.',
  members_count: 1,
  invitations_count: 2,
  created_at: '2026-11-01T10:15:30.000000Z',
  updated_at: '2026-11-01T10:15:30.000000Z',
};
const MEMBER = {
  id: 7,
  client_group_id: 3,
  investor: { id: 7, name: 'Olivia Carter', email: 'investor@portico.test' },
  created_at: '2026-11-02T10:15:30.000000Z',
};

function open(
  path: string,
  roleId: Parameters<typeof userWithRole>[0] = 1,
  routes: Record<string, MockReply | MockReply[]> = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40 }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
    'GET /api/client-groups': json(200, paginated([GROUP])),
    'GET /api/client-groups/3': json(200, { data: GROUP }),
    'GET /api/client-groups/3/members': json(200, paginated([MEMBER])),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/client-groups-list-page'),
    import('./pages/client-group-record-page'),
    import('./pages/client-group-members-page'),
  ]);
}, 60_000);

describe('client groups', { timeout: 30_000 }, () => {
  it('are listed with their member counts and open on their members', async () => {
    const { router } = open('/admin/investors/client-groups');
    const link = await screen.findByRole('link', { name: 'Syndicate members' }, FIRST_RENDER);
    const table = screen.getByRole('table', { name: 'Client groups' });
    expect(within(table).getByRole('columnheader', { name: /Members/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New client group' })).toBeInTheDocument();
    await userEvent.setup().click(link);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investors/client-groups/3/details'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Syndicate members' })).toBeInTheDocument();
    const members = await screen.findByRole('table', { name: 'Members of Syndicate members' });
    expect(within(members).getByRole('link', { name: 'Olivia Carter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity' })).toBeInTheDocument();
  });

  it('offers to add members, and removes one after a confirmation', async () => {
    const { callsTo } = open('/admin/investors/client-groups/3/details', 1, {
      'DELETE /api/client-groups/3/members/7': json(204),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Olivia Carter' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveTextContent('Remove Olivia Carter from Syndicate members?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/client-groups/3/members/7')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Add member' })).toBeInTheDocument();
  });

  it('let the Creator list and add groups, not open one (spec §6: investors index and create)', async () => {
    open('/admin/investors/client-groups', 9);
    expect(await screen.findByText('Syndicate members', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New client group' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Syndicate members' })).not.toBeInTheDocument();
  });
});
