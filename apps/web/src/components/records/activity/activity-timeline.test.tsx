import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { ActivityTimeline } from './activity-timeline';

function page(items: Array<Record<string, unknown>>, current: number, last: number, total: number) {
  return {
    data: items,
    links: { first: '', last: '', prev: null, next: null },
    meta: {
      current_page: current,
      from: 1,
      last_page: last,
      path: '',
      per_page: 20,
      to: items.length,
      total,
      links: [],
    },
  };
}

const entry = (
  id: string,
  action: string,
  description: string,
  actor: { id: number; name: string } | null,
) => ({
  id,
  action,
  description,
  actor,
  created_at: '2024-05-01T10:15:30.000000Z',
});

describe('the activity timeline', () => {
  it('shows what happened, who did it and when, and loads older entries on request', async () => {
    const { callsTo } = mockFetch({
      'GET /api/investors/7/activity?page=1&per_page=20': json(
        200,
        page(
          [
            entry('audit-3', 'document.uploaded', 'Uploaded passport.pdf (private)', {
              id: 1,
              name: 'Alex Morgan',
            }),
            entry('mail-2', 'email.sent', 'Email: Set your password', null),
          ],
          1,
          2,
          3,
        ),
      ),
      'GET /api/investors/7/activity?page=2&per_page=20': json(
        200,
        page(
          [entry('audit-1', 'investor.created', 'Added by staff', { id: 1, name: 'Alex Morgan' })],
          2,
          2,
          3,
        ),
      ),
    });
    renderWithProviders(<ActivityTimeline record={{ type: 'investor', id: 7 }} />, {
      session: { status: 'authenticated', user: userWithRole(1) },
    });

    expect(await screen.findByText('Uploaded passport.pdf (private)')).toBeInTheDocument();
    expect(screen.getByText('Email: Set your password')).toBeInTheDocument();
    expect(screen.getByText(/by Alex Morgan/)).toBeInTheDocument();
    expect(screen.getByText(/sent by the platform/)).toBeInTheDocument();
    expect(screen.getAllByText(/1 May 2024, \d\d:15/).length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show older activity' }));
    expect(await screen.findByText('Added by staff')).toBeInTheDocument();
    expect(callsTo('GET', '/api/investors/7/activity')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();
  });

  it('says so when nothing has happened yet', async () => {
    mockFetch({ 'GET /api/contacts/3/activity': json(200, page([], 1, 1, 0)) });
    renderWithProviders(<ActivityTimeline record={{ type: 'contact', id: 3 }} />, {
      session: { status: 'authenticated', user: userWithRole(1) },
    });
    expect(await screen.findByText('Nothing has happened yet')).toBeInTheDocument();
  });
});
