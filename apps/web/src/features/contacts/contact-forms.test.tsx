import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../testing/fetch-mock';
import { paginated } from '../../testing/paginated';
import { CONTACT, fill, openContacts, warmContactPages } from './contacts.fixtures';

beforeAll(warmContactPages, 60_000);

describe('new contact', () => {
  it('checks the fields with the contract, shows the server errors on them, and opens the new record', async () => {
    const created = {
      ...CONTACT,
      id: 9,
      name: 'Ann Lee',
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
    };
    const { callsTo, router } = openContacts('/admin/investors/contacts/new-contact', 12, {
      'POST /api/contacts': [
        json(422, {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        }),
        json(201, { data: created }),
      ],
      'GET /api/contacts/9': json(200, { data: created }),
      'GET /api/contacts/9/activity': json(200, paginated([])),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New contact' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'The first name field is required.',
    );
    expect(callsTo('POST', '/api/contacts')).toHaveLength(0);

    await fill(user, screen.getByRole('textbox', { name: 'First name' }), 'Ann');
    await fill(user, screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
    await fill(user, screen.getByRole('textbox', { name: /^Email address/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByRole('textbox', { name: /^Email address/ })).toHaveAccessibleDescription(
      expect.stringContaining('The email field must be a valid email address.'),
    );
    expect(callsTo('POST', '/api/contacts')).toHaveLength(0);

    const email = screen.getByRole('textbox', { name: /^Email address/ });
    await fill(user, email, 'ann@example.com');
    await fill(user, screen.getByRole('textbox', { name: 'Company' }), 'Lee Ventures');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    // The server's 422 lands on the field it names.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Email address/ })).toHaveAccessibleDescription(
        expect.stringContaining('The email has already been taken.'),
      ),
    );
    expect(callsTo('POST', '/api/contacts')[0]?.body).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      company: 'Lee Ventures',
      state: 1,
      lead_status_id: 2,
      owner_id: 40,
    });

    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors/contacts/9/details'));
  });
}, 60_000);

describe('a contact record', () => {
  it('edits only what changed, and puts the server errors on their fields', async () => {
    const { callsTo, router } = openContacts('/admin/investors/contacts/7/edit', 12, {
      'PATCH /api/contacts/7': [
        json(422, {
          message: 'The phone field may only hold digits, spaces, +, - and brackets.',
          errors: { phone: ['The phone field may only hold digits, spaces, +, - and brackets.'] },
        }),
        json(200, { data: { ...CONTACT, company: null, phone: '+44 20 7946 0000' } }),
      ],
    });
    const company = await screen.findByRole('textbox', { name: 'Company' });
    expect(company).toHaveValue('Shah Holdings');
    const user = userEvent.setup();
    await user.clear(company);
    await fill(user, screen.getByRole('textbox', { name: 'Phone' }), '+44 20 7946 0000');
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
        'The phone field may only hold digits, spaces, +, - and brackets.',
      ),
    );
    expect(callsTo('PATCH', '/api/contacts/7')[0]?.body).toEqual({ company: '', phone: '+44 20 7946 0000' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors/contacts/7/details'));
  });

  it('shows its tabs and the investor it became, and deletes after a confirmation', async () => {
    const converted = { ...CONTACT, state: 3, user_id: 12, investor: { id: 12, name: 'Priya Shah' } };
    const { callsTo, router } = openContacts('/admin/investors/contacts/7/details', 1, {
      'GET /api/contacts/7': json(200, { data: converted }),
      'DELETE /api/contacts/7': json(204),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Shah' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Priya Shah sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Activity',
      'Documents',
      'Notes, Calls and Tasks',
      'Category',
      'Registration Form',
      'Fact Find',
      'Risk Profile',
    ]);
    expect(screen.getByRole('link', { name: 'Priya Shah' })).toHaveAttribute(
      'href',
      '/admin/investors/12/details',
    );
    expect(screen.getByText('Investment')).toBeInTheDocument();
    // The menu shows the page under Contacts, not under Investors.
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toHaveAttribute('data-active');
    expect(within(nav).getByRole('link', { name: 'Investors' })).not.toHaveAttribute('data-active');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Priya Shah' });
    expect(within(dialog).getByText(/investor account is not affected/)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/contacts/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/contacts/7')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors/contacts'));
  });

  it('changes the category from its tab, and hides Edit and Delete from roles that may not', async () => {
    const { callsTo } = openContacts('/admin/investors/contacts/7/details/category', 3, {
      'PATCH /api/contacts/7': json(200, { data: { ...CONTACT, category: 'sophisticated' } }),
    });
    expect(await screen.findByText('Not categorised')).toBeInTheDocument();
    // Role 3 may update but not delete.
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/admin/investors/contacts/7/edit',
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Certified sophisticated investor' }));
    await user.click(screen.getByRole('button', { name: 'Save category' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/contacts/7')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/contacts/7')[0]?.body).toEqual({ category: 'sophisticated' });
  });
}, 60_000);
