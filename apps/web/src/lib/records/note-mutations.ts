import { dataOf, noteSchema } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataOf(noteSchema);

/** POST /api/{path}/{id}/notes (investors:update). */
export async function addNote(record: RecordRef, body: string) {
  return (await api.post(recordApiPath(record, 'notes'), { body }, response)).data;
}

/** PATCH …/notes/{noteId}: one's own note, or anyone's with investors:delete. */
export async function editNote(record: RecordRef, noteId: number, body: string) {
  await api.patch(recordApiPath(record, `notes/${noteId}`), { body });
}

/** DELETE …/notes/{noteId}: one's own note, or anyone's with investors:delete. */
export async function deleteNote(record: RecordRef, noteId: number) {
  await api.delete(recordApiPath(record, `notes/${noteId}`));
}

function useRefreshNotes(record: RecordRef) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.notes(record) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity(record) }),
    ]);
}

export function useAddNote(record: RecordRef) {
  const onSuccess = useRefreshNotes(record);
  return useMutation({ mutationFn: (body: string) => addNote(record, body), onSuccess });
}

export function useEditNote(record: RecordRef) {
  const onSuccess = useRefreshNotes(record);
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: number; body: string }) => editNote(record, noteId, body),
    onSuccess,
  });
}

export function useDeleteNote(record: RecordRef) {
  const onSuccess = useRefreshNotes(record);
  return useMutation({ mutationFn: (noteId: number) => deleteNote(record, noteId), onSuccess });
}
