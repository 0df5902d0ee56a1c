import { DEFAULT_TERMINOLOGY } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { OpportunityStatusActions } from './opportunity-status-actions';

/** The answer of a move: the opportunity record, as GET /api/opportunities/{id} answers it. */
const MOVED = (status: number) => ({
  id: 7,
  slug: 'heron-robotics',
  name: 'Heron Robotics',
  status,
  stage: status,
  company_name: 'Heron Robotics Ltd',
  summary: null,
  currency: 'GBP',
  target_amount: '1500000.00',
  maximum_amount: '2000000.00',
  minimum_investment: '5000.00',
  committed_amount: '0.00',
  share_price: '3.200000',
  share_class: 'Ordinary',
  tax_relief: 'eis',
  closing_date: '2031-03-31',
  type: null,
  sub_type: null,
  industry: null,
  category: null,
  character: null,
  cover_image_url: null,
  pipeline_deal_id: null,
  published_at: '2026-11-26T10:00:00.000000Z',
  closed_at: null,
  completed_at: null,
  matured_at: null,
  created_at: '2026-11-20T10:00:00.000000Z',
  updated_at: '2026-11-26T10:00:00.000000Z',
  description: '<p>Robots for harbours.</p>',
  key_points: [],
  key_dates: [],
  team_members: [],
  gallery: [],
  faqs: [],
  public_documents: [],
});

function open(status: number, roleId: Parameters<typeof userWithRole>[0] = 1, branding = buildBranding()) {
  setXsrfCookie('token');
  return renderWithProviders(
    <OpportunityStatusActions opportunity={{ id: 7, status, name: 'Heron Robotics' }} />,
    {
      session: { status: 'authenticated', user: userWithRole(roleId) },
      branding,
      path: '/admin/investments/opportunities/7/edit',
      routes: [
        { path: '/admin/investments/opportunities/:id/details', element: <p>live details page</p> },
        { path: '/admin/investments/existing/:id/details', element: <p>existing page</p> },
      ],
    },
  );
}

describe('OpportunityStatusActions', () => {
  it('offers the moves open from a draft, says what going internal means, and opens the live page after', async () => {
    const { calls } = mockFetch({ 'POST /api/opportunities/7/transition': json(200, { data: MOVED(3) }) });
    const { router } = open(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Live - External', 'Live - Internal']);
    await user.click(screen.getByRole('menuitem', { name: 'Live - Internal' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move Heron Robotics to Live - Internal?' });
    expect(dialog).toHaveTextContent(
      'Live - Internal: Only invited investors and client groups will see it; those invited are notified now.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move to Live - Internal' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investments/opportunities/7/details'),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ status: 3 });
  });

  it('lists what is missing when the server refuses to put it live', async () => {
    mockFetch({
      'POST /api/opportunities/7/transition': json(422, {
        message: 'The opportunity needs a share price before it can go live. (and 1 more error)',
        errors: {
          share_price: ['The opportunity needs a share price before it can go live.'],
          closing_date: ['The closing date must be in the future for the opportunity to go live.'],
        },
      }),
    });
    const { router } = open(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Live - External' }));
    await user.click(await screen.findByRole('button', { name: 'Move to Live - External' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('It cannot go live yet. Complete these first:');
    const missing = within(alert).getByRole('list', { name: 'What is missing' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The opportunity needs a share price before it can go live.',
      'The closing date must be in the future for the opportunity to go live.',
    ]);
    expect(router.state.location.pathname).toBe('/admin/investments/opportunities/7/edit');
    // The dialog stays open to try again once fixed.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a refused move’s sentence, and uses the terminology’s labels', async () => {
    mockFetch({
      'POST /api/opportunities/7/transition': json(422, {
        message: 'The opportunity is already Raise ended.',
        errors: { status: ['The opportunity is already Raise ended.'] },
      }),
    });
    open(
      4,
      1,
      buildBranding({
        navigation: { ...DEFAULT_TERMINOLOGY, status_4: 'Raise ended', status_5: 'Shares issued' },
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Live - External',
      'Live - Internal',
      'Shares issued',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Shares issued' }));
    await user.click(await screen.findByRole('button', { name: 'Move to Shares issued' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The opportunity is already Raise ended.');
  });

  it('offers nothing to a role that may not change the opportunity, or when no move is left', () => {
    // the page header shows the status badge itself, once
    mockFetch({});
    const { unmount } = open(2, 10);
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.queryByText('Live - External')).not.toBeInTheDocument();
    unmount();
    open(6, 1);
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
  });
});
