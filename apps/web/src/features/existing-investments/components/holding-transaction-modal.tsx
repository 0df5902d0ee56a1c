import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  createHoldingTransactionInputSchema,
  STAFF_HOLDING_TRANSACTION_KINDS,
  type CreateHoldingTransactionInput,
} from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useAddHoldingTransaction } from '../api/existing-investments';
import { londonToday } from '../london-today';

type Kind = (typeof STAFF_HOLDING_TRANSACTION_KINDS)[number];

const KIND_LABELS: Readonly<Record<Kind, string>> = {
  follow_on: 'Follow-on (shares bought)',
  exit: 'Exit (shares sold)',
  dividend: 'Dividend',
};

interface Values extends Record<string, unknown> {
  kind: Kind;
  user_id: string | null;
  occurred_on: string;
  shares: string;
  amount: string;
  price: string;
  note: string;
}

function payloadOf(values: Values): CreateHoldingTransactionInput {
  return {
    kind: values.kind,
    user_id: values.user_id ? Number(values.user_id) : 0,
    occurred_on: values.occurred_on,
    ...(values.kind === 'dividend' ? {} : { shares: values.shares.trim() }),
    amount: values.amount.trim(),
    ...(values.price.trim() && values.kind !== 'dividend' ? { price: values.price.trim() } : {}),
    note: values.note.trim(),
  };
}

function TransactionForm({
  id,
  investors,
  onDone,
}: {
  id: number;
  investors: readonly { id: number; name: string }[];
  onDone: () => void;
}) {
  const add = useAddHoldingTransaction();
  const form = useForm<Values>({
    initialValues: {
      kind: 'follow_on',
      user_id: null,
      occurred_on: '',
      shares: '',
      amount: '',
      price: '',
      note: '',
    },
    validate: (values) => zodResolver(createHoldingTransactionInputSchema)(payloadOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => add.mutateAsync({ id, input: payloadOf(values) }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: 'Transaction recorded',
        message: `${KIND_LABELS[saved.kind as Kind] ?? saved.kind} for ${saved.investor?.name ?? 'the investor'}.`,
      });
      onDone();
    },
  });
  const dividend = form.getValues().kind === 'dividend';
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record transaction"
      onCancel={onDone}
    >
      <Select
        label="Type"
        required
        allowDeselect={false}
        data={STAFF_HOLDING_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        data-autofocus
        {...form.getInputProps('kind')}
      />
      <Select
        label="Investor"
        required
        searchable
        placeholder="Choose a holder"
        nothingFoundMessage="No holder by that name"
        data={investors.map((investor) => ({ value: String(investor.id), label: investor.name }))}
        {...form.getInputProps('user_id')}
      />
      <TextInput
        label="Date"
        type="date"
        required
        max={londonToday()}
        description="Not after today."
        {...form.getInputProps('occurred_on')}
      />
      <SimpleGrid cols={{ base: 1, xs: dividend ? 1 : 3 }}>
        {!dividend && (
          <TextInput label="Shares" required inputMode="decimal" {...form.getInputProps('shares')} />
        )}
        <TextInput
          label={dividend ? 'Amount paid' : form.getValues().kind === 'exit' ? 'Proceeds' : 'Amount paid in'}
          required
          inputMode="decimal"
          leftSection="£"
          {...form.getInputProps('amount')}
        />
        {!dividend && (
          <TextInput
            label="Price per share"
            inputMode="decimal"
            leftSection="£"
            {...form.getInputProps('price')}
          />
        )}
      </SimpleGrid>
      <Textarea label="Note" autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
    </ModalForm>
  );
}

/** Records a follow-on, an exit (no more than the shares held) or a dividend for one of the holders. */
export function HoldingTransactionModal({
  id,
  opened,
  investors,
  onClose,
}: {
  id: number;
  opened: boolean;
  investors: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Record a transaction">
      <TransactionForm id={id} investors={investors} onDone={onClose} />
    </FormModal>
  );
}
