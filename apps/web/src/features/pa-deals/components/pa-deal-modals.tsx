import { SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { approvePaDealInputSchema, executePaDealInputSchema, type PaDeal } from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { useApprovePaDeal, useExecutePaDeal } from '../api/pa-deals';

interface ModalProps {
  deal: PaDeal;
  opened: boolean;
  onClose: () => void;
}

const validateApproval = zodResolver(approvePaDealInputSchema);

function ApproveForm({ deal, onClose }: Omit<ModalProps, 'opened'>) {
  const { mutateAsync } = useApprovePaDeal(deal.id);
  const form = useForm<{ note: string }>({
    initialValues: { note: '' },
    validate: (values) => validateApproval({ note: values.note.trim() || null }),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => mutateAsync(values.note.trim() || null),
    onSuccess: () => {
      notifications.show({ color: 'success', title: 'Approved', message: `${deal.user.name} is told.` });
      onClose();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Approve"
      onCancel={onClose}
    >
      <Text size="sm">
        {deal.user.name} may then deal in {deal.company_name} until the end of the second business day after
        today.
      </Text>
      <Textarea
        label="Note"
        description="Optional; the requester reads it"
        autosize
        minRows={2}
        maxLength={2000}
        data-autofocus
        {...form.getInputProps('note')}
      />
    </ModalForm>
  );
}

/** Compliance approves a pending request, with an optional note. */
export function ApprovePaDealModal({ deal, opened, onClose }: ModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Approve this deal?" size="confirmation">
      <ApproveForm deal={deal} onClose={onClose} />
    </FormModal>
  );
}

interface ExecutionValues extends Record<string, unknown> {
  executed_on: string;
  price: string;
  quantity: string;
}
const validateExecution = zodResolver(executePaDealInputSchema);
const executionOf = (values: ExecutionValues) => ({
  executed_on: values.executed_on,
  price: values.price.trim(),
  quantity: values.quantity.trim(),
});

function ExecuteForm({ deal, onClose }: Omit<ModalProps, 'opened'>) {
  const { mutateAsync } = useExecutePaDeal(deal.id);
  const form = useForm<ExecutionValues>({
    initialValues: { executed_on: deal.approved_on ?? '', price: '', quantity: deal.quantity },
    validate: (values) => validateExecution(executionOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => mutateAsync(executionOf(values)),
    onSuccess: () => {
      notifications.show({ color: 'success', title: 'Execution recorded', message: 'The deal is complete.' });
      onClose();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record execution"
      onCancel={onClose}
    >
      {deal.clearance_expires_on && (
        <Text size="sm">
          Pre-clearance covers trades from {formatDate(deal.approved_on)} to{' '}
          {formatDate(deal.clearance_expires_on)}, for at most {deal.quantity}.
        </Text>
      )}
      <TextInput
        label="Executed on"
        type="date"
        required
        data-autofocus
        {...form.getInputProps('executed_on')}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="Price"
          description={deal.currency}
          inputMode="decimal"
          required
          {...form.getInputProps('price')}
        />
        <TextInput label="Quantity" inputMode="decimal" required {...form.getInputProps('quantity')} />
      </SimpleGrid>
    </ModalForm>
  );
}

/** The owner records the trade of an approved request. */
export function ExecutePaDealModal({ deal, opened, onClose }: ModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Record the execution">
      <ExecuteForm deal={deal} onClose={onClose} />
    </FormModal>
  );
}
