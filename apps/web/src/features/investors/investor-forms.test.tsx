import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const INVESTOR = {
  id: 7,
  name: 'Olivia Carter',
  title: null,
  first_name: 'Olivia',
  last_name: 'Carter',
  email: 'investor@portico.test',
  email_verified_at: '2024-05-01T10:15:30.000000Z',
  phone: null,
  date_of_birth: null,
  nationality: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  postcode: null,
  country: null,
  client_type: null,
  lead_status: null,
  owner: null,
  adviser: null,
  source: null,
  category: null,
  category_expires_at: null,
  onboarding_state: 'verified',
  compliance_passed: 0,
  screening_status: 'not_started',
  ni_number: null,
  utr: null,
  bank_account_name: null,
  bank_sort_code: null,
  bank_account_number: null,
  bank_iban: null,
  bank_swift: null,
  status: 'active',
  organisations: [],
  last_login_at: null,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
};

const emptyPage = {
  data: [],
  links: { first: '', last: '', prev: null, next: null },
  meta: { current_page: 1, from: null, last_page: 1, path: '', per_page: 20, to: null, total: 0, links: [] },
};

function open(path: string, roleId: 1 | 8 | 10 | 12, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/lead-statuses': json(200, {
      data: [
        {
          id: 2,
          name: 'New',
          colour: '#1c7ed6',
          position: 0,
          is_default: true,
          created_at: '',
          updated_at: '',
        },
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
    }),
    'GET /api/investors/7': json(200, { data: INVESTOR }),
    'GET /api/investors/7/activity': json(200, emptyPage),
    'GET /api/admin-accounts': json(200, {
      ...emptyPage,
      data: [
        { id: 40, name: 'Tom Fletcher', email: 'adviser@portico.test' },
        { id: 41, name: 'Grace Li', email: 'fundmanager@portico.test' },
      ],
    }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

describe('new investor', () => {
  it('checks the fields with the contract, shows the server errors on them, and opens the new record', async () => {
    const { callsTo, router } = open('/admin/investors/new-investor', 12, {
      'POST /api/investors': [
        json(422, {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        }),
        json(201, { data: { ...INVESTOR, id: 9, name: 'Ann Lee', email: 'ann@example.com' } }),
      ],
      'GET /api/investors/9': json(200, {
        data: { ...INVESTOR, id: 9, name: 'Ann Lee', email: 'ann@example.com' },
      }),
      'GET /api/investors/9/activity': json(200, emptyPage),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New investor' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'The first name field is required.',
    );
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      'The email field is required.',
    );
    expect(callsTo('POST', '/api/investors')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'investor@portico.test');
    // The default lead status fills in once the statuses load.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Lead status' })).toHaveValue('New'));
    expect(screen.getByRole('switch', { name: /Send an invitation email/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
        'The email has already been taken.',
      ),
    );
    expect(callsTo('POST', '/api/investors')[0]?.body).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'investor@portico.test',
      lead_status_id: 2,
      owner_id: 40,
      send_invitation: true,
    });

    const email = screen.getByRole('textbox', { name: 'Email address' });
    await user.clear(email);
    await user.type(email, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add investor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors/9/details'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
  });
});

describe('an investor record', () => {
  it('offers each role only the commands it may run', async () => {
    open('/admin/investors/7/details', 10);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olivia Carter' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    // Investment Manager: update and delete, no password reset, no erase.
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Deactivate']);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/investors/7/edit');
    const tabs = screen.getByRole('navigation', { name: 'Olivia Carter sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Activity',
      'Transactions',
      'Documents',
      'Notes, Calls and Tasks',
      'Investor Category',
      'Registration Form',
      'Onboarding Documents',
      'Fact Find',
      'Risk Profile',
      'Investor Consent',
    ]);
  });

  it('erases an investor only once their email address is typed (Support)', async () => {
    const { callsTo, router } = open('/admin/investors/7/details', 8, {
      'DELETE /api/investors/7': json(204),
      'GET /api/investors': json(200, emptyPage),
      'GET /api/tasks': json(200, emptyPage),
    });
    await screen.findByRole('heading', { level: 1, name: 'Olivia Carter' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Send password reset',
      'Deactivate',
      'Delete permanently',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Delete permanently' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Olivia Carter permanently' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete permanently' });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Type investor@portico.test to confirm' }),
      'investor@',
    );
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'portico.test');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(callsTo('DELETE', '/api/investors/7')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors'));
  });

  it('edits only what changed, shows tax fields with the tax feature and hides bank details when asked', async () => {
    const { callsTo, router } = open('/admin/investors/7/edit', 1, {
      'GET /api/branding': json(200, { data: brandingWithFeatures(['tax', 'hideBankAdmin']) }),
      'PATCH /api/investors/7': [
        json(422, {
          message:
            'The National Insurance number field must be a UK National Insurance number, e.g. AB123456C.',
          errors: {
            ni_number: [
              'The National Insurance number field must be a UK National Insurance number, e.g. AB123456C.',
            ],
          },
        }),
        json(200, {
          data: {
            ...INVESTOR,
            city: 'Leeds',
            ni_number: 'AB123456C',
            updated_at: '2024-05-02T10:00:00.000000Z',
          },
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Olivia Carter' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Sort code' })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Town or city' }), 'Leeds');
    await user.type(screen.getByRole('textbox', { name: 'National Insurance number' }), 'AB123456C');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'National Insurance number' })).toHaveAccessibleDescription(
        'The National Insurance number field must be a UK National Insurance number, e.g. AB123456C.',
      ),
    );
    expect(callsTo('PATCH', '/api/investors/7')[0]?.body).toEqual({ city: 'Leeds', ni_number: 'AB123456C' });
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors/7/details'));
  });
});
