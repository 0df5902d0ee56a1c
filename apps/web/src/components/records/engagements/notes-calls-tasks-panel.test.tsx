import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { NotesCallsTasksPanel } from './notes-calls-tasks-panel';

const me = userWithRole(12, { id: 40, name: 'Tom Fletcher' });

function task(id: number, title: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    subject: { type: 'investor', id: 7, name: 'Olivia Carter' },
    title,
    description: null,
    due_at: '2030-01-01T09:00:00.000000Z',
    assignee: { id: 40, name: 'Tom Fletcher' },
    created_by: { id: 40, name: 'Tom Fletcher' },
    done_at: null,
    overdue: false,
    created_at: '2024-05-01T10:15:30.000000Z',
    ...overrides,
  };
}

function open(path: string, routes: Record<string, MockReply | MockReply[]> = {}, user = me) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/investors/7/notes': json(200, { data: [] }),
    'GET /api/investors/7/calls': json(200, { data: [] }),
    'GET /api/investors/7/tasks': json(200, { data: [] }),
    ...routes,
  });
  const view = renderWithProviders(<NotesCallsTasksPanel record={{ type: 'investor', id: 7 }} />, {
    session: { status: 'authenticated', user },
    path,
  });
  return { ...mock, ...view };
}

describe('notes, calls and tasks', () => {
  it('highlights overdue tasks in red and marks one done', async () => {
    const overdue = task(1, 'Call back about the EIS form', {
      due_at: '2024-04-01T09:00:00.000000Z',
      overdue: true,
    });
    const later = task(2, 'Send the quarterly report');
    const { callsTo } = open('/?section=tasks', {
      'GET /api/investors/7/tasks': [
        json(200, { data: [overdue, later] }),
        json(200, { data: [later, { ...overdue, done_at: '2024-05-02T10:00:00.000000Z', overdue: false }] }),
      ],
      'PATCH /api/investors/7/tasks/1': json(200, {
        data: { ...overdue, done_at: '2024-05-02T10:00:00.000000Z', overdue: false },
      }),
    });

    const list = await screen.findByRole('list', { name: 'Tasks' });
    const [first, second] = await within(list).findAllByRole('listitem');
    if (!first || !second) throw new Error('two tasks expected');
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(first).toHaveAttribute('data-overdue', 'true');
    expect(within(second).queryByText('Overdue')).not.toBeInTheDocument();
    // The tab says how many are open, in red when one is late.
    expect(screen.getByRole('tab', { name: /^Tasks/ })).toHaveTextContent('Tasks2');

    const user = userEvent.setup();
    await user.click(
      within(first).getByRole('checkbox', { name: 'Mark “Call back about the EIS form” done' }),
    );
    await waitFor(() => expect(callsTo('PATCH', '/api/investors/7/tasks/1')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/investors/7/tasks/1')[0]?.body).toEqual({ done: true });
    expect(await screen.findByText('Task done')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Overdue')).not.toBeInTheDocument());
  });

  it('adds a task for myself when I may not list colleagues, with the due time as ISO 8601', async () => {
    const { callsTo } = open('/?section=tasks', {
      'POST /api/investors/7/tasks': json(201, { data: task(3, 'Chase the bank letter') }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a task' }));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('The title field is required.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Chase the bank letter');
    await user.type(screen.getByLabelText(/^Due/), '2030-01-01T09:30');
    await user.click(screen.getByRole('combobox', { name: /Assignee/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Me (Tom Fletcher)',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(callsTo('POST', '/api/investors/7/tasks')).toHaveLength(1));
    const body = callsTo('POST', '/api/investors/7/tasks')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Chase the bank letter', assignee_id: 40 });
    expect(body.due_at).toBe(new Date('2030-01-01T09:30').toISOString());
    expect(callsTo('GET', '/api/admin-accounts')).toHaveLength(0);
  });

  it('changes one’s own notes only, for a role that may not delete (Investment Committee)', async () => {
    const note = (id: number, author: { id: number; name: string }) => ({
      id,
      subject_type: 'investor',
      subject_id: 7,
      body: `Note ${id}`,
      author,
      created_at: '2024-05-01T10:15:30.000000Z',
      updated_at: '2024-05-01T10:15:30.000000Z',
    });
    const committee = userWithRole(3, { id: 41, name: 'Hugh Bennett' });
    const { callsTo } = open(
      '/',
      {
        'GET /api/investors/7/notes': json(200, {
          data: [note(1, { id: 41, name: 'Hugh Bennett' }), note(2, { id: 1, name: 'Alex Morgan' })],
        }),
        'PATCH /api/investors/7/notes/1': json(204),
      },
      committee,
    );
    const list = await screen.findByRole('list', { name: 'Notes' });
    const [mine, theirs] = await within(list).findAllByRole('listitem');
    if (!mine || !theirs) throw new Error('two notes expected');
    expect(within(theirs).queryByRole('button', { name: 'Edit note' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Delete note' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(mine).getByRole('button', { name: 'Edit note' }));
    const box = within(mine).getByRole('textbox', { name: 'Note' });
    await user.clear(box);
    await user.type(box, 'Prefers email');
    await user.click(within(mine).getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/investors/7/notes/1')[0]?.body).toEqual({ body: 'Prefers email' }),
    );
  });

  it('logs a call with its time, duration and outcome', async () => {
    const { callsTo } = open('/?section=calls', {
      'POST /api/investors/7/calls': json(201, {
        data: {
          id: 9,
          subject_type: 'investor',
          subject_id: 7,
          occurred_at: '2024-05-01T10:00:00.000000Z',
          duration_minutes: 12,
          outcome: 'left_voicemail',
          summary: null,
          author: { id: 40, name: 'Tom Fletcher' },
          created_at: '2024-05-01T10:15:30.000000Z',
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log a call' }));
    const when = screen.getByLabelText(/^When/);
    await user.clear(when);
    await user.type(when, '2024-05-01T11:00');
    const duration = screen.getByRole('textbox', { name: /Duration/ });
    await user.clear(duration);
    await user.type(duration, '12');
    await user.click(screen.getByRole('combobox', { name: /Outcome/ }));
    await user.click(await screen.findByRole('option', { name: 'Left voicemail' }));
    await user.click(screen.getByRole('button', { name: 'Log call' }));
    await waitFor(() => expect(callsTo('POST', '/api/investors/7/calls')).toHaveLength(1));
    expect(callsTo('POST', '/api/investors/7/calls')[0]?.body).toEqual({
      occurred_at: new Date('2024-05-01T11:00').toISOString(),
      duration_minutes: 12,
      outcome: 'left_voicemail',
    });
  });
});
