import { notifications } from '@mantine/notifications';
import { fundReversalInputSchema, type FundMovement } from '@portico/contracts';
import { ReasonModal } from '../../../components/modals/reason-modal';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useReverseFundMovement } from '../api/fund-money';
import { movementLabel } from './movement-labels';
import { useSubmissionKey } from './use-submission-key';

/** Undoes a distribution or a fee with a reason (funds:update), after saying what it does. */
export function ReverseMovementModal({
  movement,
  currency,
  onClose,
}: {
  movement: FundMovement | undefined;
  currency: string;
  onClose: () => void;
}) {
  const reverse = useReverseFundMovement();
  const keyFor = useSubmissionKey();
  const label = movement ? movementLabel(movement).toLowerCase() : '';
  return (
    <ReasonModal
      opened={movement !== undefined}
      onClose={onClose}
      title="Reverse the entry"
      confirmLabel="Reverse"
      cancelLabel="Keep it"
      schema={fundReversalInputSchema}
      maxLength={500}
      onSubmit={async (reason) => {
        if (!movement) return;
        const input = { reason };
        await reverse.mutateAsync({
          fundId: movement.fund_id,
          movementId: movement.id,
          input,
          key: keyFor(input),
        });
      }}
      onDone={() =>
        movement &&
        notifications.show({
          color: 'success',
          title: 'Reversed',
          message: `The ${label} of ${formatDate(movement.date)} is reversed.`,
        })
      }
    >
      {movement && (
        <>
          Reverse the {label} of {formatMoney(movement.total, currency)} on {formatDate(movement.date)}? A new
          entry takes each investor’s line back; this one stays on the ledger, marked reversed. It can be
          reversed once.
        </>
      )}
    </ReasonModal>
  );
}
