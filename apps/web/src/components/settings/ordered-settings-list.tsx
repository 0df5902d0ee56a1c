import { ActionIcon, Button, EmptyState, Group, Menu, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Resource } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconArrowDown, IconArrowUp, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-error';
import { useUser } from '../../lib/session';
import { atSentenceStart } from '../../lib/terminology';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { PageHeader } from '../layouts/page-header';
import { ConfirmModal } from '../modals/confirm-modal';

/** Says that a change made from the list (a move, a new default) did not work. */
export const showSettingsFailure = (caught: unknown) =>
  notifications.show({
    color: 'danger',
    title: 'That did not work',
    message: isApiError(caught) && !caught.unanswered ? caught.message : 'Please try again.',
  });

interface OrderedItem {
  id: number;
  name: string;
}

interface OrderedSettingsListProps<Item extends OrderedItem> {
  /** the items, in a sentence: "lead status", "lead statuses" */
  noun: { one: string; many: string };
  description: string;
  /** the permission whose create, update and delete the list offers */
  resource: Resource;
  /** in their order */
  items: Item[] | undefined;
  isPending: boolean;
  /** shown instead of the list when it could not be loaded */
  loadError: ReactNode;
  /** columns between the order and the actions */
  columns: DataTableColumn<Item>[];
  /** the edit action's label: "Edit", "Rename or recolour" */
  editLabel: string;
  /** more changes offered between Edit and Delete to those who may update (Make default) */
  menuItems?: (item: Item) => ReactNode;
  /** saves the new order after a move up or down */
  onReorder: (ordered: Item[]) => void;
  reordering: boolean;
  empty: { icon: ReactNode; description: string };
  /** the create (item null) or edit dialog */
  renderModal: (modal: { opened: boolean; item: Item | null; onClose: () => void }) => ReactNode;
  onDelete: (item: Item) => Promise<unknown>;
  /** what deleting one means, after "Delete <name>?" */
  deleteConsequence: ReactNode;
  maxWidth: number;
  skeletonRows: number;
  /** above the list: what narrows it (the investment type whose sub-types are shown) */
  toolbar?: ReactNode;
}

/**
 * A settings page of named items in order (lead statuses, sign-up documents): moved up and down, added
 * and edited in a dialog, deleted after a confirmation, each as the role may.
 */
export function OrderedSettingsList<Item extends OrderedItem>({
  noun,
  description,
  resource,
  items,
  isPending,
  loadError,
  columns,
  editLabel,
  menuItems,
  onReorder,
  reordering,
  empty,
  renderModal,
  onDelete,
  deleteConsequence,
  maxWidth,
  skeletonRows,
  toolbar,
}: OrderedSettingsListProps<Item>) {
  const user = useUser();
  const [editing, setEditing] = useState<{ item: Item | null }>();
  const [deleting, setDeleting] = useState<Item>();
  const may = {
    create: can(user.role_id, resource, 'create'),
    update: can(user.role_id, resource, 'update'),
    delete: can(user.role_id, resource, 'delete'),
  };
  const list = items ?? [];
  const One = atSentenceStart(noun.one);
  const Many = atSentenceStart(noun.many);

  const move = (index: number, by: -1 | 1) => {
    const ordered = [...list];
    const [moved] = ordered.splice(index, 1);
    if (!moved) return;
    ordered.splice(index + by, 0, moved);
    onReorder(ordered);
  };

  const allColumns: DataTableColumn<Item>[] = [
    {
      key: 'order',
      header: 'Order',
      width: 96,
      render: (item) => {
        const index = list.indexOf(item);
        return may.update ? (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${item.name} up`}
              disabled={index === 0 || reordering}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${item.name} down`}
              disabled={index === list.length - 1 || reordering}
              onClick={() => move(index, 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          index + 1
        );
      },
    },
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: (item) =>
        (may.update || may.delete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${item.name}`}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {may.update && (
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing({ item })}
                >
                  {editLabel}
                </Menu.Item>
              )}
              {may.update && menuItems?.(item)}
              {may.delete && (
                <Menu.Item
                  color="danger"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(item)}
                >
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={Many}
        description={description}
        actions={
          may.create && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing({ item: null })}
            >
              Add {noun.one}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={maxWidth}>
        {toolbar}
        {loadError || (
          <DataTable
            caption={Many}
            columns={allColumns}
            rows={items}
            rowKey={(item) => item.id}
            loading={isPending}
            skeletonRows={skeletonRows}
            empty={
              <EmptyState
                icon={empty.icon}
                title={`No ${noun.many} yet`}
                description={empty.description}
                withIndicatorBackground
                size="sm"
              >
                {may.create && (
                  <EmptyState.Actions>
                    <Button size="xs" variant="light" onClick={() => setEditing({ item: null })}>
                      Add the first {noun.one}
                    </Button>
                  </EmptyState.Actions>
                )}
              </EmptyState>
            }
          />
        )}
      </Paper>
      {renderModal({
        opened: editing !== undefined,
        item: editing?.item ?? null,
        onClose: () => setEditing(undefined),
      })}
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={`Delete ${noun.one}`}
        confirmLabel={`Delete ${noun.one}`}
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await onDelete(deleting);
          notifications.show({ color: 'success', title: `${One} deleted`, message: deleting.name });
        }}
      >
        Delete <strong>{deleting?.name}</strong>? {deleteConsequence}
      </ConfirmModal>
    </>
  );
}
