import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../testing/render';
import { GlobalSearch } from './global-search';

const RESULTS = [
  {
    type: 'investor',
    id: 7,
    name: 'Olivia Carter',
    email: 'investor@portico.test',
    url: '/admin/investors/7/details',
  },
  {
    type: 'investor',
    id: 8,
    name: 'Oliver Twist',
    email: 'oliver@example.com',
    url: '/admin/investors/8/details',
  },
  { type: 'contact', id: 3, name: 'Olive Green', email: null, url: '/admin/investors/contacts/3/details' },
  {
    type: 'organisation',
    id: 2,
    name: 'Olive Tree Capital',
    email: 'hello@olive.example',
    url: '/admin/investors/organisations/2/details',
  },
];

describe('the global search', () => {
  it('finds as you type from two characters, groups by kind, and opens the result chosen with the keyboard', async () => {
    const { callsTo } = mockFetch({ 'GET /api/search': json(200, { data: RESULTS }) });
    const { router } = renderWithProviders(<GlobalSearch />, {
      session: { status: 'authenticated', user: userWithRole(12) },
      routes: [{ path: '/admin/investors/:id/details', element: <p>record page</p> }],
    });
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search investors, contacts and organisations' });
    await user.type(box, 'o');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo('GET', '/api/search')).toHaveLength(0);

    await user.type(box, 'l');
    await waitFor(() => expect(callsTo('GET', '/api/search')).toHaveLength(1));
    expect(callsTo('GET', '/api/search')[0]?.path).toBe('/api/search?q=ol');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Olivia Carterinvestor@portico.test',
      'Oliver Twistoliver@example.com',
      'Olive Green',
      'Olive Tree Capitalhello@olive.example',
    ]);
    expect(screen.getByText('Investors')).toBeInTheDocument();
    expect(screen.getByText('Contacts')).toBeInTheDocument();
    expect(screen.getByText('Organisations')).toBeInTheDocument();

    // The best match is highlighted; the arrow moves to the next; Enter opens it.
    await waitFor(() => expect(options[0]).toHaveAttribute('data-combobox-selected', 'true'));
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('data-combobox-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/investors/8/details'));
    expect(box).toHaveValue('');
  });

  it('is a combobox that says whether its list is open and which list it controls', async () => {
    mockFetch({ 'GET /api/search': json(200, { data: RESULTS }) });
    renderWithProviders(<GlobalSearch />, {
      session: { status: 'authenticated', user: userWithRole(12) },
    });
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search investors, contacts and organisations' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-haspopup', 'listbox');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await user.click(box);
    await user.type(box, 'o');
    // One character finds nothing yet: no list is open.
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'l');
    await screen.findAllByRole('option');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(listbox.id).not.toBe('');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    expect(box).not.toHaveAttribute('aria-controls');
  });

  it('finds, for the Entrepreneur, deals and opportunities only (spec §6), opening each on its stage’s page', async () => {
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(2) }),
      'GET /api/search': json(200, {
        data: [
          {
            type: 'pipeline_deal',
            id: 4,
            name: 'Heron seed',
            email: null,
            detail: 'Heron Ltd',
            url: '/admin/investments/deals/4/key-information',
          },
          {
            type: 'opportunity',
            id: 9,
            name: 'Heron Series A',
            email: null,
            detail: 'Heron Ltd',
            url: '/admin/investments/existing/9/details',
          },
        ],
      }),
    });
    renderApp('/admin/settings/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Search investors/ })).not.toBeInTheDocument();
    const box = await screen.findByRole('combobox', { name: 'Search deals and opportunities' });
    await userEvent.setup().type(box, 'he');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Heron seedHeron Ltd',
      'Heron Series AHeron Ltd',
    ]);
    // The results are grouped under each kind's label (the menu names them too).
    const results = screen.getByRole('listbox');
    expect(within(results).getByText('Deals')).toBeInTheDocument();
    expect(within(results).getByText('Opportunities')).toBeInTheDocument();
  });
});
