import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../testing/render';
import { InsiderListPage } from './pages/insider-list-page';
import { InsiderListsPage } from './pages/insider-lists-page';

const FIRST_RENDER = { timeout: 15_000 };
const admin = { status: 'authenticated' as const, user: userWithRole(1) };
const branding = brandingWithFeatures(['marketSounding']);

const entry = (overrides: Record<string, unknown> = {}) => ({
  entry_id: 7,
  version: 2,
  source: 'manual',
  person_kind: 'staff',
  user_id: 3,
  investor_id: null,
  sounding_id: null,
  first_names: 'Alex',
  surnames: 'Morgan',
  birth_surnames: null,
  professional_phones: '+44 20 7946 0101',
  company_name_address: 'Portico Capital Ltd, London',
  function_reason: 'Leads the deal',
  obtained_at: '2026-11-01T09:30:00.000000Z',
  ceased_at: null,
  date_of_birth: '1978-03-14',
  national_id: 'QQ123456A',
  personal_phones: null,
  personal_address: '12 Elm Grove, London',
  created_by: { id: 1, name: 'Alex Morgan' },
  created_at: '2026-11-02T10:00:00.000000Z',
  ...overrides,
});

const list = (entries: unknown[]) => ({
  data: {
    type: 'deal',
    id: 12,
    name: 'Harbour Robotics Series A (Harbour Robotics Ltd)',
    created_at: '2026-11-01T09:00:00.000000Z',
    last_update_at: '2026-11-02T10:00:00.000000Z',
    transmitted_at: null,
    entries,
  },
});

const at = (path: string, route: string, element: React.ReactNode) =>
  renderWithProviders(<Navigate to={path} replace />, {
    path: '/admin',
    session: admin,
    branding,
    routes: [
      { path: route, element },
      { path: '/admin/insider-register/insider-lists/:type/:id', element: <p>The list’s page</p> },
    ],
  });

beforeEach(() => setXsrfCookie('token'));
afterEach(() => vi.unstubAllGlobals());

describe('InsiderListsPage', { timeout: 30_000 }, () => {
  it('lists the permanent section and each deal’s list, with UTC times and insiders counted', async () => {
    mockFetch({
      'GET /api/insider-lists': json(200, {
        data: {
          permanent: {
            type: 'permanent',
            id: 0,
            name: 'Permanent insiders',
            created_at: null,
            insiders_count: 0,
            last_update_at: null,
          },
          lists: [
            {
              type: 'deal',
              id: 12,
              name: 'Harbour Robotics Series A',
              created_at: '2026-11-01T09:00:00.000000Z',
              insiders_count: 3,
              last_update_at: '2026-11-02T10:00:00.000000Z',
            },
          ],
        },
      }),
    });
    at(
      '/admin/insider-register/insider-lists',
      '/admin/insider-register/insider-lists',
      <InsiderListsPage />,
    );
    const table = await screen.findByRole('table', { name: 'Insider lists' }, FIRST_RENDER);
    const deal = await within(table).findByRole('link', { name: 'Harbour Robotics Series A' });
    expect(deal).toHaveAttribute('href', '/admin/insider-register/insider-lists/deal/12');
    expect(within(table).getByRole('link', { name: 'Permanent insiders' })).toHaveAttribute(
      'href',
      '/admin/insider-register/insider-lists/permanent/0',
    );
    const row = deal.closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('2026-11-01 09:00 UTC');
    expect(row).toHaveTextContent('3');
    expect(within(table).getByText('No entries yet')).toBeInTheDocument();
  });

  it('opens a list for a chosen deal and goes to it', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/insider-lists': json(200, {
        data: {
          permanent: {
            type: 'permanent',
            id: 0,
            name: 'Permanent insiders',
            created_at: null,
            insiders_count: 0,
            last_update_at: null,
          },
          lists: [],
        },
      }),
      'GET /api/insider-lists/subjects': json(200, {
        data: [{ type: 'deal', id: 12, name: 'Harbour Robotics Series A' }],
      }),
      'POST /api/insider-lists': json(201, {
        data: {
          type: 'deal',
          id: 12,
          name: 'Harbour Robotics Series A',
          created_at: '2026-11-28T09:00:00.000000Z',
          insiders_count: 0,
          last_update_at: '2026-11-28T09:00:00.000000Z',
        },
      }),
    });
    const { router } = at(
      '/admin/insider-register/insider-lists',
      '/admin/insider-register/insider-lists',
      <InsiderListsPage />,
    );
    await user.click(await screen.findByRole('button', { name: 'Open an insider list' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Open an insider list' });
    // nothing chosen: nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Open the list' }));
    expect(await within(dialog).findByText('Choose a deal or an opportunity.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Deal or opportunity' }));
    await user.click(
      await screen.findByRole('option', { name: 'Harbour Robotics Series A · Pipeline deal' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Open the list' }));
    await waitFor(() => expect(callsTo('POST', '/api/insider-lists')).toHaveLength(1));
    expect(callsTo('POST', '/api/insider-lists')[0]?.body).toEqual({ deal_id: 12 });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/insider-register/insider-lists/deal/12'),
    );
  });
});

describe('InsiderListPage', { timeout: 30_000 }, () => {
  const path = '/admin/insider-register/insider-lists/deal/12';
  const route = '/admin/insider-register/insider-lists/:type/:id';

  it('shows the header times and the template’s columns, a sounded investor’s row to complete', async () => {
    mockFetch({
      'GET /api/insider-lists/deal/12': json(
        200,
        list([
          entry(),
          entry({
            entry_id: null,
            version: null,
            source: 'sounding',
            person_kind: 'investor',
            user_id: null,
            investor_id: 40,
            sounding_id: 5,
            first_names: 'Olivia',
            surnames: 'Carter',
            created_by: null,
          }),
        ]),
      ),
    });
    at(path, route, <InsiderListPage />);
    expect(
      await screen.findByRole('heading', { name: /Insider list: Harbour Robotics Series A/ }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByText(/when this inside information was identified/)).toBeInTheDocument();
    expect(screen.getByText('2026-11-01 09:00 UTC')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Insiders of this list' });
    for (const heading of ['First name(s)', 'Birth surname(s)', 'Obtained (UTC)', 'National ID number'])
      expect(within(table).getByRole('columnheader', { name: heading })).toBeInTheDocument();
    expect(within(table).getAllByText('2026-11-01 09:30 UTC')).toHaveLength(2);
    expect(within(table).getByRole('button', { name: 'Amend Alex Morgan' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Complete Olivia Carter’s entry' })).toBeInTheDocument();
    expect(within(table).getByText('Market sounding')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export to Excel' })).toHaveAttribute(
      'href',
      '/api/insider-lists/deal/12/export.xlsx',
    );
  });

  it('adds someone typed in, puts the server’s 422 on its field, then closes', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/insider-lists/deal/12': json(200, list([])),
      'POST /api/insider-lists/deal/12/entries': [
        json(422, {
          message: 'Access cannot cease before it was obtained.',
          errors: { ceased_at: ['Access cannot cease before it was obtained.'] },
        }),
        json(201, { data: entry({ entry_id: 9, version: 1, first_names: 'Lena', surnames: 'Lawyer' }) }),
      ],
    });
    at(path, route, <InsiderListPage />);
    expect(await screen.findByText('Nobody is on this list yet.', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add insider' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add insider' });
    await user.click(within(dialog).getByRole('radio', { name: 'Someone else' }));
    // required fields first, in the server's words
    await user.click(within(dialog).getByRole('button', { name: 'Add insider' }));
    expect(await within(dialog).findByText('The first names field is required.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/insider-lists/deal/12/entries')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'First name(s)' }), 'Lena');
    await user.type(within(dialog).getByRole('textbox', { name: 'Surname(s)' }), 'Lawyer');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Function and reason for being insider' }),
      'External counsel',
    );
    await user.type(within(dialog).getByLabelText(/^Obtained/), '2026-11-03T10:15');
    await user.type(within(dialog).getByLabelText(/^Ceased/), '2026-11-02T10:15');
    await user.click(within(dialog).getByRole('button', { name: 'Add insider' }));
    expect(
      await within(dialog).findByText('Access cannot cease before it was obtained.'),
    ).toBeInTheDocument();
    const [first] = callsTo('POST', '/api/insider-lists/deal/12/entries');
    expect(first?.body).toMatchObject({
      first_names: 'Lena',
      surnames: 'Lawyer',
      function_reason: 'External counsel',
      birth_surnames: null,
      date_of_birth: null,
    });
    expect((first?.body as { obtained_at: string }).obtained_at).toMatch(/^2026-11-0[23]T\d{2}:15:00\.000Z$/);

    await user.clear(within(dialog).getByLabelText(/^Ceased/));
    await user.click(within(dialog).getByRole('button', { name: 'Add insider' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add insider' })).not.toBeInTheDocument(),
    );
    expect(callsTo('POST', '/api/insider-lists/deal/12/entries')[1]?.body).toMatchObject({ ceased_at: null });
  });

  it('asks before recording that access ceased, then writes a version', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/insider-lists/deal/12': json(200, list([entry()])),
      'POST /api/insider-lists/entries/7/versions': json(201, {
        data: entry({ version: 3, ceased_at: '2026-11-28T09:00:00.000000Z' }),
      }),
    });
    at(path, route, <InsiderListPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Ceased access of Alex Morgan' }, FIRST_RENDER),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record that access ceased?' });
    expect(callsTo('POST', '/api/insider-lists/entries/7/versions')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ceased access' }));
    await waitFor(() => expect(callsTo('POST', '/api/insider-lists/entries/7/versions')).toHaveLength(1));
    expect(Object.keys(callsTo('POST', '/api/insider-lists/entries/7/versions')[0]?.body as object)).toEqual([
      'ceased_at',
    ]);
  });
});

describe('the insider lists’ address', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await Promise.all([import('../../app/routes/admin-area'), import('./pages/insider-lists-page')]);
  }, 60_000);

  const open = (features: Parameters<typeof brandingWithFeatures>[0]) => {
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1, { id: 40 }) }),
      'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
      'GET /api/insider-lists': json(200, {
        data: {
          permanent: {
            type: 'permanent',
            id: 0,
            name: 'Permanent insiders',
            created_at: null,
            insiders_count: 0,
            last_update_at: null,
          },
          lists: [],
        },
      }),
    });
    return renderApp('/admin/insider-register/insider-lists');
  };

  it('opens with market sounding on, for compliance', async () => {
    open(['marketSounding']);
    expect(await screen.findByRole('heading', { name: 'Insider lists' }, FIRST_RENDER)).toBeInTheDocument();
  });

  it('is not found with market sounding off', async () => {
    open([]);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }, FIRST_RENDER),
    ).toBeInTheDocument();
  });
});
