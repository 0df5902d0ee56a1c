import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportLinks } from '../../testing/export-links';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };

const ORGANISATION = {
  id: 5,
  name: 'Acme Holdings',
  type: 'company',
  registration_number: '01234567',
  email: 'office@acme.test',
  phone: null,
  website: 'https://acme.test',
  address_line_1: null,
  address_line_2: null,
  city: 'Leeds',
  postcode: null,
  country: 'GB',
  members_count: 1,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
};

const MEMBER = {
  id: 31,
  organisation_id: 5,
  investor: { id: 7, name: 'Olivia Carter', email: 'olivia@example.com' },
  role: 'director',
  created_at: '2024-05-02T10:15:30.000000Z',
};

function open(
  path: string,
  roleId: 1 | 3 | 9 | 10 = 1,
  routes: Record<string, MockReply | MockReply[]> = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/organisations': json(200, paginated([ORGANISATION], { total: 60, last_page: 3 })),
    'GET /api/organisations/5': json(200, { data: ORGANISATION }),
    'GET /api/organisations/5/members': json(200, paginated([MEMBER])),
    'GET /api/organisations/5/activity': json(200, paginated([])),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

const queryOf = (path: string | undefined) => Object.fromEntries(new URLSearchParams(path?.split('?')[1]));

// The pages load lazily: load them once up front, so no test's first render waits on the compiler.
beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/organisations-list-page'),
    import('./pages/organisation-record-page'),
    import('./pages/organisation-details-page'),
    import('./pages/organisation-edit-page'),
    import('./pages/new-organisation-page'),
  ]);
}, 60_000);

afterEach(() => {
  window.localStorage.clear();
});

describe('the organisations list', { timeout: 30_000 }, () => {
  it('reads search, type, sort, page and columns from the address and sends them as one list query', async () => {
    const { calls, router } = open(
      '/admin/investors/organisations?search=acme&type=trust&sort=-created_at&page=2&per_page=50&columns=name,city',
    );
    // The first render of the admin area in a test file is the slowest.
    expect(await screen.findByRole('link', { name: 'Acme Holdings' }, FIRST_RENDER)).toHaveAttribute(
      'href',
      '/admin/investors/organisations/5/details',
    );
    const request = calls.find((call) => call.path.startsWith('/api/organisations?'));
    expect(queryOf(request?.path)).toEqual({
      'filter[search]': 'acme',
      'filter[type]': 'trust',
      sort: '-created_at',
      fields: 'id,name,city',
      page: '2',
      per_page: '50',
    });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      expect.stringMatching(/^Name/),
      'Town or city',
    ]);
    expect(screen.getByLabelText('Search')).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Trust');

    // Sorting by name goes back to page 1 and keeps the rest.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    // Name ascending is the default sort: it leaves the address.
    await waitFor(() => expect(router.state.location.search).not.toContain('sort='));
    expect(router.state.location.search).not.toContain('page=2');
    expect(router.state.location.search).toContain('type=trust');

    // A type chosen in the page lands in the address, and in the next request.
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Family office' }));
    await waitFor(() => expect(router.state.location.search).toContain('type=family_office'));
    await waitFor(() =>
      expect(
        queryOf(calls.filter((call) => call.path.startsWith('/api/organisations?')).at(-1)?.path),
      ).toMatchObject({
        'filter[type]': 'family_office',
      }),
    );
  });

  it('exports the filtered, sorted list with its visible columns as CSV or Excel links', async () => {
    open('/admin/investors/organisations?search=acme&type=trust&sort=-created_at&columns=name,city');
    await screen.findByRole('link', { name: 'Acme Holdings' }, FIRST_RENDER);
    const links = await exportLinks();
    expect(links.total).toBe('60 rows, as filtered');
    expect(links.csv).toEqual({
      path: '/api/organisations/export',
      query: {
        'filter[search]': 'acme',
        'filter[type]': 'trust',
        sort: '-created_at',
        format: 'csv',
        columns: 'name,city',
      },
    });
    expect(links.xlsx.query).toMatchObject({ format: 'xlsx', columns: 'name,city' });
  });

  it('leaves a malformed filter out of the request and offers no New button to a role that may not create', async () => {
    // Investment Manager: list and open, not create.
    const { calls } = open('/admin/investors/organisations?type=castle', 10);
    expect(await screen.findByRole('link', { name: 'Acme Holdings' })).toBeInTheDocument();
    const request = calls.find((call) => call.path.startsWith('/api/organisations?'));
    expect(queryOf(request?.path)['filter[type]']).toBeUndefined();
    expect(screen.queryByRole('link', { name: 'New organisation' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, clears the search and filters, then offers to add the first', async () => {
    const { router } = open('/admin/investors/organisations?search=nobody&type=trust', 1, {
      'GET /api/organisations': json(200, paginated([])),
    });
    expect(await screen.findByText('No organisations match', {}, FIRST_RENDER)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'Add the first organisation' })).toHaveAttribute(
      'href',
      '/admin/investors/organisations/new-organisation',
    );
  });

  it('says when the list could not be loaded, and offers no export of it', async () => {
    open('/admin/investors/organisations', 1, {
      'GET /api/organisations': json(500, { message: 'Server Error' }),
    });
    expect(await screen.findByRole('alert', {}, FIRST_RENDER)).toHaveTextContent(
      'The list could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('shows the New button to a role that may create', async () => {
    open('/admin/investors/organisations', 9);
    expect(await screen.findByRole('link', { name: 'New organisation' })).toHaveAttribute(
      'href',
      '/admin/investors/organisations/new-organisation',
    );
    // Creator may list, not open.
    expect(screen.queryByRole('link', { name: 'Acme Holdings' })).not.toBeInTheDocument();
  });
});

describe('an organisation record', { timeout: 30_000 }, () => {
  it('shows its details, members and tabs', async () => {
    open('/admin/investors/organisations/5/details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Holdings' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Acme Holdings sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Details', 'Transactions', 'Notes, Calls and Tasks']);
    const members = await screen.findByRole('table', { name: 'Members of Acme Holdings' });
    expect(await within(members).findByRole('link', { name: 'Olivia Carter' })).toHaveAttribute(
      'href',
      '/admin/investors/7/details',
    );
    expect(within(members).getByText('Director')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/admin/investors/organisations/5/edit',
    );
  });

  it('adds a member found by name, with the server refusing one who is already a member', async () => {
    const added = {
      ...MEMBER,
      id: 32,
      investor: { id: 8, name: 'Ben Adams', email: 'ben@example.com' },
      role: 'member',
    };
    const { callsTo } = open('/admin/investors/organisations/5/details', 1, {
      'GET /api/investors': json(
        200,
        paginated([
          { id: 8, name: 'Ben Adams', email: 'ben@example.com' },
          { id: 9, name: 'Bella Stone', email: 'bella@example.com' },
        ]),
      ),
      'POST /api/organisations/5/members': [
        json(422, {
          message: 'This investor is already a member of this organisation.',
          errors: { user_id: ['This investor is already a member of this organisation.'] },
        }),
        json(201, { data: added }),
      ],
    });
    await screen.findByRole('table', { name: 'Members of Acme Holdings' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member to Acme Holdings' });

    // Nobody chosen: the form says so before asking the server.
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(within(dialog).getByRole('combobox', { name: 'Investor' })).toHaveAccessibleDescription(
      'Choose the investor to link.',
    );
    expect(callsTo('POST', '/api/organisations/5/members')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: 'Investor' }), 'be');
    // The picker asks the server (after its debounce) for what was typed.
    await waitFor(() =>
      expect(
        callsTo('GET', '/api/investors').some((call) => call.path.includes('filter%5Bsearch%5D=be')),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'Ben Adams (ben@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Investor' })).toHaveAccessibleDescription(
        'This investor is already a member of this organisation.',
      ),
    );
    expect(callsTo('POST', '/api/organisations/5/members')[0]?.body).toEqual({ user_id: 8, role: 'member' });

    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Add a member/ })).not.toBeInTheDocument(),
    );
    expect(callsTo('POST', '/api/organisations/5/members')).toHaveLength(2);
    // The members are read again.
    await waitFor(() => expect(callsTo('GET', '/api/organisations/5/members').length).toBeGreaterThan(1));
  });

  it('removes a member only after a confirmation', async () => {
    const { callsTo } = open('/admin/investors/organisations/5/details', 1, {
      'DELETE /api/organisations/5/members/31': json(204),
    });
    const members = await screen.findByRole('table', { name: 'Members of Acme Holdings' });
    const user = userEvent.setup();
    await user.click(await within(members).findByRole('button', { name: 'Remove Olivia Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveTextContent('Remove Olivia Carter from Acme Holdings?');

    // Cancelling removes nobody.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove member' })).not.toBeInTheDocument(),
    );
    expect(callsTo('DELETE', '/api/organisations/5/members/31')).toHaveLength(0);

    await user.click(within(members).getByRole('button', { name: 'Remove Olivia Carter' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove member' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE', '/api/organisations/5/members/31')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove member' })).not.toBeInTheDocument(),
    );
  });

  it('changes a member role', async () => {
    const { callsTo } = open('/admin/investors/organisations/5/details', 1, {
      'PATCH /api/organisations/5/members/31': json(200, { data: { ...MEMBER, role: 'member' } }),
    });
    const members = await screen.findByRole('table', { name: 'Members of Acme Holdings' });
    const user = userEvent.setup();
    await user.click(
      await within(members).findByRole('button', { name: 'Change the role of Olivia Carter' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Olivia Carter' });
    expect(within(dialog).getByRole('button', { name: 'Save role' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/organisations/5/members/31')[0]?.body).toEqual({ role: 'member' }),
    );
  });

  it('offers Edit and Delete by permission: the Investment Committee may edit, not delete', async () => {
    open('/admin/investors/organisations/5/details', 3);
    await screen.findByRole('table', { name: 'Members of Acme Holdings' });
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes the organisation after a confirmation and goes back to the list', async () => {
    const { callsTo, router } = open('/admin/investors/organisations/5/details', 1, {
      'DELETE /api/organisations/5': json(204),
    });
    await screen.findByRole('heading', { level: 1, name: 'Acme Holdings' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Holdings' });
    expect(dialog).toHaveTextContent('Its member is unlinked (they stay an investor).');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors/organisations'));
    expect(callsTo('DELETE', '/api/organisations/5')).toHaveLength(1);
  });
});

describe('the organisation forms', { timeout: 30_000 }, () => {
  it('creates an organisation, showing the server errors on their fields', async () => {
    const { callsTo, router } = open('/admin/investors/organisations/new-organisation', 1, {
      'POST /api/organisations': [
        json(422, {
          message: 'The website field must be a valid URL (https://…).',
          errors: { website: ['The website field must be a valid URL (https://…).'] },
        }),
        json(201, { data: ORGANISATION }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New organisation' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add organisation' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'The name field is required.',
    );
    expect(callsTo('POST', '/api/organisations')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme Holdings');
    await user.type(screen.getByRole('textbox', { name: 'Town or city' }), ' Leeds ');
    await user.click(screen.getByRole('button', { name: 'Add organisation' }));
    expect(await screen.findByText('The website field must be a valid URL (https://…).')).toBeInTheDocument();
    expect(callsTo('POST', '/api/organisations')[0]?.body).toEqual({
      name: 'Acme Holdings',
      type: 'company',
      city: 'Leeds',
    });
    await user.click(screen.getByRole('button', { name: 'Add organisation' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investors/organisations/5/details'),
    );
  });

  it('sends only what changed when editing, "" to clear a field', async () => {
    const { callsTo, router } = open('/admin/investors/organisations/5/edit', 1, {
      'PATCH /api/organisations/5': json(200, {
        data: { ...ORGANISATION, city: null, updated_at: '2024-06-01T10:00:00.000000Z' },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Acme Holdings' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: 'Town or city' }));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investors/organisations/5/details'),
    );
    expect(callsTo('PATCH', '/api/organisations/5')[0]?.body).toEqual({ city: '' });
  });
});
