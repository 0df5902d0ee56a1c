import { notifications } from '@mantine/notifications';
import {
  FUND_COMPANY_TRANSACTION_KIND_LABELS,
  fundCompanyReversalInputSchema,
  type FundCompanyTransaction,
} from '@portico/contracts';
import { ReasonModal } from '../../../components/modals/reason-modal';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useReverseFundCompanyTransaction } from '../api/fund-company-records';

/** "investment of £1,000.00" / "valuation at £5,000.00" */
export function transactionSummary(transaction: FundCompanyTransaction, currency: string) {
  const label = FUND_COMPANY_TRANSACTION_KIND_LABELS[transaction.kind].toLowerCase();
  if (transaction.kind === 'valuation') return `${label} at ${formatMoney(transaction.valuation, currency)}`;
  return transaction.amount ? `${label} of ${formatMoney(transaction.amount, currency)}` : label;
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
  const reverse = useReverseFundCompanyTransaction();
  return (
    <ReasonModal
      opened={transaction !== undefined}
      onClose={onClose}
      title="Reverse the transaction"
      confirmLabel="Reverse"
      cancelLabel="Keep it"
      schema={fundCompanyReversalInputSchema}
      maxLength={500}
      onSubmit={async (reason) => {
        if (transaction)
          await reverse.mutateAsync({
            companyId: transaction.company_id,
            transactionId: transaction.id,
            reason,
          });
      }}
      onDone={() =>
        transaction &&
        notifications.show({
          color: 'success',
          title: 'Reversed',
          message: `The ${transactionSummary(transaction, currency)} on ${formatDate(transaction.date)} is reversed.`,
        })
      }
    >
      {transaction && (
        <>
          Reverse the {transactionSummary(transaction, currency)} on {formatDate(transaction.date)}? A new
          transaction undoes it; this one stays in the list, marked reversed. It can be reversed once.
        </>
      )}
    </ReasonModal>
  );
}
