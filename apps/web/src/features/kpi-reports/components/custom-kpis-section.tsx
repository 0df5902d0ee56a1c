import { ActionIcon, Button, Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { KPI_UNIT_LABELS, KPI_UNITS, type CustomKpi, type KpiUnit } from '@portico/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { RecordSection } from '../../../components/records/record-section';
import { useServerForm } from '../../../components/form/use-server-form';
import { useClassificationOptions } from '../../attributes/api/classifications';
import { useCustomKpis, useDeleteCustomKpi, useSaveCustomKpi } from '../api/kpi-reports';

interface Values extends Record<string, unknown> {
  name: string;
  unit: KpiUnit | null;
  kpi_category_id: string | null;
  description: string;
}

const UNIT_OPTIONS = KPI_UNITS.map((unit) => ({ value: unit, label: KPI_UNIT_LABELS[unit] }));

function CustomKpiForm({
  opportunityId,
  kpi,
  onDone,
}: {
  opportunityId: number;
  kpi: CustomKpi | null;
  onDone: () => void;
}) {
  const save = useSaveCustomKpi();
  const categories = useClassificationOptions('kpi_categories', { keep: kpi?.category ?? null });
  const form = useForm<Values>({
    initialValues: {
      name: kpi?.name ?? '',
      unit: kpi?.unit ?? null,
      kpi_category_id: kpi?.kpi_category_id ? String(kpi.kpi_category_id) : null,
      description: kpi?.description ?? '',
    },
    validate: {
      name: (value) => (value.trim() === '' ? 'Enter the KPI’s name.' : null),
      unit: (value) => (value ? null : 'Choose how its values read.'),
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      save.mutateAsync({
        id: kpi?.id,
        input: {
          opportunity_id: opportunityId,
          name: values.name.trim(),
          unit: values.unit ?? 'number',
          kpi_category_id: values.kpi_category_id === null ? null : Number(values.kpi_category_id),
          description: values.description.trim() === '' ? null : values.description.trim(),
        },
      }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: kpi ? 'Custom KPI saved' : 'Custom KPI added',
        message: saved.name,
      });
      onDone();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={kpi ? 'Save custom KPI' : 'Add custom KPI'}
      onCancel={onDone}
    >
      <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
      <Select
        label="Unit"
        required
        data={UNIT_OPTIONS}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('unit')}
      />
      <Select
        label="Category"
        description="Groups it with the settings KPIs of that category on the form."
        data={categories.options}
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('kpi_category_id')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={1000}
        {...form.getInputProps('description')}
      />
    </ModalForm>
  );
}

interface CustomKpisSectionProps {
  opportunityId: number;
  permissions: { create: boolean; update: boolean; delete: boolean };
}

/** The company's own KPIs (custom_kpis), reported beside its report type's. */
export function CustomKpisSection({ opportunityId, permissions }: CustomKpisSectionProps) {
  const kpis = useCustomKpis(opportunityId);
  const remove = useDeleteCustomKpi();
  const [editing, setEditing] = useState<{ kpi: CustomKpi | null }>();
  const [removing, setRemoving] = useState<CustomKpi>();

  const columns: DataTableColumn<CustomKpi>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (kpi) => (
        <Text fw={600} size="sm">
          {kpi.name}
        </Text>
      ),
    },
    { key: 'unit', header: 'Unit', render: (kpi) => KPI_UNIT_LABELS[kpi.unit] },
    { key: 'category', header: 'Category', visibleFrom: 'sm', render: (kpi) => kpi.category?.name ?? '—' },
  ];
  if (permissions.update || permissions.delete)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (kpi) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {permissions.update && (
            <ActionIcon variant="subtle" aria-label={`Edit ${kpi.name}`} onClick={() => setEditing({ kpi })}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          )}
          {permissions.delete && (
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={`Delete ${kpi.name}`}
              onClick={() => setRemoving(kpi)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ),
    });

  return (
    <RecordSection
      title="Custom KPIs"
      description="Metrics only this company reports."
      actions={
        permissions.create ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ kpi: null })}
          >
            Add custom KPI
          </Button>
        ) : undefined
      }
    >
      {kpis.isError ? (
        <Text size="sm" c="danger.7" role="alert">
          The custom KPIs could not be loaded.
        </Text>
      ) : (
        <DataTable
          caption="Custom KPIs"
          columns={columns}
          rows={kpis.data}
          rowKey={(kpi) => kpi.id}
          loading={kpis.isPending}
          skeletonRows={2}
          empty={
            <Text size="sm" c="dimmed" ta="center" py="sm">
              This company has no custom KPIs.
            </Text>
          }
        />
      )}
      <FormModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing?.kpi ? 'Edit custom KPI' : 'Add a custom KPI'}
      >
        <CustomKpiForm
          opportunityId={opportunityId}
          kpi={editing?.kpi ?? null}
          onDone={() => setEditing(undefined)}
        />
      </FormModal>
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Delete custom KPI"
        confirmLabel="Delete custom KPI"
        danger
        onConfirm={async () => {
          if (removing) await remove.mutateAsync({ id: removing.id, opportunityId });
        }}
      >
        Delete <strong>{removing?.name}</strong>? It leaves the company’s form; values already reported stay
        in its reports.
      </ConfirmModal>
    </RecordSection>
  );
}
