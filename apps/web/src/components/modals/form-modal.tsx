import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { MODAL_SIZES } from '../../theme/theme';
import { FormError } from '../form/form-error';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** spec §2.3 modal widths; a short form is a "choice" (670 px) */
  size?: keyof typeof MODAL_SIZES;
  /** the form, mounted only while the modal is open so every opening starts from fresh values */
  children: ReactNode;
}

/** A form in a modal (spec §2.3): the modal shell; its content is a component holding the form that renders `ModalForm`. */
export function FormModal({ opened, onClose, title, size = 'choice', children }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={MODAL_SIZES[size]}>
      {opened && children}
    </Modal>
  );
}

/**
 * The close of a dialog whose form outlives its openings: refused while it saves (unless the save is what
 * closes it, `close(true)`), and the form cleared, values and error, for the next opening.
 */
export function dialogCloser(
  form: { reset: () => void },
  { submitting, setFormError }: { submitting: boolean; setFormError: (error: null) => void },
  onClose: () => void,
) {
  return (force = false) => {
    if (submitting && !force) return;
    form.reset();
    setFormError(null);
    onClose();
  };
}

interface ModalFormProps {
  /** `useServerForm`'s submit: validates, sends, puts server field errors on their fields */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** the error that belongs to no field, announced above the buttons */
  formError: string | null;
  submitting: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** the cancel button's words when "Cancel" would be ambiguous ("Keep it" beside "Cancel investment") */
  cancelLabel?: string;
  /** the submit button waits (for a change, say) */
  submitDisabled?: boolean;
  /** a destructive submit button */
  danger?: boolean;
  children: ReactNode;
}

/** The body of a `FormModal`: the fields, the form error, then Cancel and the submit button at the right. */
export function ModalForm({
  onSubmit,
  formError,
  submitting,
  submitLabel,
  onCancel,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  danger = false,
  children,
}: ModalFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {children}
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            color={danger ? 'danger' : undefined}
            loading={submitting}
            disabled={submitDisabled}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
