import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { noteInputSchema, type Note } from '@portico/contracts';
import { IconNote, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useNotes } from '../../../lib/records/get-notes';
import { useAddNote, useDeleteNote, useEditNote } from '../../../lib/records/note-mutations';
import type { RecordRef } from '../../../lib/records/record-keys';
import type { RecordPermissions } from '../../../lib/records/record-permissions';
import { FormError } from '../../form/form-error';
import { useServerForm } from '../../form/use-server-form';
import { zodResolver } from '../../form/zod-resolver';
import { ConfirmModal } from '../../modals/confirm-modal';
import { EntryAuthor } from './entry-author';
import { SectionEmpty } from './section-empty';

interface NoteValues extends Record<string, unknown> {
  body: string;
}

const validate = zodResolver(noteInputSchema);

function NoteForm({
  initial = '',
  submitLabel,
  onSubmit: send,
  onCancel,
  autoFocus = false,
}: {
  initial?: string;
  submitLabel: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const form = useForm<NoteValues>({ initialValues: { body: initial }, validate });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => send(values.body.trim()),
    onSuccess: () => {
      form.reset();
      onCancel?.();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={onCancel ? 'Note' : 'Add a note'}
          placeholder="What happened, what was agreed, what to remember…"
          autosize
          minRows={onCancel ? 3 : 2}
          maxRows={12}
          autoFocus={autoFocus}
          {...form.getInputProps('body')}
        />
        <FormError message={formError} />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="xs" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface NotesSectionProps {
  record: RecordRef;
  permissions: RecordPermissions;
  userId: number;
}

/** Notes about a record, newest first: add one; edit or delete one's own (anyone's with delete). */
export function NotesSection({ record, permissions, userId }: NotesSectionProps) {
  const { data: notes, isPending, isError, error } = useNotes(record);
  const add = useAddNote(record);
  const edit = useEditNote(record);
  const remove = useDeleteNote(record);
  const [editing, setEditing] = useState<number>();
  const [deleting, setDeleting] = useState<Note>();
  const mayChange = (note: Note) => permissions.update && (note.author?.id === userId || permissions.delete);

  return (
    <Stack gap="md">
      {permissions.update && (
        <NoteForm
          submitLabel="Add note"
          onSubmit={async (body) => {
            await add.mutateAsync(body);
            notifications.show({
              color: 'success',
              title: 'Note added',
              message: 'It is on the timeline too.',
            });
          }}
        />
      )}
      {isError && (
        <Alert color="danger" variant="light" role="alert">
          The notes could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      )}
      {isPending && <Skeleton height={72} radius="md" />}
      {notes?.length === 0 && (
        <SectionEmpty
          icon={<IconNote size={24} aria-hidden />}
          title="No notes yet"
          description={
            permissions.update ? 'Write the first one above.' : 'Notes written by staff appear here.'
          }
        />
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Notes">
        {notes?.map((note) => (
          <Paper key={note.id} component="li" withBorder radius="md" p="sm">
            {editing === note.id ? (
              <NoteForm
                initial={note.body}
                submitLabel="Save note"
                autoFocus
                onSubmit={(body) => edit.mutateAsync({ noteId: note.id, body })}
                onCancel={() => setEditing(undefined)}
              />
            ) : (
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <EntryAuthor
                    author={note.author}
                    at={note.created_at}
                    suffix={note.updated_at !== note.created_at ? 'edited' : undefined}
                  />
                  {mayChange(note) && (
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label="Edit note">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label="Edit note"
                          onClick={() => setEditing(note.id)}
                        >
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete note">
                        <ActionIcon
                          variant="subtle"
                          color="danger"
                          aria-label="Delete note"
                          onClick={() => setDeleting(note)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {note.body}
                </Text>
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete note"
        confirmLabel="Delete note"
        danger
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      >
        Delete this note{deleting?.author ? ` by ${deleting.author.name}` : ''}? This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
