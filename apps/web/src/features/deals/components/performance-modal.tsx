import { NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  createDealPerformanceInputSchema,
  type CreateDealPerformanceInput,
  type DealPerformance,
} from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { formatDate } from '../../../lib/format';
import { useAddDealPerformance, useChangeDealPerformance } from '../api/deal-performance';

const MONEY_FIELDS = ['revenue', 'gross_profit', 'ebitda', 'cash'] as const;

interface Values extends Record<string, unknown> {
  period: string;
  revenue: string;
  gross_profit: string;
  ebitda: string;
  cash: string;
  headcount: string | number;
  notes: string;
}

const text = (value: string | null | undefined) => (value ?? '').replace(/\.00$/, '');

function payloadOf(values: Values): CreateDealPerformanceInput {
  const payload: CreateDealPerformanceInput = { period: values.period };
  for (const field of MONEY_FIELDS) payload[field] = values[field].trim();
  payload.headcount = values.headcount === '' ? null : Number(values.headcount);
  payload.notes = values.notes.trim();
  return payload;
}

function PerformanceForm({
  dealId,
  row,
  onDone,
}: {
  dealId: number;
  row: DealPerformance | null;
  onDone: () => void;
}) {
  const add = useAddDealPerformance();
  const change = useChangeDealPerformance();
  const form = useForm<Values>({
    initialValues: {
      period: row?.period ?? '',
      revenue: text(row?.revenue),
      gross_profit: text(row?.gross_profit),
      ebitda: text(row?.ebitda),
      cash: text(row?.cash),
      headcount: row?.headcount ?? '',
      notes: row?.notes ?? '',
    },
    validate: (values) => zodResolver(createDealPerformanceInputSchema)(payloadOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      row
        ? change.mutateAsync({ dealId, periodId: row.id, changes: payloadOf(values) })
        : add.mutateAsync({ dealId, input: payloadOf(values) }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: row ? 'Figures saved' : 'Figures added',
        message: `For the period ending ${formatDate(saved.period)}.`,
      });
      onDone();
    },
  });
  const money = (field: (typeof MONEY_FIELDS)[number], label: string) => (
    <TextInput label={label} inputMode="decimal" leftSection="£" {...form.getInputProps(field)} />
  );
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={row ? 'Save figures' : 'Add figures'}
      onCancel={onDone}
    >
      <TextInput
        label="Period ending"
        type="date"
        required
        description="The last day of the month, quarter or year the figures cover."
        data-autofocus
        {...form.getInputProps('period')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {money('revenue', 'Revenue')}
        {money('gross_profit', 'Gross profit')}
        {money('ebitda', 'EBITDA')}
        {money('cash', 'Cash')}
      </SimpleGrid>
      <NumberInput
        label="Headcount"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('headcount')}
      />
      <Textarea label="Notes" autosize minRows={2} maxLength={2000} {...form.getInputProps('notes')} />
    </ModalForm>
  );
}

/** Adds a period's figures (row null) or changes them; a loss or a cash burn is a negative amount. */
export function PerformanceModal({
  dealId,
  opened,
  row,
  onClose,
}: {
  dealId: number;
  opened: boolean;
  row: DealPerformance | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={row ? 'Edit figures' : 'Add figures'}>
      <PerformanceForm dealId={dealId} row={row} onDone={onClose} />
    </FormModal>
  );
}
