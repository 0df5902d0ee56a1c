import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorSwatch,
  EmptyState,
  Group,
  Menu,
  Paper,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, type LeadStatus } from '@portico/contracts';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconPencil,
  IconPlus,
  IconStar,
  IconTags,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useLeadStatuses } from '../api/get-lead-statuses';
import {
  POSITION_STEP,
  useDeleteLeadStatus,
  useReorderLeadStatuses,
  useUpdateLeadStatus,
} from '../api/lead-status-mutations';
import { LeadStatusModal } from '../components/lead-status-modal';

const failed = (caught: unknown) =>
  notifications.show({
    color: 'danger',
    title: 'That did not work',
    message: isApiError(caught) && !caught.unanswered ? caught.message : 'Please try again.',
  });

/** Settings → investor → lead status: the CRM statuses, in order, with one default for new records. */
export function LeadStatusesPage() {
  const user = useUser();
  const terms = useTerminology();
  const { data: statuses, isPending, isError, error } = useLeadStatuses();
  const update = useUpdateLeadStatus();
  const reorder = useReorderLeadStatuses();
  const remove = useDeleteLeadStatus();
  const [editing, setEditing] = useState<{ status: LeadStatus | null } | undefined>();
  const [deleting, setDeleting] = useState<LeadStatus>();
  const may = {
    create: can(user.role_id, 'investor_type', 'create'),
    update: can(user.role_id, 'investor_type', 'update'),
    delete: can(user.role_id, 'investor_type', 'delete'),
  };
  const list = statuses ?? [];
  const nextPosition =
    list.length === 0 ? 0 : Math.max(...list.map((status) => status.position)) + POSITION_STEP;

  const move = (index: number, by: -1 | 1) => {
    const ordered = [...list];
    const [moved] = ordered.splice(index, 1);
    if (!moved) return;
    ordered.splice(index + by, 0, moved);
    reorder.mutate(ordered, { onError: failed });
  };

  const makeDefault = (status: LeadStatus) =>
    update.mutate(
      { id: status.id, changes: { is_default: true } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'success',
            title: 'Default changed',
            message: `New ${inSentence(terms.investors)} and contacts get “${status.name}”.`,
          }),
        onError: failed,
      },
    );

  const columns: DataTableColumn<LeadStatus>[] = [
    {
      key: 'order',
      header: 'Order',
      width: 96,
      render: (status) => {
        const index = list.indexOf(status);
        return may.update ? (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${status.name} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${status.name} down`}
              disabled={index === list.length - 1 || reorder.isPending}
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
    {
      key: 'name',
      header: 'Name',
      render: (status) => (
        <Group gap="sm" wrap="nowrap">
          <ColorSwatch color={status.colour} size={16} aria-hidden />
          <Text size="sm" fw={600}>
            {status.name}
          </Text>
          {status.is_default && (
            <Badge size="sm" variant="light" color="primaryLighter">
              Default
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'colour',
      header: 'Colour',
      visibleFrom: 'sm',
      render: (status) => (
        <Text size="sm" ff="monospace">
          {status.colour}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: (status) =>
        (may.update || may.delete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${status.name}`}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {may.update && (
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing({ status })}
                >
                  Rename or recolour
                </Menu.Item>
              )}
              {may.update && !status.is_default && (
                <Menu.Item
                  leftSection={<IconStar size={16} aria-hidden />}
                  onClick={() => makeDefault(status)}
                >
                  Make default
                </Menu.Item>
              )}
              {may.delete && (
                <Menu.Item
                  color="danger"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(status)}
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
        title="Lead statuses"
        description={`Where each of your ${inSentence(terms.investors)} and contacts stands, in order: New, Contacted, Qualified, Onboarded… New records get the default one.`}
        actions={
          may.create && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing({ status: null })}
            >
              Add lead status
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={900}>
        {isError ? (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The lead statuses could not be loaded. {isApiError(error) ? error.message : ''}
          </Alert>
        ) : (
          <DataTable
            caption="Lead statuses"
            columns={columns}
            rows={statuses}
            rowKey={(status) => status.id}
            loading={isPending}
            skeletonRows={4}
            empty={
              <EmptyState
                icon={<IconTags size={28} aria-hidden />}
                title="No lead statuses yet"
                description="Add the stages your team moves people through, for example New, Contacted, Qualified."
                withIndicatorBackground
                size="sm"
              >
                {may.create && (
                  <EmptyState.Actions>
                    <Button size="xs" variant="light" onClick={() => setEditing({ status: null })}>
                      Add the first lead status
                    </Button>
                  </EmptyState.Actions>
                )}
              </EmptyState>
            }
          />
        )}
      </Paper>
      <LeadStatusModal
        opened={editing !== undefined}
        status={editing?.status ?? null}
        nextPosition={nextPosition}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete lead status"
        confirmLabel="Delete lead status"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifications.show({ color: 'success', title: 'Lead status deleted', message: deleting.name });
        }}
      >
        Delete <strong>{deleting?.name}</strong>? {terms.investors} and contacts with this status will have no
        status.
      </ConfirmModal>
    </>
  );
}
