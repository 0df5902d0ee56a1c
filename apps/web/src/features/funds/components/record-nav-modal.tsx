import { Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createFundNavInputSchema, type CreateFundNavInput } from '@portico/contracts';
import { currencyPrefix } from '@portico/contracts/constants';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useRecordFundNav } from '../api/fund-navs';

interface Values extends Record<string, unknown> {
  date: string;
  nav: string;
  note: string;
}

const payloadOf = (values: Values): CreateFundNavInput => ({
  date: values.date,
  nav: values.nav.trim(),
  note: values.note.trim() || null,
});

const validate = zodResolver(createFundNavInputSchema);

function RecordNavForm({
  fundId,
  currency,
  onDone,
}: {
  fundId: number;
  currency: string;
  onDone: () => void;
}) {
  const record = useRecordFundNav();
  const form = useForm<Values>({
    initialValues: { date: '', nav: '', note: '' },
    validate: (values) => validate(payloadOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => record.mutateAsync({ fundId, input: payloadOf(values) }),
    onSuccess: (nav) => {
      notifications.show({
        color: 'success',
        title: 'NAV recorded',
        message: `${formatMoney(nav.nav, currency)} at ${formatDate(nav.effective_on)}.`,
      });
      onDone();
    },
  });
  const prefix = currencyPrefix(currency).trim();
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record NAV"
      onCancel={onDone}
    >
      <TextInput
        label="Date"
        type="date"
        required
        description="A NAV already recorded at this date is replaced; the old one is kept as history."
        data-autofocus
        {...form.getInputProps('date')}
      />
      <TextInput
        label="Net asset value"
        required
        inputMode="decimal"
        description="e.g. 2500000 or 2500000.50"
        leftSection={
          <Text span size="sm" c="dimmed" aria-hidden>
            {prefix}
          </Text>
        }
        leftSectionWidth={prefix.length > 1 ? 48 : 32}
        {...form.getInputProps('nav')}
      />
      <Textarea
        label="Note"
        description="Where the figure comes from: the valuation, the accounts."
        autosize
        minRows={2}
        maxLength={1000}
        {...form.getInputProps('note')}
      />
    </ModalForm>
  );
}

/** Records the fund's NAV at a date (funds:update). */
export function RecordNavModal({
  fundId,
  currency,
  opened,
  onClose,
}: {
  fundId: number;
  currency: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Record NAV">
      <RecordNavForm fundId={fundId} currency={currency} onDone={onClose} />
    </FormModal>
  );
}
