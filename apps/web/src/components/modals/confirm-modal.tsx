import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { MODAL_SIZES } from '../../theme/theme';
import { FormError } from '../form/form-error';
import { SUBMIT_FALLBACK_MESSAGE } from '../form/server-errors';
import { isApiError } from '../../lib/api-error';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** runs the action; the modal stays open with the error if it fails */
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
}

/** Asks before a destructive action (spec §2.3 confirmation modal, 600 px). */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  danger = false,
}: ConfirmModalProps) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (running) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      await onConfirm();
      setRunning(false);
      onClose();
    } catch (caught) {
      setRunning(false);
      setError(isApiError(caught) && !caught.unanswered ? caught.message : SUBMIT_FALLBACK_MESSAGE);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size={MODAL_SIZES.confirmation}>
      <Stack>
        <Text component="div">{children}</Text>
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            Cancel
          </Button>
          <Button color={danger ? 'danger' : 'primary'} onClick={() => void confirm()} loading={running}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
