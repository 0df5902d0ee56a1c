import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportLinks } from '../../testing/export-links';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };

const NOMINEE = {
  id: 3,
  name: 'Portico Nominees Ltd',
  company_number: '01234567',
  fca_number: '123456',
  email: 'nominees@portico.test',
  phone: null,
  address_line_1: '1 High Street',
  address_line_2: null,
  city: 'London',
  postcode: 'EC1A 1BB',
  country: 'GB',
  clients_count: 1,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
};

const CLIENT = {
  id: 21,
  nominee_id: 3,
  investor: { id: 7, name: 'Olivia Carter', email: 'olivia@example.com' },
  designation: 'OC-001',
  created_at: '2024-05-02T10:15:30.000000Z',
};

function open(
  path: string,
  {
    nominee = true,
    routes = {},
  }: { nominee?: boolean; routes?: Record<string, MockReply | MockReply[]> } = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(1, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(nominee ? ['nominee'] : []) }),
    'GET /api/nominees': json(200, paginated([NOMINEE])),
    'GET /api/nominees/3': json(200, { data: NOMINEE }),
    'GET /api/nominees/3/clients': json(200, paginated([CLIENT])),
    'GET /api/nominees/3/notes': json(200, { data: [] }),
    'GET /api/nominees/3/calls': json(200, { data: [] }),
    'GET /api/nominees/3/tasks': json(200, { data: [] }),
    'GET /api/nominees/3/investments': json(200, {
      data: [],
      totals: { count: 0, committed: '0.00', called: '0.00', received: '0.00' },
    }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/nominees-list-page'),
    import('./pages/nominee-record-page'),
    import('./pages/nominee-notes-page'),
  ]);
}, 60_000);

describe('nominees', { timeout: 30_000 }, () => {
  it('are not there with nominee accounts off', async () => {
    open('/admin/investors/nominees', { nominee: false });
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });

  it('open on their transactions (spec §2.1), below their details and clients', async () => {
    const { router } = open('/admin/investors/nominees?search=portico');
    const user = userEvent.setup();
    // The first render of the admin area in a test file is the slowest.
    const link = await screen.findByRole('link', { name: 'Portico Nominees Ltd' }, FIRST_RENDER);
    expect(screen.getByText('Showing 1–1 of 1 nominee')).toBeInTheDocument();
    await user.click(link);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investors/nominees/3/transactions'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Portico Nominees Ltd' }),
    ).toBeInTheDocument();
    // The country by its name, once the names have loaded.
    expect(await screen.findByText('1 High Street, London, EC1A 1BB, United Kingdom')).toBeInTheDocument();
    const clients = await screen.findByRole('table', { name: 'Clients of Portico Nominees Ltd' });
    expect(await within(clients).findByRole('link', { name: 'Olivia Carter' })).toHaveAttribute(
      'href',
      '/admin/investors/7/details',
    );
    expect(within(clients).getByText('OC-001')).toBeInTheDocument();
    expect(screen.getByText('Acts for 1 investor.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(await screen.findByText('No investments yet')).toBeInTheDocument();
  });

  it('export the searched, sorted list with its visible columns as CSV or Excel links', async () => {
    open('/admin/investors/nominees?search=portico&sort=-created_at&columns=name,fca_number,clients_count');
    await screen.findByRole('link', { name: 'Portico Nominees Ltd' }, FIRST_RENDER);
    const links = await exportLinks();
    expect(links.csv).toEqual({
      path: '/api/nominees/export',
      query: {
        'filter[search]': 'portico',
        sort: '-created_at',
        format: 'csv',
        columns: 'name,fca_number,clients_count',
      },
    });
    expect(links.xlsx.path).toBe('/api/nominees/export');
    expect(links.xlsx.query.format).toBe('xlsx');
  });

  it('adds a client found by name, with a designation', async () => {
    const added = {
      ...CLIENT,
      id: 22,
      investor: { id: 8, name: 'Ben Adams', email: 'ben@example.com' },
      designation: 'BA-7',
    };
    const { callsTo } = open('/admin/investors/nominees/3/notes-calls-tasks', {
      routes: {
        'GET /api/investors': json(200, paginated([{ id: 8, name: 'Ben Adams', email: 'ben@example.com' }])),
        'POST /api/nominees/3/clients': [
          json(422, {
            message: 'This investor is already a client of this nominee.',
            errors: { user_id: ['This investor is already a client of this nominee.'] },
          }),
          json(201, { data: added }),
        ],
      },
    });
    await screen.findByRole('table', { name: 'Clients of Portico Nominees Ltd' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a client of Portico Nominees Ltd' });
    await user.click(within(dialog).getByRole('button', { name: 'Add client' }));
    expect(within(dialog).getByRole('combobox', { name: 'Investor' })).toHaveAccessibleDescription(
      'Choose the investor it acts for.',
    );

    await user.type(within(dialog).getByRole('combobox', { name: 'Investor' }), 'ben');
    await user.click(await screen.findByRole('option', { name: 'Ben Adams (ben@example.com)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Designation' }), ' BA-7 ');
    await user.click(within(dialog).getByRole('button', { name: 'Add client' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Investor' })).toHaveAccessibleDescription(
        'This investor is already a client of this nominee.',
      ),
    );
    expect(callsTo('POST', '/api/nominees/3/clients')[0]?.body).toEqual({ user_id: 8, designation: 'BA-7' });

    await user.click(within(dialog).getByRole('button', { name: 'Add client' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Add a client/ })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(callsTo('GET', '/api/nominees/3/clients').length).toBeGreaterThan(1));
  });

  it('removes a client only after a confirmation', async () => {
    const { callsTo } = open('/admin/investors/nominees/3/notes-calls-tasks', {
      routes: { 'DELETE /api/nominees/3/clients/21': json(204) },
    });
    const clients = await screen.findByRole('table', { name: 'Clients of Portico Nominees Ltd' });
    const user = userEvent.setup();
    await user.click(await within(clients).findByRole('button', { name: 'Remove Olivia Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove client' });
    expect(dialog).toHaveTextContent('Remove Olivia Carter from the clients of Portico Nominees Ltd?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', '/api/nominees/3/clients/21')).toHaveLength(0);

    await user.click(within(clients).getByRole('button', { name: 'Remove Olivia Carter' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove client' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE', '/api/nominees/3/clients/21')).toHaveLength(1));
  });

  it('checks a company number as the contract does before sending', async () => {
    const { callsTo } = open('/admin/investors/nominees/new-nominee', {
      routes: { 'POST /api/nominees': json(201, { data: NOMINEE }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New nominee' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Portico Nominees Ltd');
    await user.type(screen.getByRole('textbox', { name: 'Company number' }), '123');
    await user.click(screen.getByRole('button', { name: 'Add nominee' }));
    expect(screen.getByRole('textbox', { name: 'Company number' })).toHaveAccessibleDescription(
      expect.stringContaining(
        'The company number field must be a Companies House number, e.g. 01234567 or SC123456.',
      ),
    );
    expect(callsTo('POST', '/api/nominees')).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Company number' }));
    await user.type(screen.getByRole('textbox', { name: 'Company number' }), 'sc123456');
    await user.click(screen.getByRole('button', { name: 'Add nominee' }));
    await waitFor(() => expect(callsTo('POST', '/api/nominees')).toHaveLength(1));
    expect(callsTo('POST', '/api/nominees')[0]?.body).toEqual({
      name: 'Portico Nominees Ltd',
      company_number: 'sc123456',
    });
  });
});
