import { dataOf, documentSchema, type DocumentVisibility } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataOf(documentSchema);

export interface DocumentChanges {
  name?: string;
  visibility?: DocumentVisibility;
  category?: string | null;
}

/** PATCH /api/{path}/{id}/documents/{documentId} (investors:update): rename, recategorise, change who sees it. */
export async function changeDocument(record: RecordRef, documentId: number, changes: DocumentChanges) {
  return (await api.patch(recordApiPath(record, `documents/${documentId}`), changes, response)).data;
}

/** DELETE /api/{path}/{id}/documents/{documentId} (investors:delete). */
export async function deleteDocument(record: RecordRef, documentId: number) {
  await api.delete(recordApiPath(record, `documents/${documentId}`));
}

function useRefreshDocuments(record: RecordRef) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.documents(record) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity(record) }),
    ]);
}

export function useChangeDocument(record: RecordRef) {
  const refresh = useRefreshDocuments(record);
  return useMutation({
    mutationFn: ({ documentId, changes }: { documentId: number; changes: DocumentChanges }) =>
      changeDocument(record, documentId, changes),
    onSuccess: refresh,
  });
}

export function useDeleteDocument(record: RecordRef) {
  const refresh = useRefreshDocuments(record);
  return useMutation({
    mutationFn: (documentId: number) => deleteDocument(record, documentId),
    onSuccess: refresh,
  });
}
