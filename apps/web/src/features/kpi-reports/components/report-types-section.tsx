import { ActionIcon, Button, Group, MultiSelect, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { KpiReportType } from '@portico/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useServerForm } from '../../../components/form/use-server-form';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { RecordSection } from '../../../components/records/record-section';
import { useKpis } from '../../attributes/api/kpis';
import { useDeleteKpiReportType, useKpiReportTypes, useSaveKpiReportType } from '../api/kpi-reports';

interface Values extends Record<string, unknown> {
  name: string;
  description: string;
  parent_id: string | null;
  kpi_ids: string[];
}

function ReportTypeForm({
  type,
  types,
  onDone,
}: {
  type: KpiReportType | null;
  types: readonly KpiReportType[];
  onDone: () => void;
}) {
  const save = useSaveKpiReportType();
  const kpis = useKpis();
  // The settings KPIs grouped by category, in the order the form shows them.
  const kpiOptions = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const kpi of kpis.data ?? []) {
      const group = groups.get(kpi.category.name) ?? [];
      group.push({ value: String(kpi.id), label: kpi.name });
      groups.set(kpi.category.name, group);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [kpis.data]);
  // A sub-type of a top-level type only, and never of itself.
  const parents = types
    .filter((candidate) => candidate.parent_id === null && candidate.id !== type?.id)
    .map((candidate) => ({ value: String(candidate.id), label: candidate.name }));
  const form = useForm<Values>({
    initialValues: {
      name: type?.name ?? '',
      description: type?.description ?? '',
      parent_id: type?.parent_id ? String(type.parent_id) : null,
      kpi_ids: (type?.kpi_ids ?? []).map(String),
    },
    validate: {
      name: (value) => (value.trim() === '' ? 'Enter the report type’s name.' : null),
      // A sub-type reports its parent's KPIs first: its own may be none.
      kpi_ids: (value, values) =>
        value.length === 0 && values.parent_id === null
          ? 'Choose the KPIs a company of this type reports.'
          : null,
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      save.mutateAsync({
        id: type?.id,
        input: {
          name: values.name.trim(),
          description: values.description.trim() === '' ? null : values.description.trim(),
          parent_id: values.parent_id === null ? null : Number(values.parent_id),
          kpi_ids: values.kpi_ids.map(Number),
        },
      }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: type ? 'Report type saved' : 'Report type added',
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
      submitLabel={type ? 'Save report type' : 'Add report type'}
      onCancel={onDone}
    >
      <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
      <Select
        label="Sub-type of"
        description="Leave empty for a top-level type."
        data={parents}
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('parent_id')}
      />
      <MultiSelect
        label="KPIs"
        description="The settings KPIs a company of this type reports, in the order chosen; a sub-type reports its parent’s first, then these."
        required={form.getValues().parent_id === null}
        searchable
        data={kpiOptions}
        placeholder={kpis.isPending ? 'Loading KPIs…' : 'Choose KPIs'}
        nothingFoundMessage="No KPI matches"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('kpi_ids')}
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

interface ReportTypesSectionProps {
  permissions: { create: boolean; update: boolean; delete: boolean };
}

/**
 * Report types (kpi_report_types): the templates of KPI inputs a company reports on, chosen in its
 * reporting settings; a sub-type belongs to a top-level type.
 */
export function ReportTypesSection({ permissions }: ReportTypesSectionProps) {
  const types = useKpiReportTypes();
  const remove = useDeleteKpiReportType();
  const [editing, setEditing] = useState<{ type: KpiReportType | null }>();
  const [removing, setRemoving] = useState<KpiReportType>();

  const columns: DataTableColumn<KpiReportType>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (type) => (
        <Text fw={600} size="sm">
          {type.parent ? `${type.parent.name} › ${type.name}` : type.name}
        </Text>
      ),
    },
    {
      key: 'kpis',
      header: 'KPIs',
      render: (type) => {
        const own = type.kpis.map((kpi) => kpi.name).join(', ');
        const inherited = type.parent ? `${type.parent.name}’s KPIs` : '';
        return (
          <Text size="sm" lineClamp={2}>
            {inherited && own ? `${inherited}, plus ${own}` : inherited || own}
          </Text>
        );
      },
    },
    {
      key: 'companies',
      header: 'Companies',
      align: 'right',
      visibleFrom: 'sm',
      render: (type) => type.companies_count,
    },
  ];
  if (permissions.update || permissions.delete)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (type) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {permissions.update && (
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${type.name}`}
              onClick={() => setEditing({ type })}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          )}
          {permissions.delete && (
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={`Delete ${type.name}`}
              onClick={() => setRemoving(type)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ),
    });

  return (
    <RecordSection
      title="Report types"
      description="Templates of KPIs: each company reports on its type’s KPIs and its own custom KPIs."
      actions={
        permissions.create ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ type: null })}
          >
            Add report type
          </Button>
        ) : undefined
      }
    >
      {types.isError ? (
        <Text size="sm" c="danger.7" role="alert">
          The report types could not be loaded.
        </Text>
      ) : (
        <DataTable
          caption="Report types"
          columns={columns}
          rows={types.data}
          rowKey={(type) => type.id}
          loading={types.isPending}
          skeletonRows={2}
          empty={
            <Text size="sm" c="dimmed" ta="center" py="sm">
              No report types yet: a company without one reports every settings KPI.
            </Text>
          }
        />
      )}
      <FormModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing?.type ? 'Edit report type' : 'Add a report type'}
      >
        <ReportTypeForm
          type={editing?.type ?? null}
          types={types.data ?? []}
          onDone={() => setEditing(undefined)}
        />
      </FormModal>
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Delete report type"
        confirmLabel="Delete report type"
        danger
        onConfirm={async () => {
          if (removing) await remove.mutateAsync(removing.id);
        }}
      >
        Delete <strong>{removing?.name}</strong>? Companies using it keep their reported values and report
        every settings KPI until another type is chosen.
      </ConfirmModal>
    </RecordSection>
  );
}
