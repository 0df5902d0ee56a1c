import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { rejectionInputSchema } from '@portico/contracts';
import type { ReactNode } from 'react';
import { MODAL_SIZES } from '../../../theme/theme';
import { FormError } from '../../form/form-error';
import { useServerForm } from '../../form/use-server-form';
import { zodResolver, type ValidatingSchema } from '../../form/zod-resolver';

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
    <form onSubmit={onSubmit} noValidate>
      <Stack>
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
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" color="danger" loading={submitting}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Rejects something the investor gave (a categorisation, an onboarding document, an organisation
 * application) with a reason they are told.
 */
export function RejectModal({ opened, onClose, title, ...rest }: RejectModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={MODAL_SIZES.confirmation}>
      {opened && <RejectForm onClose={onClose} {...rest} />}
    </Modal>
  );
}
