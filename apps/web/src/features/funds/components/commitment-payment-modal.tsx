import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  compareDecimal,
  paymentInputSchema,
  subtractDecimal,
  type FundCommitment,
  type PaymentInput,
} from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatMoney } from '../../../lib/money';
import { useRecordCommitmentPayment } from '../api/fund-money';
import { useSubmissionKey } from './use-submission-key';

const today = () => new Date().toISOString().slice(0, 10);

interface Values extends Record<string, unknown> {
  amount: string;
  received_on: string;
  reference: string;
}

const payloadOf = (values: Values): PaymentInput => ({
  amount: values.amount.trim(),
  received_on: values.received_on,
  ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
});

const validate = zodResolver(paymentInputSchema);

function PaymentForm({
  fundId,
  commitment,
  currency,
  onClose,
}: {
  fundId: number;
  commitment: FundCommitment;
  currency: string;
  onClose: () => void;
}) {
  const pay = useRecordCommitmentPayment();
  const keyFor = useSubmissionKey();
  // What has been called and not yet paid is what is due now.
  const outstanding = subtractDecimal(commitment.called, commitment.paid_in);
  const due = compareDecimal(outstanding, '0') > 0 ? outstanding : '';
  const form = useForm<Values>({
    initialValues: { amount: due, received_on: today(), reference: '' },
    validate: (values) => validate(payloadOf(values)),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => {
      const input = payloadOf(values);
      return pay.mutateAsync({ fundId, investmentId: commitment.investment_id, input, key: keyFor(input) });
    },
    onSuccess: (answer) => {
      notifications.show({
        color: 'success',
        title: 'Payment recorded',
        message: `${formatMoney(answer.data.investment.paid_amount, currency)} received from ${commitment.investor.name} so far.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record payment"
      onCancel={() => close()}
    >
      <Text size="sm">
        <strong>{commitment.investor.name}</strong> committed {formatMoney(commitment.committed, currency)}:{' '}
        {formatMoney(commitment.called, currency)} called, {formatMoney(commitment.paid_in, currency)} paid
        in.
        {commitment.payment_reference ? ` Their payment reference is ${commitment.payment_reference}.` : ''}
      </Text>
      <TextInput
        label="Amount received"
        required
        inputMode="decimal"
        data-autofocus
        {...form.getInputProps('amount')}
      />
      <TextInput label="Date received" type="date" required {...form.getInputProps('received_on')} />
      <TextInput
        label="Reference"
        description="The bank’s reference for the payment: a bank line is booked once"
        {...form.getInputProps('reference')}
      />
    </ModalForm>
  );
}

/**
 * Money received against a commitment (POST /api/investments/{id}/payments, the same endpoint as any
 * investment's payment): it applies to the commitment's oldest open call first.
 */
export function CommitmentPaymentModal({
  fundId,
  commitment,
  currency,
  onClose,
}: {
  fundId: number;
  commitment: FundCommitment | undefined;
  currency: string;
  onClose: () => void;
}) {
  return (
    <FormModal opened={commitment !== undefined} onClose={onClose} title="Record a payment">
      {commitment && (
        <PaymentForm fundId={fundId} commitment={commitment} currency={currency} onClose={onClose} />
      )}
    </FormModal>
  );
}
