import { Alert, Group, Select, Text } from '@mantine/core';
import { CLASSIFICATION_LISTS, type ClassificationEntry, type ClassificationKind } from '@portico/contracts';
import { IconAlertTriangle, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { OrderedSettingsList, showSettingsFailure } from '../../../components/settings/ordered-settings-list';
import { isApiError } from '../../../lib/api-error';
import {
  useClassifications,
  useDeleteClassification,
  useReorderClassifications,
} from '../api/classifications';
import { DELETE_CONSEQUENCES, DESCRIPTIONS } from '../classification-screens';
import { ClassificationModal } from '../components/classification-modal';

const COLUMNS: DataTableColumn<ClassificationEntry>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (entry) => (
      <Text size="sm" fw={600}>
        {entry.name}
      </Text>
    ),
  },
];

/** The investment type whose sub-types the page shows: the first one until another is chosen. */
function useParentType(enabled: boolean) {
  const types = useClassifications('investment_types', undefined, enabled);
  const [chosen, setChosen] = useState<number>();
  const parentId = chosen ?? types.data?.[0]?.id;
  return { types, parentId, setChosen };
}

/**
 * One list of Settings → attributes (industries, investment types, sub-types by type, categories,
 * characters, KPI categories): in order, moved up and down, added, renamed and deleted after asking, as
 * the role may. The same page serves all six.
 */
export function ClassificationListPage({ kind }: { kind: ClassificationKind }) {
  const list = CLASSIFICATION_LISTS[kind];
  const hasParent = 'parent' in list;
  const { types, parentId, setChosen } = useParentType(hasParent);
  const ready = !hasParent || parentId !== undefined;
  const { data, isPending, isError, error } = useClassifications(kind, parentId, ready);
  const reorder = useReorderClassifications(kind, parentId);
  const remove = useDeleteClassification(kind);
  const noTypes = hasParent && types.isSuccess && types.data.length === 0;

  const toolbar = hasParent && (
    <Group mb="md">
      <Select
        label="Investment type"
        description="Sub-types belong to one type."
        data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
        value={parentId === undefined ? null : String(parentId)}
        onChange={(value) => value !== null && setChosen(Number(value))}
        allowDeselect={false}
        disabled={types.isPending}
        w={{ base: '100%', sm: 320 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );

  const failure = (isError || types.isError) && (
    <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      The {list.label.toLowerCase()} could not be loaded. {isApiError(error) ? error.message : ''}
    </Alert>
  );

  return (
    <OrderedSettingsList
      noun={{ one: list.singular, many: list.label.toLowerCase() }}
      description={DESCRIPTIONS[kind]}
      resource={list.resource}
      items={noTypes ? [] : data}
      isPending={!noTypes && (isPending || types.isPending)}
      loadError={
        failure ||
        (noTypes && (
          <Text size="sm" c="dimmed">
            Add an investment type first: sub-types belong to one.
          </Text>
        ))
      }
      toolbar={toolbar}
      columns={COLUMNS}
      editLabel="Rename"
      onReorder={(ordered) =>
        reorder.mutate(
          ordered.map((entry) => entry.id),
          { onError: showSettingsFailure },
        )
      }
      reordering={reorder.isPending}
      empty={{
        icon: <IconListDetails size={28} aria-hidden />,
        description: `Add the ${list.label.toLowerCase()} your team uses, in the order forms should offer them.`,
      }}
      renderModal={({ opened, item, onClose }) => (
        <ClassificationModal kind={kind} opened={opened} entry={item} parentId={parentId} onClose={onClose} />
      )}
      onDelete={(entry) => remove.mutateAsync(entry.id)}
      deleteConsequence={DELETE_CONSEQUENCES[kind]}
      maxWidth={800}
      skeletonRows={5}
    />
  );
}

export const IndustriesPage = () => <ClassificationListPage kind="industries" />;
export const InvestmentTypesPage = () => <ClassificationListPage kind="investment_types" />;
export const InvestmentSubTypesPage = () => <ClassificationListPage kind="investment_sub_types" />;
export const InvestmentCategoriesPage = () => <ClassificationListPage kind="investment_categories" />;
export const InvestmentCharactersPage = () => <ClassificationListPage kind="investment_characters" />;
export const KpiCategoriesPage = () => <ClassificationListPage kind="kpi_categories" />;
