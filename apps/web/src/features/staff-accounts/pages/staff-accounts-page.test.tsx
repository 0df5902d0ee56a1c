import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { csrfCookieReply, json, mockFetch } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const account = (id: number, name: string, status: 'active' | 'invited' | 'deactivated', role_id = 12) => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@portico.test`,
  role_id,
  role_name: 'Adviser',
  status,
  email_verified_at: null,
  last_login_at: null,
  deactivated_at: null,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
});

function page(rows: ReturnType<typeof account>[], current = 1) {
  return {
    data: rows,
    links: {
      first: '/api/admin-accounts?page=1',
      last: '/api/admin-accounts?page=3',
      prev: null,
      next: null,
    },
    meta: {
      current_page: current,
      from: 16,
      last_page: 3,
      path: '/api/admin-accounts',
      per_page: 15,
      to: 16 + rows.length - 1,
      total: 40,
      links: [],
    },
  };
}

describe('admin accounts', () => {
  it('reads its search, filters, sort and page from the URL and sends them as a list query', async () => {
    const { calls } = mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/admin-accounts': json(200, page([account(5, 'Ann Invited', 'invited')], 2)),
    });
    const { router } = renderApp(
      '/admin/settings/account/admin-accounts?search=ann&role=12&status=invited&sort=-email&page=2',
    );
    expect(await screen.findByText('Ann Invited')).toBeInTheDocument();
    const query = new URLSearchParams(
      calls.find((call) => call.path.startsWith('/api/admin-accounts'))?.path.split('?')[1],
    );
    expect(Object.fromEntries(query)).toEqual({
      'filter[search]': 'ann',
      'filter[role_id]': '12',
      'filter[status]': 'invited',
      sort: '-email',
      append: 'role_name',
      page: '2',
      per_page: '15',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('ann');
    expect(screen.getByText('Showing 16–16 of 40 accounts')).toBeInTheDocument();

    // Sorting goes back to page 1 and keeps the filters; name ascending is the default, so it drops out.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=ann&role=12&status=invited'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=ann&role=12&status=invited&sort=-name'),
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending'),
    );
  });

  it('offers the commands each status allows', async () => {
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/admin-accounts': json(
        200,
        page([account(5, 'Ann Invited', 'invited'), account(6, 'Dan Gone', 'deactivated')]),
      ),
    });
    renderApp('/admin/settings/account/admin-accounts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Invited' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Change role',
      'Resend invitation',
      'Deactivate',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Dan Gone' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Reactivate']),
    );
  });

  it('invites a staff member and shows the server 422 on the field', async () => {
    const { callsTo } = mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1) }),
      'GET /api/admin-accounts': json(200, page([])),
      'GET /sanctum/csrf-cookie': csrfCookieReply(),
      'POST /api/admin-accounts': json(422, {
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      }),
    });
    renderApp('/admin/settings/account/admin-accounts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Tom Fletcher');
    await user.type(within(dialog).getByLabelText('Email address'), 'adviser@portico.test');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Adviser' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email address')).toHaveAccessibleDescription(
        'The email has already been taken.',
      ),
    );
    expect(callsTo('POST', '/api/admin-accounts')[0]?.body).toEqual({
      name: 'Tom Fletcher',
      email: 'adviser@portico.test',
      role_id: 12,
    });
  });
});
