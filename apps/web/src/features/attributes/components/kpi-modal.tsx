import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { KPI_UNIT_LABELS, KPI_UNITS, kpiInputSchema, type Kpi, type KpiUnit } from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useSaveKpi } from '../api/kpis';

interface Values extends Record<string, unknown> {
  name: string;
  kpi_category_id: string | null;
  unit: KpiUnit | null;
  description: string;
}

const UNIT_OPTIONS = KPI_UNITS.map((unit) => ({ value: unit, label: KPI_UNIT_LABELS[unit] }));
const validate = zodResolver(kpiInputSchema);
const payload = (values: Values) => ({
  name: values.name.trim(),
  kpi_category_id: Number(values.kpi_category_id ?? 0),
  unit: values.unit ?? undefined,
  description: values.description,
});

function KpiForm({
  kpi,
  categories,
  categoryId,
  onDone,
}: {
  kpi: Kpi | null;
  categories: Array<{ value: string; label: string }>;
  categoryId?: number;
  onDone: () => void;
}) {
  const save = useSaveKpi();
  const form = useForm<Values>({
    initialValues: {
      name: kpi?.name ?? '',
      kpi_category_id: String(kpi?.kpi_category_id ?? categoryId ?? '') || null,
      unit: kpi?.unit ?? null,
      description: kpi?.description ?? '',
    },
    validate: (values) => validate(payload(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      save.mutateAsync({
        id: kpi?.id,
        input: payload(values) as Parameters<typeof save.mutateAsync>[0]['input'],
      }),
    onSuccess: (saved) => {
      notifications.show({ color: 'success', title: kpi ? 'KPI saved' : 'KPI added', message: saved.name });
      onDone();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={kpi ? 'Save KPI' : 'Add KPI'}
      onCancel={onDone}
    >
      <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
      <Select
        label="Category"
        required
        data={categories}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('kpi_category_id')}
      />
      <Select
        label="Unit"
        required
        description="How its values read in reports."
        data={UNIT_OPTIONS}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('unit')}
      />
      <Textarea
        label="Description"
        description="What companies should report, so figures compare."
        autosize
        minRows={2}
        maxLength={1000}
        {...form.getInputProps('description')}
      />
    </ModalForm>
  );
}

/** Adds a KPI (at the end of its category) or changes one. */
export function KpiModal({
  opened,
  kpi,
  categories,
  categoryId,
  onClose,
}: {
  opened: boolean;
  kpi: Kpi | null;
  categories: Array<{ value: string; label: string }>;
  categoryId?: number;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={kpi ? 'Edit KPI' : 'Add a KPI'}>
      <KpiForm kpi={kpi} categories={categories} categoryId={categoryId} onDone={onClose} />
    </FormModal>
  );
}
