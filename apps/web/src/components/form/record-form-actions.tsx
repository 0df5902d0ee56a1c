import { Button, Group, Text } from '@mantine/core';
import { FormError } from './form-error';

interface RecordFormActionsProps {
  formError: string | null;
  submitting: boolean;
  /** an edit: saving waits for a change, and the unsaved ones are counted */
  editing: boolean;
  changed: number;
  /** a new record's submit button: "Add organisation" */
  addLabel: string;
  onCancel: () => void;
  /** stays in view at the foot of the screen while a long form scrolls */
  sticky?: boolean;
}

const STICKY = { pos: 'sticky', bottom: 0, py: 'sm', bg: 'gray.0', style: { zIndex: 2 } } as const;

/** The foot of a record's form: what went wrong, save or add, cancel, and how many changes are unsaved. */
export function RecordFormActions({
  formError,
  submitting,
  editing,
  changed,
  addLabel,
  onCancel,
  sticky = false,
}: RecordFormActionsProps) {
  return (
    <>
      <FormError message={formError} />
      <Group gap="sm" {...(sticky ? STICKY : {})}>
        <Button type="submit" loading={submitting} disabled={editing && changed === 0}>
          {editing ? 'Save changes' : addLabel}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        {editing && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {changed === 0
              ? 'No changes yet'
              : changed === 1
                ? '1 unsaved change'
                : `${changed} unsaved changes`}
          </Text>
        )}
      </Group>
    </>
  );
}
