import { Button, Menu, Modal } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { OrderedSettingsList } from './ordered-settings-list';

interface Stage {
  id: number;
  name: string;
  note: string;
}

const STAGES: Stage[] = [
  { id: 1, name: 'New', note: 'Just arrived' },
  { id: 2, name: 'Contacted', note: 'Spoken to' },
  { id: 3, name: 'Qualified', note: 'Ready' },
];

function open(
  roleId: 1 | 12,
  { items = STAGES, loadError }: { items?: Stage[]; loadError?: ReactNode } = {},
) {
  const onReorder = vi.fn<(ordered: Stage[]) => void>();
  const onDelete = vi.fn(() => Promise.resolve());
  const pinned = vi.fn<(stage: Stage) => void>();
  renderWithProviders(
    <OrderedSettingsList
      noun={{ one: 'stage', many: 'stages' }}
      description="Where each deal stands."
      resource="investor_type"
      items={items}
      isPending={false}
      loadError={loadError}
      columns={[{ key: 'note', header: 'Note', render: (stage) => stage.note }]}
      editLabel="Rename"
      menuItems={(stage) => <Menu.Item onClick={() => pinned(stage)}>Pin</Menu.Item>}
      onReorder={onReorder}
      reordering={false}
      empty={{ icon: null, description: 'Add the stages deals go through.' }}
      renderModal={({ opened, item, onClose }) => (
        <Modal opened={opened} onClose={onClose} title={item ? `Edit ${item.name}` : 'Add a stage'}>
          <Button onClick={onClose}>Done</Button>
        </Modal>
      )}
      onDelete={onDelete}
      deleteConsequence="Deals at this stage will have none."
      maxWidth={900}
      skeletonRows={3}
    />,
    { session: { status: 'authenticated', user: userWithRole(roleId, { id: 40 }) } },
  );
  return { onReorder, onDelete, pinned };
}

describe('an ordered settings list', { timeout: 30_000 }, () => {
  it('lists the items in order with their own columns, and moves one up or down', async () => {
    const { onReorder } = open(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Stages' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Stages' });
    expect(within(table).getByText('Spoken to')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Move New up' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Move Qualified down' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Move Contacted up' }));
    expect(onReorder).toHaveBeenCalledWith([STAGES[1], STAGES[0], STAGES[2]]);
    await user.click(within(table).getByRole('button', { name: 'Move Contacted down' }));
    expect(onReorder).toHaveBeenLastCalledWith([STAGES[0], STAGES[2], STAGES[1]]);
  });

  it('opens the dialog to add one, or to edit the one chosen, and offers the page’s own actions', async () => {
    const { pinned } = open(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add stage' }));
    expect(await screen.findByRole('dialog', { name: 'Add a stage' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Qualified' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Qualified' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Actions for New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin' }));
    expect(pinned).toHaveBeenCalledWith(STAGES[0]);
  });

  it('deletes one only after a confirmation, and says so', async () => {
    const { onDelete } = open(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Contacted' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete stage' });
    expect(dialog).toHaveTextContent('Delete Contacted? Deals at this stage will have none.');
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete stage' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(STAGES[1]));
    expect(await screen.findByText('Stage deleted')).toBeInTheDocument();
  });

  it('is read-only, numbered, for a role without the permission', () => {
    open(12);
    const table = screen.getByRole('table', { name: 'Stages' });
    expect(within(table).getByText('2')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add stage' })).not.toBeInTheDocument();
  });

  it('offers to add the first when empty', async () => {
    open(1, { items: [] });
    expect(screen.getByText('No stages yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add the first stage' }));
    expect(await screen.findByRole('dialog', { name: 'Add a stage' })).toBeInTheDocument();
  });

  it('shows the load error instead of the list', () => {
    open(1, { loadError: <div role="alert">The stages could not be loaded.</div> });
    expect(screen.getByRole('alert')).toHaveTextContent('The stages could not be loaded.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
