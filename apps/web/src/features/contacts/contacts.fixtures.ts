import type { UserEvent } from '@testing-library/user-event';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

export const CONTACT = {
  id: 7,
  name: 'Priya Shah',
  first_name: 'Priya',
  last_name: 'Shah',
  email: 'priya@prospects.test',
  phone: null,
  company: 'Shah Holdings',
  job_title: 'Founder',
  state: 1,
  lead_status: { id: 3, name: 'Qualified', colour: '#0ca678' },
  client_type: null,
  owner: null,
  source: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  postcode: null,
  country: null,
  category: null,
  user_id: null,
  investor: null,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
};

const LEAD_STATUSES = {
  data: [
    { id: 2, name: 'New', colour: '#1c7ed6', position: 0, is_default: true, created_at: '', updated_at: '' },
    {
      id: 3,
      name: 'Qualified',
      colour: '#0ca678',
      position: 10,
      is_default: false,
      created_at: '',
      updated_at: '',
    },
  ],
};

/** The whole app at `path` as a staff role, with the contacts API mocked. */
export function openContacts(
  path: string,
  roleId: 1 | 3 | 9 | 10 | 12 = 1,
  routes: Record<string, MockReply | MockReply[]> = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/contacts': json(200, paginated([CONTACT], { total: 60, last_page: 3, current_page: 2 })),
    'GET /api/contacts/7': json(200, { data: CONTACT }),
    'GET /api/contacts/7/activity': json(200, paginated([])),
    'GET /api/lead-statuses': json(200, LEAD_STATUSES),
    'GET /api/admin-accounts': json(
      200,
      paginated([
        { id: 40, name: 'Tom Fletcher', email: 'adviser@portico.test' },
        { id: 41, name: 'Grace Li', email: 'fundmanager@portico.test' },
      ]),
    ),
    'GET /api/tasks': json(200, paginated([])),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

export const queryOf = (path: string | undefined) =>
  Object.fromEntries(new URLSearchParams(path?.split('?')[1]));

/** The lazily loaded pages, loaded once before the tests so the first one does not wait for them. */
export function warmContactPages() {
  return Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/contacts-list-page'),
    import('./pages/new-contact-page'),
    import('./pages/contact-edit-page'),
    import('./pages/contact-record-page'),
    import('./pages/contact-activity-page'),
    import('./pages/contact-category-page'),
  ]);
}

/** Types into a field at once (pasting): key by key is slow, and the form sees the same input events. */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
