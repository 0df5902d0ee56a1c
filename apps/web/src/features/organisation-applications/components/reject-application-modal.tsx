import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { rejectOrganisationApplicationInputSchema } from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { MODAL_SIZES } from '../../../theme/theme';

interface RejectApplicationModalProps {
  investorName: string;
  onClose: () => void;
  /** POST /api/organisation-applications/{id}/reject */
  submit: (reason: string) => Promise<unknown>;
  onRejected: () => void;
}

/** Rejecting needs a reason: the investor is told it. Mounted while open. */
export function RejectApplicationModal({
  investorName,
  onClose,
  submit,
  onRejected,
}: RejectApplicationModalProps) {
  const form = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: zodResolver(rejectOrganisationApplicationInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(values.reason.trim()),
    onSuccess: onRejected,
  });

  return (
    <Modal
      opened
      onClose={() => {
        if (!submitting) onClose();
      }}
      title="Reject application"
      size={MODAL_SIZES.confirmation}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">
            {investorName} is notified that their application was not approved, with your reason.
          </Text>
          <Textarea
            label="Reason"
            description="Shown to the investor."
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" color="danger" loading={submitting}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
