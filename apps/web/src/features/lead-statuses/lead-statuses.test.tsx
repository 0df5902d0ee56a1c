import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const status = (id: number, name: string, position: number, is_default = false) => ({
  id,
  name,
  colour: '#1c7ed6',
  position,
  is_default,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
});

const STATUSES = [status(1, 'New', 0, true), status(2, 'Contacted', 0), status(3, 'Qualified', 20)];

function open(roleId: 1 | 12 = 1) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId) }),
    'GET /api/lead-statuses': json(200, { data: STATUSES }),
    'PATCH /api/lead-statuses/1': json(200, { data: STATUSES[0] }),
    'PATCH /api/lead-statuses/2': json(200, { data: STATUSES[1] }),
    'PATCH /api/lead-statuses/3': json(200, { data: STATUSES[2] }),
    'POST /api/lead-statuses': json(422, {
      message: 'A lead status with that name already exists.',
      errors: { name: ['A lead status with that name already exists.'] },
    }),
    'DELETE /api/lead-statuses/2': json(204),
  });
  return { ...mock, ...renderApp('/admin/settings/investor/lead-status') };
}

describe('settings → investor → lead status', () => {
  it('reorders by saving each moved position, makes one the default and deletes after asking', async () => {
    const { callsTo } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Contacted up' }));
    // Contacted 0, New 10, Qualified 20: only New's position changes.
    await waitFor(() => expect(callsTo('PATCH', '/api/lead-statuses/1')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/lead-statuses/1')[0]?.body).toEqual({ position: 10 });
    expect(callsTo('PATCH', '/api/lead-statuses/2')).toHaveLength(0);
    expect(callsTo('PATCH', '/api/lead-statuses/3')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Move New up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Actions for Qualified' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make default' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/lead-statuses/3')[0]?.body).toEqual({ is_default: true }),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Contacted' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete lead status' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead status' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/lead-statuses/2')).toHaveLength(1));
  });

  it('adds a status with its colour, showing a taken name on the field', async () => {
    const { callsTo } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add lead status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a lead status' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'new');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead status' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'A lead status with that name already exists.',
      ),
    );
    expect(callsTo('POST', '/api/lead-statuses')[0]?.body).toEqual({
      name: 'new',
      colour: '#1c7ed6',
      position: 30,
      is_default: false,
    });
  });

  it('is not open to a role without investor_type', async () => {
    open(12);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
