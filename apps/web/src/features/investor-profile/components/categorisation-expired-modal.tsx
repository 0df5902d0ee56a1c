import { Button, Modal, Stack, Text } from '@mantine/core';
import { MODAL_SIZES } from '../../../theme/theme';

interface CategorisationExpiredModalProps {
  title: string;
  /** what expired and when, in the deployment's words */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

const noop = () => undefined;

/**
 * The blocking re-confirmation once a categorisation has lapsed (categorisation-gate.tsx): like the
 * terms modal, it cannot be closed, it leads to signing again. A module of its own, loaded only for
 * the investor who meets it: the modal's code (scroll lock, focus trap) stays off every investor page.
 */
export function CategorisationExpiredModal({
  title,
  message,
  confirmLabel,
  onConfirm,
}: CategorisationExpiredModalProps) {
  return (
    <Modal
      opened
      onClose={noop}
      title={title}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size={MODAL_SIZES.confirmation}
    >
      <Stack>
        <Text size="sm">{message}</Text>
        <Text size="sm">Please sign your statement again to continue.</Text>
        <Button data-autofocus onClick={onConfirm} w="fit-content">
          {confirmLabel}
        </Button>
      </Stack>
    </Modal>
  );
}
