import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MODAL_SIZES } from '../../theme/theme';

/** Asked when someone leaves a form with unsaved changes. */
export function ConfirmLeaveModal({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave without saving?" size={MODAL_SIZES.confirmation}>
      <Stack>
        <Text size="sm">Your changes have not been saved. If you leave now, they are lost.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            Keep editing
          </Button>
          <Button color="danger" onClick={onLeave}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
