import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../../testing/fixtures';
import { paginated } from '../../../testing/paginated';
import { renderWithProviders } from '../../../testing/render';
import { InvitationsSection } from './invitations-section';

const GROUP_INVITATION = {
  id: 1,
  opportunity_id: 7,
  kind: 'client_group',
  investor: null,
  client_group: { id: 3, name: 'Syndicate members', members_count: 7 },
  invited_by: { id: 1, name: 'Alex Morgan' },
  created_at: '2026-11-20T10:00:00.000000Z',
  notified_at: null,
};
const INVESTOR_INVITATION = {
  id: 2,
  opportunity_id: 7,
  kind: 'investor',
  investor: { id: 9, name: 'Olivia Carter', email: 'investor@portico.test' },
  client_group: null,
  invited_by: null,
  created_at: '2026-11-21T10:00:00.000000Z',
  notified_at: null,
};
const FAMILY = { id: 4, name: 'Family office partners', members_count: 4 };

function open(canEdit: boolean, routes: Record<string, MockReply | MockReply[]>) {
  setXsrfCookie('token');
  const mock = mockFetch(routes);
  const view = renderWithProviders(<InvitationsSection opportunityId={7} canEdit={canEdit} />, {
    session: { status: 'authenticated', user: userWithRole(1) },
    branding: buildBranding(),
  });
  return { ...mock, ...view };
}

describe('InvitationsSection', () => {
  it('lists the groups and investors invited, and says nobody is notified before it goes internal', async () => {
    open(true, {
      'GET /api/opportunities/7/invitations': json(200, { data: [GROUP_INVITATION, INVESTOR_INVITATION] }),
    });
    const table = await screen.findByRole('table', { name: 'Invitations' });
    await within(table).findByRole('link', { name: 'Syndicate members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Syndicate members7 members',
      'Olivia Carterinvestor@portico.test',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('by Alex Morgan')).toBeInTheDocument();
    expect(within(table).getAllByText('Not yet')).toHaveLength(2);
    expect(screen.getByText(/Only Live - Internal opportunities use invitations/)).toBeInTheDocument();
    expect(screen.getByText(/Nobody has been notified yet/)).toBeInTheDocument();
  });

  it('invites a client group chosen from a select, leaving out those already invited', async () => {
    const { callsTo } = open(true, {
      'GET /api/opportunities/7/invitations': json(200, { data: [GROUP_INVITATION] }),
      'GET /api/client-groups': json(200, paginated([GROUP_INVITATION.client_group, FAMILY])),
      'POST /api/opportunities/7/invitations': json(200, {
        data: [GROUP_INVITATION, { ...GROUP_INVITATION, id: 5, client_group: FAMILY }],
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite client group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a client group' });
    await user.click(within(dialog).getByRole('combobox', { name: /Client group/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Family office partners (4 members)']);
    await user.click(options[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Invite group' }));
    await waitFor(() => expect(callsTo('POST', '/api/opportunities/7/invitations')).toHaveLength(1));
    expect(callsTo('POST', '/api/opportunities/7/invitations')[0]?.body).toEqual({ client_group_ids: [4] });
    expect(await screen.findByRole('link', { name: 'Family office partners' })).toBeInTheDocument();
  });

  it('withdraws an invitation after a confirmation', async () => {
    const { callsTo } = open(true, {
      'GET /api/opportunities/7/invitations': [
        json(200, { data: [INVESTOR_INVITATION] }),
        json(200, { data: [] }),
      ],
      'DELETE /api/opportunities/7/invitations/2': json(204),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw the invitation of Olivia Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invitation' });
    expect(dialog).toHaveTextContent('Withdraw the invitation of Olivia Carter?');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/opportunities/7/invitations/2')).toHaveLength(1));
    expect(await screen.findByText(/Invite investors or client groups to offer them/)).toBeInTheDocument();
  });

  it('shows the list read-only to a role that may not change it, and a load error', async () => {
    const { unmount } = open(false, {
      'GET /api/opportunities/7/invitations': json(200, { data: [INVESTOR_INVITATION] }),
    });
    expect(await screen.findByText('Olivia Carter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    unmount();
    open(false, {
      'GET /api/opportunities/7/invitations': json(404, { message: 'No opportunity with that id.' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No opportunity with that id.');
  });
});
