import { Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RecordHeaderActions } from './record-header-actions';
import { RecordSection } from './record-section';

interface RecordDeleteSectionProps {
  /** the record's name */
  name: string;
  /** "fund": in the section's title and the toast */
  noun: string;
  /** when the server refuses the deletion, and what to do instead */
  note: ReactNode;
  /** what goes with it: "its terms" */
  alongWith: string;
  /** deletes it; the server's refusal shows in the confirmation */
  erase: () => Promise<unknown>;
  /** where to go once it is gone */
  listPath: string;
}

/** The foot of an edit page for a role that may delete: what stops it, and Delete after a confirmation. */
export function RecordDeleteSection({
  name,
  noun,
  note,
  alongWith,
  erase,
  listPath,
}: RecordDeleteSectionProps) {
  const navigate = useNavigate();
  return (
    <RecordSection title={`Delete this ${noun}`}>
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed" maw={560}>
          {note}
        </Text>
        <RecordHeaderActions
          editHref={undefined}
          deletion={{
            title: `Delete ${name}`,
            body: (
              <>
                Delete <strong>{name}</strong> and {alongWith}? This cannot be undone.
              </>
            ),
            run: async () => {
              await erase();
              const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} deleted`;
              notifications.show({ color: 'success', title, message: `${name} was deleted.` });
              void navigate(listPath, { replace: true });
            },
          }}
        />
      </Group>
    </RecordSection>
  );
}
