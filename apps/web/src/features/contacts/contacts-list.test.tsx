import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../testing/fetch-mock';
import { paginated } from '../../testing/paginated';
import { CONTACT, openContacts, queryOf, warmContactPages } from './contacts.fixtures';

afterEach(() => {
  window.localStorage.clear();
});

beforeAll(warmContactPages, 60_000);

describe('the contacts list', () => {
  it('reads search, filters, sort, page and columns from the address and sends them as one list query', async () => {
    const { calls } = openContacts(
      '/admin/investors/contacts?search=priya&state=2&lead_status=3&client_type=business' +
        '&category=sophisticated&owner=40&created=2024-01-01,2024-03-31&sort=-name&page=2&columns=name,email,company',
    );
    // Every filter is open and filled: the first render takes a while on a busy machine.
    expect(await screen.findByRole('link', { name: 'Priya Shah' }, { timeout: 20_000 })).toHaveAttribute(
      'href',
      '/admin/investors/contacts/7/details',
    );
    const request = calls.find((call) => call.path.startsWith('/api/contacts?'));
    expect(queryOf(request?.path)).toEqual({
      'filter[search]': 'priya',
      'filter[state]': '2',
      'filter[lead_status_id]': '3',
      'filter[client_type]': 'business',
      'filter[category]': 'sophisticated',
      'filter[owner_id]': '40',
      'filter[created_between]': '2024-01-01,2024-03-31',
      sort: '-name',
      fields: 'id,name,email,state,investor,company',
      page: '2',
      per_page: '25',
    });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      expect.stringMatching(/^Name/),
      expect.stringMatching(/^Email/),
      expect.stringMatching(/^Company/),
    ]);
    expect(screen.getByLabelText('Search')).toHaveValue('priya');
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('6');
  });

  it('puts a chosen filter and sort in the address, back on page 1', async () => {
    const { router, calls } = openContacts('/admin/investors/contacts?page=2');
    await screen.findByRole('link', { name: 'Priya Shah' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=2'));
    const lastList = () => calls.filter((call) => call.path.startsWith('/api/contacts?')).at(-1);
    await waitFor(() => expect(queryOf(lastList()?.path)).toMatchObject({ 'filter[state]': '2', page: '1' }));

    await user.click(screen.getByRole('button', { name: /^Company/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=2&sort=company'));
  });

  it('exports the filtered, sorted list with its visible columns as CSV or Excel links', async () => {
    openContacts('/admin/investors/contacts?search=shah&state=1&sort=company&columns=name,email,state');
    await screen.findByRole('link', { name: 'Priya Shah' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const csv = await screen.findByRole('menuitem', { name: 'CSV (.csv)' });
    const [path, query] = (csv.getAttribute('href') ?? '').split('?');
    expect(path).toBe('/api/contacts/export');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      'filter[search]': 'shah',
      'filter[state]': '1',
      sort: 'company',
      format: 'csv',
      columns: 'name,email,state',
    });
    expect(screen.getByRole('menuitem', { name: 'Excel (.xlsx)' }).getAttribute('href')).toContain(
      'format=xlsx',
    );
  });

  it('shows who became an investor, and offers New contact only to roles that may add one', async () => {
    openContacts('/admin/investors/contacts', 10, {
      'GET /api/contacts': json(
        200,
        paginated([{ ...CONTACT, state: 3, user_id: 9, investor: { id: 9, name: 'Priya Shah' } }]),
      ),
    });
    const row = (await screen.findByRole('link', { name: 'Priya Shah' })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Investment')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New contact' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Investors' })).not.toHaveAttribute('data-active');
  });

  it('says when nothing matches and clears the search and filters', async () => {
    const { router } = openContacts('/admin/investors/contacts?search=nobody&state=2', 1, {
      'GET /api/contacts': json(200, paginated([])),
    });
    expect(await screen.findByText('No contacts match')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'New contact' })).toHaveAttribute(
      'href',
      '/admin/investors/contacts/new-contact',
    );
  });
}, 60_000);
