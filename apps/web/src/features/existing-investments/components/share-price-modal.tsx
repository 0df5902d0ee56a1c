import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  createSharePriceInputSchema,
  SHARE_PRICE_KINDS,
  type CreateSharePriceInput,
  type SharePrice,
  type SharePriceKind,
} from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { formatDate } from '../../../lib/format';
import { londonToday } from '../london-today';
import { useAddSharePrice, useChangeSharePrice } from '../api/existing-investments';

export const PRICE_KIND_LABELS: Readonly<Record<SharePriceKind, string>> = {
  round: 'Round price',
  valuation: 'Valuation',
  exit: 'Exit price',
};

interface Values extends Record<string, unknown> {
  effective_on: string;
  price: string;
  kind: SharePriceKind;
  note: string;
}

const payloadOf = (values: Values): CreateSharePriceInput => ({
  effective_on: values.effective_on,
  price: values.price.trim(),
  kind: values.kind,
  note: values.note.trim(),
});

function SharePriceForm({ id, row, onDone }: { id: number; row: SharePrice | null; onDone: () => void }) {
  const add = useAddSharePrice();
  const change = useChangeSharePrice();
  const form = useForm<Values>({
    initialValues: {
      effective_on: row?.effective_on ?? '',
      price: row ? row.price.replace(/\.?0+$/, '') : '',
      kind: row?.kind ?? 'valuation',
      note: row?.note ?? '',
    },
    validate: (values) => zodResolver(createSharePriceInputSchema)(payloadOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      row
        ? change.mutateAsync({ id, priceId: row.id, changes: payloadOf(values) })
        : add.mutateAsync({ id, input: payloadOf(values) }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: row ? 'Share price corrected' : 'Share price added',
        message: row
          ? `For ${formatDate(saved.effective_on)}. The price it corrects stays in the history.`
          : `For ${formatDate(saved.effective_on)}. Every holding is valued at the latest price.`,
      });
      onDone();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={row ? 'Save correction' : 'Add price'}
      onCancel={onDone}
    >
      <TextInput
        label="Date"
        type="date"
        required
        data-autofocus
        max={londonToday()}
        description="Not after today."
        {...form.getInputProps('effective_on')}
      />
      <TextInput
        label="Price per share"
        required
        inputMode="decimal"
        leftSection="£"
        description={
          row
            ? 'Up to 6 decimals. The correction is a new price: the one it corrects is kept in the history.'
            : 'Up to 6 decimals. One price a day.'
        }
        {...form.getInputProps('price')}
      />
      <Select
        label="Kind"
        required
        allowDeselect={false}
        data={SHARE_PRICE_KINDS.map((kind) => ({ value: kind, label: PRICE_KIND_LABELS[kind] }))}
        {...form.getInputProps('kind')}
      />
      <Textarea label="Note" autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
    </ModalForm>
  );
}

/** Adds a share price (row null) or corrects one with a new price. */
export function SharePriceModal({
  id,
  opened,
  row,
  onClose,
}: {
  id: number;
  opened: boolean;
  row: SharePrice | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={row ? 'Correct share price' : 'Add share price'}>
      <SharePriceForm id={id} row={row} onDone={onClose} />
    </FormModal>
  );
}
