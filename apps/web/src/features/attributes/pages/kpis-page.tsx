import { Alert, Group, Select, Text } from '@mantine/core';
import { KPI_UNIT_LABELS, type Kpi } from '@portico/contracts';
import { IconAlertTriangle, IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { OrderedSettingsList, showSettingsFailure } from '../../../components/settings/ordered-settings-list';
import { isApiError } from '../../../lib/api-error';
import { useClassifications } from '../api/classifications';
import { useDeleteKpi, useKpis, useReorderKpis } from '../api/kpis';
import { KpiModal } from '../components/kpi-modal';

const COLUMNS: DataTableColumn<Kpi>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (kpi) => (
      <Text size="sm" fw={600}>
        {kpi.name}
      </Text>
    ),
  },
  { key: 'unit', header: 'Unit', render: (kpi) => KPI_UNIT_LABELS[kpi.unit] },
  {
    key: 'description',
    header: 'Description',
    visibleFrom: 'sm',
    render: (kpi) => (
      <Text size="sm" c="dimmed" lineClamp={2}>
        {kpi.description ?? ''}
      </Text>
    ),
  },
];

/**
 * Settings → attributes → kpis: the metrics portfolio companies report, by category (their values come
 * with reporting). A category's KPIs are moved up and down among themselves.
 */
export function KpisPage() {
  const categories = useClassifications('kpi_categories');
  const kpis = useKpis();
  const reorder = useReorderKpis();
  const remove = useDeleteKpi();
  const [chosen, setChosen] = useState<number>();
  const categoryId = chosen ?? categories.data?.[0]?.id;
  const inCategory = (kpis.data ?? []).filter((kpi) => kpi.kpi_category_id === categoryId);
  const options = (categories.data ?? []).map((category) => ({
    value: String(category.id),
    label: category.name,
  }));
  const noCategories = categories.isSuccess && options.length === 0;
  const isError = categories.isError || kpis.isError;

  return (
    <OrderedSettingsList
      noun={{ one: 'KPI', many: 'KPIs' }}
      description="The metrics portfolio companies report (revenue, ARR, burn, headcount), by category."
      resource="attributes"
      items={noCategories ? [] : kpis.data && inCategory}
      isPending={!noCategories && (kpis.isPending || categories.isPending)}
      loadError={
        (isError && (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The KPIs could not be loaded. {isApiError(kpis.error) ? kpis.error.message : ''}
          </Alert>
        )) ||
        (noCategories && (
          <Text size="sm" c="dimmed">
            Add a KPI category first: every KPI belongs to one.
          </Text>
        ))
      }
      toolbar={
        <Group mb="md">
          <Select
            label="Category"
            data={options}
            value={categoryId === undefined ? null : String(categoryId)}
            onChange={(value) => value !== null && setChosen(Number(value))}
            allowDeselect={false}
            disabled={categories.isPending}
            w={{ base: '100%', sm: 320 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      }
      columns={COLUMNS}
      editLabel="Edit"
      onReorder={(ordered) =>
        categoryId !== undefined &&
        reorder.mutate({ categoryId, ids: ordered.map((kpi) => kpi.id) }, { onError: showSettingsFailure })
      }
      reordering={reorder.isPending}
      empty={{
        icon: <IconChartBar size={28} aria-hidden />,
        description: 'Add the metrics companies in this category report, for example Revenue or Headcount.',
      }}
      renderModal={({ opened, item, onClose }) => (
        <KpiModal opened={opened} kpi={item} categories={options} categoryId={categoryId} onClose={onClose} />
      )}
      onDelete={(kpi) => remove.mutateAsync(kpi.id)}
      deleteConsequence="This cannot be undone."
      maxWidth={1000}
      skeletonRows={5}
    />
  );
}
