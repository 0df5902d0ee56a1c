import { Alert, Badge, ColorSwatch, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LeadStatus } from '@portico/contracts';
import { IconAlertTriangle, IconStar, IconTags } from '@tabler/icons-react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { OrderedSettingsList, showSettingsFailure } from '../../../components/settings/ordered-settings-list';
import { isApiError } from '../../../lib/api-error';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useLeadStatuses } from '../api/get-lead-statuses';
import {
  POSITION_STEP,
  useDeleteLeadStatus,
  useReorderLeadStatuses,
  useUpdateLeadStatus,
} from '../api/lead-status-mutations';
import { LeadStatusModal } from '../components/lead-status-modal';

const COLUMNS: DataTableColumn<LeadStatus>[] = [
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
];

/** Settings → investor → lead status: the CRM statuses, in order, with one default for new records. */
export function LeadStatusesPage() {
  const terms = useTerminology();
  const { data: statuses, isPending, isError, error } = useLeadStatuses();
  const update = useUpdateLeadStatus();
  const reorder = useReorderLeadStatuses();
  const remove = useDeleteLeadStatus();
  const list = statuses ?? [];
  const nextPosition =
    list.length === 0 ? 0 : Math.max(...list.map((status) => status.position)) + POSITION_STEP;

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
        onError: showSettingsFailure,
      },
    );

  return (
    <OrderedSettingsList
      noun={{ one: 'lead status', many: 'lead statuses' }}
      description={`Where each of your ${inSentence(terms.investors)} and contacts stands, in order: New, Contacted, Qualified, Onboarded… New records get the default one.`}
      resource="investor_type"
      items={statuses}
      isPending={isPending}
      loadError={
        isError && (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The lead statuses could not be loaded. {isApiError(error) ? error.message : ''}
          </Alert>
        )
      }
      columns={COLUMNS}
      editLabel="Rename or recolour"
      menuItems={(status) =>
        !status.is_default && (
          <Menu.Item leftSection={<IconStar size={16} aria-hidden />} onClick={() => makeDefault(status)}>
            Make default
          </Menu.Item>
        )
      }
      onReorder={(ordered) => reorder.mutate(ordered, { onError: showSettingsFailure })}
      reordering={reorder.isPending}
      empty={{
        icon: <IconTags size={28} aria-hidden />,
        description: 'Add the stages your team moves people through, for example New, Contacted, Qualified.',
      }}
      renderModal={({ opened, item, onClose }) => (
        <LeadStatusModal opened={opened} status={item} nextPosition={nextPosition} onClose={onClose} />
      )}
      onDelete={(status) => remove.mutateAsync(status.id)}
      deleteConsequence={`${terms.investors} and contacts with this status will have no status.`}
      maxWidth={900}
      skeletonRows={4}
    />
  );
}
