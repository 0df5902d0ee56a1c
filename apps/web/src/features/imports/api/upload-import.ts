import { dataOf, importSchema, type ImportKind } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../../lib/api-client';
import { importKeys } from './import-keys';

const response = dataOf(importSchema);

export interface ImportUpload {
  kind: ImportKind;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/imports (investors:create), multipart `kind` and `file`: the server reads the headings and
 * suggests a mapping; a file it cannot read is a 422 on `file`.
 */
export async function uploadImport({ kind, file, onProgress, signal }: ImportUpload) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const body = await api.upload('/api/imports', form, response, { onProgress, signal });
  return body.data;
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (created) => {
      queryClient.setQueryData(importKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
}
