import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportLinks } from '../../testing/export-links';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };

const METHOD = {
  id: 4,
  name: 'Hartley SIPP',
  type: 'sipp',
  provider: 'Hartley Pensions',
  description: 'Transfers take five working days.',
  email: null,
  phone: null,
  website: null,
  entities_count: 1,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
};

const ENTITY = {
  id: 50,
  investment_method: { id: 4, name: 'Hartley SIPP', type: 'sipp' },
  holder: { type: 'investor', id: 7, name: 'Olivia Carter', email: 'olivia@example.com' },
  user_id: 7,
  contact_id: null,
  name: 'Olivia Carter SIPP',
  account_reference: 'HS-1001',
  status: 'active',
  created_at: '2024-05-02T10:15:30.000000Z',
  updated_at: '2024-05-02T10:15:30.000000Z',
};

function open(path: string, roleId: 1 | 3 = 1, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/investment-methods': json(200, paginated([METHOD])),
    'GET /api/investment-methods/4': json(200, { data: METHOD }),
    'GET /api/investment-methods/4/entities': json(200, paginated([ENTITY])),
    'GET /api/investment-methods/4/activity': json(200, paginated([])),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/investment-methods-list-page'),
    import('./pages/investment-method-record-page'),
    import('./pages/investment-method-details-page'),
  ]);
}, 60_000);

describe('investment methods', { timeout: 30_000 }, () => {
  it('list by type from the address and open on their details with their accounts', async () => {
    const { calls } = open('/admin/investors/investment-methods?type=sipp');
    const user = userEvent.setup();
    // The first render of the admin area in a test file is the slowest.
    await user.click(await screen.findByRole('link', { name: 'Hartley SIPP' }, FIRST_RENDER));
    const request = calls.find((call) => call.path.startsWith('/api/investment-methods?'));
    expect(request?.path).toContain('filter%5Btype%5D=sipp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hartley SIPP' })).toBeInTheDocument();
    expect(screen.getByText('Transfers take five working days.')).toBeInTheDocument();
    const accounts = await screen.findByRole('table', { name: 'Accounts with Hartley SIPP' });
    expect(await within(accounts).findByText('Olivia Carter SIPP')).toBeInTheDocument();
    expect(within(accounts).getByRole('link', { name: 'Olivia Carter' })).toHaveAttribute(
      'href',
      '/admin/investors/7/details',
    );
  });

  it('export the filtered, sorted list with its visible columns as CSV or Excel links', async () => {
    open('/admin/investors/investment-methods?search=hartley&type=sipp&sort=-type&columns=name,provider');
    await screen.findByRole('link', { name: 'Hartley SIPP' }, FIRST_RENDER);
    const links = await exportLinks();
    expect(links.total).toBe('1 row, as filtered');
    expect(links.csv).toEqual({
      path: '/api/investment-methods/export',
      query: {
        'filter[search]': 'hartley',
        'filter[type]': 'sipp',
        sort: '-type',
        format: 'csv',
        columns: 'name,provider',
      },
    });
    expect(links.xlsx.query).toMatchObject({ format: 'xlsx', sort: '-type' });
  });

  it('adds an account with the server errors shown on their fields', async () => {
    const { callsTo } = open('/admin/investors/investment-methods/4/details', 1, {
      'GET /api/contacts': json(200, paginated([{ id: 15, name: 'Dan Price', email: 'dan@example.com' }])),
      'POST /api/investment-methods/4/entities': [
        json(422, {
          message: 'The selected contact is invalid. (and 1 more error)',
          errors: {
            contact_id: ['The selected contact is invalid.'],
            account_reference: ['The account reference field must not be greater than 100 characters.'],
          },
        }),
        json(201, {
          data: {
            ...ENTITY,
            id: 51,
            holder: { type: 'contact', id: 15, name: 'Dan Price', email: 'dan@example.com' },
            user_id: null,
            contact_id: 15,
            name: 'Dan Price Hartley SIPP',
            account_reference: 'HS-2',
            status: 'pending',
          },
        }),
      ],
    });
    await screen.findByRole('table', { name: 'Accounts with Hartley SIPP' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an account with Hartley SIPP' });

    // Nobody chosen: the contract's rule shows on the picker, before the server is asked.
    await user.click(within(dialog).getByRole('radio', { name: 'A contact' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(within(dialog).getByRole('combobox', { name: 'Contact' })).toHaveAccessibleDescription(
      'Choose the investor or the contact whose account this is.',
    );
    expect(callsTo('POST', '/api/investment-methods/4/entities')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: 'Contact' }), 'dan');
    await user.click(await screen.findByRole('option', { name: 'Dan Price (dan@example.com)' }));
    // The account's name starts from the holder's.
    expect(within(dialog).getByRole('textbox', { name: 'Account name' })).toHaveValue(
      'Dan Price Hartley SIPP',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Account reference' }), 'HS-2');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Contact' })).toHaveAccessibleDescription(
        'The selected contact is invalid.',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Account reference' })).toHaveAccessibleDescription(
      expect.stringContaining('The account reference field must not be greater than 100 characters.'),
    );
    expect(callsTo('POST', '/api/investment-methods/4/entities')[0]?.body).toEqual({
      contact_id: 15,
      name: 'Dan Price Hartley SIPP',
      account_reference: 'HS-2',
      status: 'pending',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Add an account/ })).not.toBeInTheDocument(),
    );
  });

  it('edits an account, sending only what changed, and shows a 422 on its field', async () => {
    const { callsTo } = open('/admin/investors/investment-methods/4/details', 1, {
      'PATCH /api/investment-method-entities/50': [
        json(422, {
          message: 'The name field must not be greater than 200 characters.',
          errors: { name: ['The name field must not be greater than 200 characters.'] },
        }),
        json(200, { data: { ...ENTITY, status: 'closed' } }),
      ],
    });
    const accounts = await screen.findByRole('table', { name: 'Accounts with Hartley SIPP' });
    const user = userEvent.setup();
    await user.click(await within(accounts).findByRole('button', { name: 'Edit Olivia Carter SIPP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Olivia Carter SIPP' });
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Account name' })).toHaveAccessibleDescription(
        expect.stringContaining('The name field must not be greater than 200 characters.'),
      ),
    );
    expect(callsTo('PATCH', '/api/investment-method-entities/50')[0]?.body).toEqual({ status: 'closed' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Edit Olivia/ })).not.toBeInTheDocument(),
    );
  });

  it('offers account deletion only to roles that may delete (not the Investment Committee)', async () => {
    open('/admin/investors/investment-methods/4/details', 3);
    const accounts = await screen.findByRole('table', { name: 'Accounts with Hartley SIPP' });
    expect(
      await within(accounts).findByRole('button', { name: 'Edit Olivia Carter SIPP' }),
    ).toBeInTheDocument();
    expect(
      within(accounts).queryByRole('button', { name: 'Delete Olivia Carter SIPP' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
