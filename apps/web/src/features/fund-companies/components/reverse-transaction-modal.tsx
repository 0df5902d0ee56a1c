import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  FUND_COMPANY_TRANSACTION_KIND_LABELS,
  fundCompanyReversalInputSchema,
  type FundCompanyTransaction,
} from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useReverseFundCompanyTransaction } from '../api/fund-company-records';

const validate = zodResolver(fundCompanyReversalInputSchema);

/** "investment of £1,000.00" / "valuation at £5,000.00" */
export function transactionSummary(transaction: FundCompanyTransaction, currency: string) {
  const label = FUND_COMPANY_TRANSACTION_KIND_LABELS[transaction.kind].toLowerCase();
  if (transaction.kind === 'valuation') return `${label} at ${formatMoney(transaction.valuation, currency)}`;
  return transaction.amount ? `${label} of ${formatMoney(transaction.amount, currency)}` : label;
}

function ReverseForm({
  transaction,
  currency,
  onClose,
}: {
  transaction: FundCompanyTransaction;
  currency: string;
  onClose: () => void;
}) {
  const reverse = useReverseFundCompanyTransaction();
  const form = useForm({ initialValues: { reason: '' }, validate: (values) => validate(values) });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      reverse.mutateAsync({
        companyId: transaction.company_id,
        transactionId: transaction.id,
        reason: values.reason.trim(),
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Reversed',
        message: `The ${transactionSummary(transaction, currency)} on ${formatDate(transaction.date)} is reversed.`,
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
      submitLabel="Reverse"
      cancelLabel="Keep it"
      onCancel={() => close()}
      danger
    >
      <Text size="sm">
        Reverse the {transactionSummary(transaction, currency)} on {formatDate(transaction.date)}? A new
        transaction undoes it; this one stays in the list, marked reversed. It can be reversed once.
      </Text>
      <Textarea
        label="Reason"
        required
        autosize
        minRows={2}
        maxLength={500}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}

/** Undoes a transaction with a reason (funds:update), after saying what it does. */
export function ReverseTransactionModal({
  transaction,
  currency,
  onClose,
}: {
  transaction: FundCompanyTransaction | undefined;
  currency: string;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={transaction !== undefined}
      onClose={onClose}
      title="Reverse the transaction"
      size="confirmation"
    >
      {transaction && (
        <ReverseForm key={transaction.id} transaction={transaction} currency={currency} onClose={onClose} />
      )}
    </FormModal>
  );
}
