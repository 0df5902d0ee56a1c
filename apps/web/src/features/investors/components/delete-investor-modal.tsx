import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Investor } from '@portico/contracts';
import { useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { isApiError } from '../../../lib/api-error';
import { MODAL_SIZES } from '../../../theme/theme';

interface DeleteInvestorModalProps {
  investor: Pick<Investor, 'name' | 'email'>;
  opened: boolean;
  onClose: () => void;
  /** DELETE /api/investors/{id} */
  onDelete: () => Promise<unknown>;
  investorWord: string;
}

/**
 * Erasing someone cannot be undone, so the button only works once their email address is typed: a
 * slip of the mouse cannot do it.
 */
export function DeleteInvestorModal({
  investor,
  opened,
  onClose,
  onDelete,
  investorWord,
}: DeleteInvestorModalProps) {
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === investor.email.toLowerCase();

  const close = () => {
    if (running) return;
    setTyped('');
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!matches || running) return;
    setRunning(true);
    setError(null);
    try {
      await onDelete();
    } catch (caught) {
      setError(isApiError(caught) && !caught.unanswered ? caught.message : SUBMIT_FALLBACK_MESSAGE);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Delete ${investor.name} permanently`}
      size={MODAL_SIZES.confirmation}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <Stack>
          <Text size="sm">This erases the {investorWord} and everything recorded about them, for good:</Text>
          <List size="sm" spacing={2}>
            <List.Item>their account and profile</List.Item>
            <List.Item>their documents, notes, calls and tasks</List.Item>
            <List.Item>their activity timeline</List.Item>
          </List>
          <Text size="sm">
            To deactivate them instead (they can be reactivated), close this and choose Deactivate.
          </Text>
          <TextInput
            label={`Type ${investor.email} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button type="submit" color="danger" disabled={!matches} loading={running}>
              Delete permanently
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
