import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { rejectionInputSchema } from '@portico/contracts';
import type { ReactNode } from 'react';
import { useServerForm } from '../../form/use-server-form';
import { zodResolver, type ValidatingSchema } from '../../form/zod-resolver';
import { FormModal, ModalForm } from '../../modals/form-modal';

interface RejectValues extends Record<string, unknown> {
  reason: string;
}

interface RejectModalProps {
  opened: boolean;
  onClose: () => void;
  /** "Reject categorisation" */
  title: string;
  /** what is being rejected and who will be told */
  children: ReactNode;
  confirmLabel: string;
  /** sends the rejection; a 422 on `reason` shows on the field */
  onReject: (reason: string) => Promise<unknown>;
  /** the contract's schema of the rejection, and the longest reason it takes */
  schema?: ValidatingSchema;
  maxLength?: number;
}

function RejectForm({
  onClose,
  children,
  confirmLabel,
  onReject,
  schema = rejectionInputSchema,
  maxLength = 1000,
}: Omit<RejectModalProps, 'opened' | 'title'>) {
  const form = useForm<RejectValues>({
    initialValues: { reason: '' },
    validate: zodResolver(schema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => onReject(values.reason.trim()),
    onSuccess: onClose,
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={confirmLabel}
      onCancel={onClose}
      danger
    >
      <Text component="div">{children}</Text>
      <Textarea
        label="Reason"
        description="Told to the investor, so they know what to do next."
        required
        autosize
        minRows={3}
        maxLength={maxLength}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}

/**
 * Rejects something the investor gave (a categorisation, an onboarding document, an organisation
 * application) with a reason they are told.
 */
export function RejectModal({ opened, onClose, title, ...rest }: RejectModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="confirmation">
      <RejectForm onClose={onClose} {...rest} />
    </FormModal>
  );
}
