import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { MyTasksCard } from './my-tasks-card';

const task = (id: number, title: string, overdue: boolean) => ({
  id,
  subject: { type: 'investor', id: 7, name: 'Olivia Carter' },
  title,
  description: null,
  due_at: overdue ? '2024-04-01T09:00:00.000000Z' : '2030-04-01T09:00:00.000000Z',
  assignee: { id: 40, name: 'Tom Fletcher' },
  created_by: { id: 1, name: 'Alex Morgan' },
  done_at: null,
  overdue,
  created_at: '2024-03-01T09:00:00.000000Z',
});

const list = (tasks: ReturnType<typeof task>[]) => ({
  data: tasks,
  links: { first: '', last: '', prev: null, next: null },
  meta: {
    current_page: 1,
    from: 1,
    last_page: 1,
    path: '',
    per_page: 10,
    to: tasks.length,
    total: tasks.length,
    links: [],
  },
});

describe('my tasks', () => {
  it('lists my open tasks with the overdue ones in red, links each to its record and ticks one done', async () => {
    setXsrfCookie('token');
    const late = task(1, 'Call back', true);
    const { callsTo } = mockFetch({
      'GET /api/tasks': [
        json(200, list([late, task(2, 'Send the pack', false)])),
        json(200, list([task(2, 'Send the pack', false)])),
      ],
      'PATCH /api/investors/7/tasks/1': json(200, {
        data: { ...late, done_at: '2024-05-01T10:00:00.000000Z', overdue: false },
      }),
    });
    renderWithProviders(<MyTasksCard />, {
      session: { status: 'authenticated', user: userWithRole(12, { id: 40 }) },
    });
    const items = await screen.findAllByRole('listitem');
    expect(callsTo('GET', '/api/tasks')[0]?.path).toBe(
      '/api/tasks?filter%5Bassignee%5D=me&filter%5Bstatus%5D=open&sort=due_at&per_page=10',
    );
    const [first, second] = items;
    if (!first || !second) throw new Error('two tasks expected');
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(within(second).queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.getByText('1 overdue')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Call back' })).toHaveAttribute(
      'href',
      '/admin/investors/7/details/notes-calls-tasks?section=tasks',
    );
    expect(within(first).getByText('Investor: Olivia Carter')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('checkbox', { name: 'Mark “Call back” done' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/investors/7/tasks/1')[0]?.body).toEqual({ done: true }),
    );
    await waitFor(() => expect(screen.queryByText('Call back')).not.toBeInTheDocument());
  });

  it('can stay out of the way on a page where there is nothing to do', async () => {
    const { callsTo } = mockFetch({ 'GET /api/tasks': json(200, list([])) });
    renderWithProviders(<MyTasksCard hideWhenEmpty />, {
      session: { status: 'authenticated', user: userWithRole(12) },
    });
    await waitFor(() => expect(callsTo('GET', '/api/tasks')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'My tasks' })).not.toBeInTheDocument();
    expect(screen.queryByText('No open tasks')).not.toBeInTheDocument();
  });
});
