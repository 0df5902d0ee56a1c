import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ModalForm } from '../../../components/modals/form-modal';
import { isApiError } from '../../../lib/api-error';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { MODAL_SIZES } from '../../../theme/theme';
import { formatLondon, isoToLondonInput, londonInputToIso } from '../../../lib/london-time';

interface ScheduleModalProps {
  opened: boolean;
  onClose: () => void;
  /** the time it is scheduled for already, if any */
  initial: string | null;
  /** who will be notified, in words */
  audience: string;
  onSchedule: (publishAt: string) => Promise<void>;
}

/** Whether an instant is still to come (asked when the form is sent, never while rendering). */
const isFuture = (iso: string) => new Date(iso).getTime() > Date.now();

/** Publication at a later time, chosen in London time. */
export function ScheduleModal({ opened, onClose, initial, audience, onSchedule }: ScheduleModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Schedule publication" size={MODAL_SIZES.choice}>
      {opened && (
        <ScheduleForm initial={initial} audience={audience} onSchedule={onSchedule} onClose={onClose} />
      )}
    </Modal>
  );
}

function ScheduleForm({ initial, audience, onSchedule, onClose }: Omit<ScheduleModalProps, 'opened'>) {
  const [value, setValue] = useState(() => isoToLondonInput(initial));
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const at = londonInputToIso(value);

  const submit = async () => {
    setError(null);
    setFormError(null);
    if (at === '') return setError('Choose the date and time it goes live.');
    if (!isFuture(at)) return setError('Choose a time in the future.');
    setSubmitting(true);
    try {
      await onSchedule(at);
      onClose();
    } catch (caught) {
      const fieldError =
        isApiError(caught) && typeof caught.errors === 'object' ? caught.errors.publish_at?.[0] : undefined;
      if (fieldError) setError(fieldError);
      else setFormError(isApiError(caught) && !caught.unanswered ? caught.message : SUBMIT_FALLBACK_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <ModalForm
      onSubmit={(event) => {
        event?.preventDefault();
        void submit();
      }}
      formError={formError}
      submitting={submitting}
      submitLabel="Schedule"
      onCancel={onClose}
    >
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label="Goes live at (London time)"
          required
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {at === '' ? 'Times are London time.' : `Goes live ${formatLondon(at)}.`} Then {audience} will be
          notified in the portal and by email.
        </Text>
      </Stack>
    </ModalForm>
  );
}
