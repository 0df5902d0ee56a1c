import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const investor = (id: number, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  phone: '+44 20 7946 0000',
  status: 'active',
  lead_status: { id: 3, name: 'Qualified', colour: '#0ca678' },
  category: 'sophisticated',
  onboarding_state: 'complete',
  created_at: '2024-05-01T10:15:30.000000Z',
});

function page(rows: ReturnType<typeof investor>[], current = 1, total = rows.length) {
  return {
    data: rows,
    links: { first: '', last: '', prev: null, next: null },
    meta: {
      current_page: current,
      from: 1,
      last_page: 3,
      path: '/api/investors',
      per_page: 25,
      to: rows.length,
      total,
      links: [],
    },
  };
}

function open(path: string, roleId: 1 | 9 | 12 = 1, routes: Record<string, MockReply | MockReply[]> = {}) {
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/investors': json(200, page([investor(7, 'Olivia Carter')], 2, 60)),
    'GET /api/lead-statuses': json(200, {
      data: [
        {
          id: 3,
          name: 'Qualified',
          colour: '#0ca678',
          position: 0,
          is_default: false,
          created_at: '',
          updated_at: '',
        },
      ],
    }),
    'GET /api/tasks': json(200, page([])),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

const queryOf = (path: string | undefined) => Object.fromEntries(new URLSearchParams(path?.split('?')[1]));

afterEach(() => {
  window.localStorage.clear();
});

describe('the investors list', () => {
  it('reads search, filters, sort, page and columns from the address and sends them as one list query', async () => {
    const { calls, router } = open(
      '/admin/investors?search=olivia&lead_status=3&client_type=business&category=sophisticated&test=passed' +
        '&onboarding=complete&owner=40&status=active&registered=2024-01-01,2024-03-31&sort=-name&page=2&columns=name,email,phone',
    );
    expect(await screen.findByRole('link', { name: 'Olivia Carter' })).toHaveAttribute(
      'href',
      '/admin/investors/7/details',
    );
    const request = calls.find((call) => call.path.startsWith('/api/investors?'));
    expect(queryOf(request?.path)).toEqual({
      'filter[search]': 'olivia',
      'filter[lead_status_id]': '3',
      'filter[client_type]': 'business',
      'filter[category]': 'sophisticated',
      'filter[compliance_passed]': 'true',
      'filter[onboarding_state]': 'complete',
      'filter[owner_id]': '40',
      'filter[status]': 'active',
      'filter[created_between]': '2024-01-01,2024-03-31',
      sort: '-name',
      fields: 'id,name,email,status,phone',
      page: '2',
      per_page: '25',
    });
    // The visible columns are the address's; the rest are hidden.
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([expect.stringMatching(/^Name/), expect.stringMatching(/^Email/), 'Phone']);
    expect(screen.getByLabelText('Search')).toHaveValue('olivia');
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('8');

    // Sorting by email goes back to page 1 and keeps everything else.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=email'));
    expect(router.state.location.search).not.toContain('page=');
    expect(router.state.location.search).toContain('columns=name%2Cemail%2Cphone');

    // A filter changed in the page lands in the address.
    await user.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(router.state.location.search).not.toContain('lead_status'));
    expect(router.state.location.search).toContain('search=olivia');
  });

  it('filters on a registration date range once both days are chosen', async () => {
    const { router } = open('/admin/investors?registered=2024-05-01,2024-05-31');
    await screen.findByRole('link', { name: 'Olivia Carter' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Registered between' }));
    await user.click(await screen.findByRole('button', { name: '3 May 2024' }));
    // Half a range is not a filter yet.
    expect(router.state.location.search).toBe('?registered=2024-05-01,2024-05-31');
    await user.click(screen.getByRole('button', { name: '10 May 2024' }));
    await waitFor(() => expect(router.state.location.search).toBe('?registered=2024-05-03%2C2024-05-10'));
  });

  it('remembers the chosen columns in this browser and puts them in the address', async () => {
    const first = open('/admin/investors');
    await screen.findByRole('link', { name: 'Olivia Carter' });
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Phone' }));
    await waitFor(() => expect(first.router.state.location.search).toContain('columns='));
    expect(screen.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('columnheader', { name: 'Phone' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portico.columns.investors')).toBe(
      'name,email,phone,lead_status,category,onboarding_state,created_at',
    );
    first.unmount();

    // Another visit without columns in the address gets the remembered ones, written into the address.
    const again = open('/admin/investors');
    await screen.findByRole('link', { name: 'Olivia Carter' });
    expect(screen.getByRole('columnheader', { name: 'Phone' })).toBeInTheDocument();
    await waitFor(() =>
      expect(again.router.state.location.search).toBe(
        '?columns=name%2Cemail%2Cphone%2Clead_status%2Ccategory%2Conboarding_state%2Ccreated_at',
      ),
    );
    const request = again.calls.filter((call) => call.path.startsWith('/api/investors?')).at(-1);
    expect(queryOf(request?.path).fields).toContain('phone');
  });

  it('exports the filtered, sorted list with its visible columns as CSV or Excel links', async () => {
    open(
      '/admin/investors?search=ann&client_type=business&registered=2024-01-01,2024-03-31&sort=email&columns=name,email,category',
    );
    await screen.findByRole('link', { name: 'Olivia Carter' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const csv = await screen.findByRole('menuitem', { name: 'CSV (.csv)' });
    const excel = screen.getByRole('menuitem', { name: 'Excel (.xlsx)' });
    expect(csv).toHaveAttribute('download');
    const [path, query] = (csv.getAttribute('href') ?? '').split('?');
    expect(path).toBe('/api/investors/export');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      'filter[search]': 'ann',
      'filter[client_type]': 'business',
      'filter[created_between]': '2024-01-01,2024-03-31',
      sort: 'email',
      format: 'csv',
      columns: 'name,email,category',
    });
    expect(excel.getAttribute('href')).toContain('format=xlsx');
    expect(excel.getAttribute('href')).toContain('filter%5Bsearch%5D=ann');
  });

  it('lets a Creator list and add investors but not open one', async () => {
    open('/admin/investors', 9);
    expect(await screen.findByText('Olivia Carter')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Olivia Carter' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New investor' })).toHaveAttribute(
      'href',
      '/admin/investors/new-investor',
    );
  });

  it('shows the header search and the landing tasks to an Adviser', async () => {
    open('/admin/investors', 12, {
      'GET /api/tasks': json(200, {
        ...page([]),
        data: [
          {
            id: 1,
            subject: { type: 'investor', id: 7, name: 'Olivia Carter' },
            title: 'Call back',
            description: null,
            due_at: '2024-04-01T09:00:00.000000Z',
            assignee: { id: 40, name: 'Tom Fletcher' },
            created_by: { id: 1, name: 'Alex Morgan' },
            done_at: null,
            overdue: true,
            created_at: '2024-03-01T09:00:00.000000Z',
          },
        ],
        meta: { ...page([]).meta, total: 1 },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'My tasks' })).toBeInTheDocument();
    expect(
      screen.getByRole('combobox', { name: 'Search investors, contacts and organisations' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).getByRole('link', { name: 'Investors' })).toHaveAttribute('aria-current', 'page');
  });
});
