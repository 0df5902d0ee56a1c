import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { fundReversalInputSchema, type FundMovement } from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useReverseFundMovement } from '../api/fund-money';
import { movementLabel } from './movement-labels';
import { useSubmissionKey } from './use-submission-key';

const validate = zodResolver(fundReversalInputSchema);

function ReverseForm({
  movement,
  currency,
  onClose,
}: {
  movement: FundMovement;
  currency: string;
  onClose: () => void;
}) {
  const reverse = useReverseFundMovement();
  const keyFor = useSubmissionKey();
  const form = useForm({ initialValues: { reason: '' }, validate: (values) => validate(values) });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => {
      const input = { reason: values.reason.trim() };
      return reverse.mutateAsync({
        fundId: movement.fund_id,
        movementId: movement.id,
        input,
        key: keyFor(input),
      });
    },
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Reversed',
        message: `The ${movementLabel(movement).toLowerCase()} of ${formatDate(movement.date)} is reversed.`,
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
        Reverse the {movementLabel(movement).toLowerCase()} of {formatMoney(movement.total, currency)} on{' '}
        {formatDate(movement.date)}? A new entry takes each investor’s line back; this one stays on the
        ledger, marked reversed. It can be reversed once.
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
  return (
    <FormModal
      opened={movement !== undefined}
      onClose={onClose}
      title="Reverse the entry"
      size="confirmation"
    >
      {movement && (
        <ReverseForm key={movement.id} movement={movement} currency={currency} onClose={onClose} />
      )}
    </FormModal>
  );
}
