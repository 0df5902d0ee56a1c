import { dataOf, importSchema } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys } from './import-keys';

const response = dataOf(importSchema);

export interface ImportMappingChange {
  id: number;
  /** our field → the file's heading; unmapped fields are left out */
  mapping: Record<string, string>;
}

/** PATCH /api/imports/{id}: a 422 names each field as `mapping.{field}`. */
export async function updateImportMapping({ id, mapping }: ImportMappingChange) {
  const body = await api.patch(`/api/imports/${id}`, { mapping }, response);
  return body.data;
}

export function useUpdateImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImportMapping,
    onSuccess: async (updated) => {
      queryClient.setQueryData(importKeys.detail(updated.id), updated);
      // The preview depends on the mapping: it is read again.
      await queryClient.invalidateQueries({ queryKey: importKeys.preview(updated.id) });
    },
  });
}
