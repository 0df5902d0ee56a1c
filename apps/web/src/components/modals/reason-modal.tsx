import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useServerForm } from '../form/use-server-form';
import { zodResolver, type ValidatingSchema } from '../form/zod-resolver';
import { FormModal, ModalForm } from './form-modal';

export interface ReasonModalProps {
  opened: boolean;
  onClose: () => void;
  /** "Reverse the entry", "Withdraw this update?" */
  title: string;
  /** what the action does, and to whom */
  children: ReactNode;
  /** the destructive button's words: "Reverse", "Withdraw update" */
  confirmLabel: string;
  /** the other button's words when "Cancel" would be ambiguous ("Keep it") */
  cancelLabel?: string;
  /** sends the action with the trimmed reason; a 422 on `reason` shows on the field */
  onSubmit: (reason: string) => Promise<unknown>;
  /** after it succeeded, before the dialog closes (a toast, say) */
  onDone?: () => void;
  /** the contract's schema of `{reason}`, and the longest reason it takes */
  schema: ValidatingSchema;
  maxLength: number;
  /** under the field's label: who reads the reason */
  reasonDescription?: string;
}

function ReasonForm({
  onClose,
  children,
  confirmLabel,
  cancelLabel,
  onSubmit: send,
  onDone,
  schema,
  maxLength,
  reasonDescription,
}: Omit<ReasonModalProps, 'opened' | 'title'>) {
  const validate = zodResolver(schema);
  const form = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: (values) => validate({ reason: values.reason.trim() }),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => send(values.reason.trim()),
    onSuccess: () => {
      onDone?.();
      onClose();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={confirmLabel}
      {...(cancelLabel ? { cancelLabel } : {})}
      onCancel={onClose}
      danger
    >
      <Text size="sm" component="div">
        {children}
      </Text>
      <Textarea
        label="Reason"
        description={reasonDescription}
        required
        autosize
        minRows={2}
        maxLength={maxLength}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}

/**
 * A destructive action that needs a reason (a rejection, a reversal, a withdrawal): what it does, the
 * reason, and the confirming button. The form is new at every opening.
 */
export function ReasonModal({ opened, onClose, title, ...rest }: ReasonModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="confirmation">
      <ReasonForm onClose={onClose} {...rest} />
    </FormModal>
  );
}
