import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  DISTRIBUTION_KIND_LABELS,
  DISTRIBUTION_KINDS,
  distributionInputSchema,
  FEE_KIND_LABELS,
  FEE_KINDS,
  feeInputSchema,
  type FundMovementType,
} from '@portico/contracts';
import { currencyPrefix } from '@portico/contracts/constants';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate, plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useChargeFee, useRecordDistribution } from '../api/fund-money';
import { useSubmissionKey } from './use-submission-key';

interface Values extends Record<string, unknown> {
  amount: string;
  date: string;
  kind: string;
  note: string;
}

/** What each kind of movement asks and says. */
const WORDS = {
  distribution: {
    title: 'Record a distribution',
    first: DISTRIBUTION_KINDS[0],
    submit: 'Record distribution',
    done: 'Distribution recorded',
    kinds: DISTRIBUTION_KINDS.map((kind) => ({ value: kind, label: DISTRIBUTION_KIND_LABELS[kind] })),
    hint: 'Paid back to the investors pro rata to what each has paid in, to the penny.',
    schema: zodResolver(distributionInputSchema),
  },
  fee: {
    title: 'Charge a fee',
    first: FEE_KINDS[0],
    submit: 'Charge fee',
    done: 'Fee charged',
    kinds: FEE_KINDS.map((kind) => ({ value: kind, label: FEE_KIND_LABELS[kind] })),
    hint: 'Borne by the investors pro rata to what each has paid in, to the penny.',
    schema: zodResolver(feeInputSchema),
  },
} as const;

const payloadOf = (values: Values) => ({
  amount: values.amount.trim(),
  date: values.date,
  kind: values.kind,
  ...(values.note.trim() ? { note: values.note.trim() } : {}),
});

function MovementForm({
  type,
  fundId,
  currency,
  onClose,
}: {
  type: FundMovementType;
  fundId: number;
  currency: string;
  onClose: () => void;
}) {
  const words = WORDS[type];
  const distribute = useRecordDistribution();
  const charge = useChargeFee();
  const keyFor = useSubmissionKey();
  const form = useForm<Values>({
    initialValues: {
      amount: '',
      date: new Date().toISOString().slice(0, 10),
      kind: words.first,
      note: '',
    },
    validate: (values) => words.schema(payloadOf(values)),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => {
      const payload = payloadOf(values);
      const key = keyFor(payload);
      // Already checked by the form's resolver: parsing narrows the kind to the contract's.
      return type === 'distribution'
        ? distribute.mutateAsync({ fundId, input: distributionInputSchema.parse(payload), key })
        : charge.mutateAsync({ fundId, input: feeInputSchema.parse(payload), key });
    },
    onSuccess: (movement) => {
      notifications.show({
        color: 'success',
        title: words.done,
        message: `${formatMoney(movement.total, currency)} on ${formatDate(movement.date)}, over ${plural(movement.lines.length, 'investor')}.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  const prefix = currencyPrefix(currency).trim();
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={words.submit}
      onCancel={() => close()}
    >
      <Text size="sm">{words.hint}</Text>
      <TextInput
        label="Amount"
        required
        inputMode="decimal"
        data-autofocus
        leftSection={
          <Text span size="sm" c="dimmed" aria-hidden>
            {prefix}
          </Text>
        }
        leftSectionWidth={prefix.length > 1 ? 48 : 32}
        {...form.getInputProps('amount')}
      />
      <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
      <Select
        label="Kind"
        required
        allowDeselect={false}
        data={words.kinds}
        {...form.getInputProps('kind')}
      />
      <Textarea label="Note" autosize minRows={2} maxLength={2000} {...form.getInputProps('note')} />
    </ModalForm>
  );
}

/** Records a distribution or charges a fee (funds:update), split over the investors by the server. */
export function FundMovementModal({
  type,
  fundId,
  currency,
  onClose,
}: {
  /** the kind of movement the open dialog records; undefined while it is closed */
  type: FundMovementType | undefined;
  fundId: number;
  currency: string;
  onClose: () => void;
}) {
  return (
    <FormModal opened={type !== undefined} onClose={onClose} title={type ? WORDS[type].title : ''}>
      {type && <MovementForm key={type} type={type} fundId={fundId} currency={currency} onClose={onClose} />}
    </FormModal>
  );
}
