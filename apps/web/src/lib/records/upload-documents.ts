import { documentSchema, type DocumentVisibility } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type UploadProgress } from '../api-client';
import { dataListOf } from '../parsers';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataListOf(documentSchema);

export interface DocumentUpload {
  files: readonly File[];
  visibility: DocumentVisibility;
  category?: string | undefined;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/{path}/{id}/documents (investors:update): every file in one multipart request, so a bad file
 * stores nothing; the server's 422 names it as `files.N`.
 */
export async function uploadDocuments(record: RecordRef, upload: DocumentUpload) {
  const form = new FormData();
  form.append('visibility', upload.visibility);
  const category = upload.category?.trim();
  if (category) form.append('category', category);
  for (const file of upload.files) form.append('files', file, file.name);
  const body = await api.upload(recordApiPath(record, 'documents'), form, response, {
    onProgress: upload.onProgress,
    signal: upload.signal,
  });
  return body.data;
}

export function useUploadDocuments(record: RecordRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: DocumentUpload) => uploadDocuments(record, upload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.documents(record) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.activity(record) }),
      ]),
  });
}
