import { dataOf, documentSchema, profileInvestmentMethodEntitySchema } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { api, type UploadProgress } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { LINK_REFRESH_MS, profileKeys } from './profile-keys';

/** A record that is not the investor's answers 404: the page becomes the investor 404 page. */
const notFound = (error: unknown) => isApiError(error) && error.status === 404;

const BASE = '/api/profile/investment-method-entities';
const entities = dataListOf(profileInvestmentMethodEntitySchema);
const entity = dataOf(profileInvestmentMethodEntitySchema);
const documents = dataListOf(documentSchema);

/** GET /api/profile/investment-method-entities: the investor's accounts with investment methods. */
export function useMyEntities() {
  return useQuery({
    queryKey: profileKeys.entities,
    queryFn: async ({ signal }) => (await api.get(BASE, entities, { signal })).data,
  });
}

/** GET /api/profile/investment-method-entities/{id}: 404 unless it is the investor's. */
export function useMyEntity(id: number) {
  return useQuery({
    queryKey: profileKeys.entity(id),
    throwOnError: notFound,
    queryFn: async ({ signal }) => (await api.get(`${BASE}/${id}`, entity, { signal })).data,
  });
}

/** GET /api/profile/investment-method-entities/{id}/documents: its public documents. */
export function useMyEntityDocuments(id: number) {
  return useQuery({
    queryKey: profileKeys.entityDocuments(id),
    throwOnError: notFound,
    queryFn: async ({ signal }) => (await api.get(`${BASE}/${id}/documents`, documents, { signal })).data,
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

export interface EntityUpload {
  files: File[];
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/profile/investment-method-entities/{id}/documents: the investor adds documents. */
export function useUploadEntityDocuments(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, onProgress }: EntityUpload) => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      return (await api.upload(`${BASE}/${id}/documents`, form, documents, { onProgress })).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.entityDocuments(id) }),
  });
}
