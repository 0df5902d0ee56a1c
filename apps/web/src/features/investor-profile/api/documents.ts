import { dataOf, documentSchema, investorOnboardingSchema, signatureRequestSchema } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { LINK_REFRESH_MS, profileKeys } from './profile-keys';

const onboarding = dataOf(investorOnboardingSchema);
const documents = dataListOf(documentSchema);
const signatureRequests = dataListOf(signatureRequestSchema);

/** GET /api/profile/onboarding-documents: each required sign-up document and where it stands. */
export function useMyOnboarding() {
  return useQuery({
    queryKey: profileKeys.onboarding,
    queryFn: async ({ signal }) =>
      (await api.get('/api/profile/onboarding-documents', onboarding, { signal })).data,
  });
}

export interface MyOnboardingUpload {
  requirementId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/profile/onboarding-documents: one file for a requirement; staff review it. */
export function useUploadMyOnboardingDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ requirementId, file, onProgress }: MyOnboardingUpload) => {
      const form = new FormData();
      form.append('requirement_id', String(requirementId));
      form.append('files', file, file.name);
      return (await api.upload('/api/profile/onboarding-documents', form, onboarding, { onProgress })).data;
    },
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.onboarding, saved),
  });
}

/** GET /api/profile/signature-requests: the PDFs staff sent the investor to sign. */
export function useMySignatureRequests() {
  return useQuery({
    queryKey: profileKeys.signatureRequests,
    queryFn: async ({ signal }) =>
      (await api.get('/api/profile/signature-requests', signatureRequests, { signal })).data,
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

/** GET /api/profile/documents: the public documents staff shared with the investor. */
export function useMyDocuments() {
  return useQuery({
    queryKey: profileKeys.documents,
    queryFn: async ({ signal }) => (await api.get('/api/profile/documents', documents, { signal })).data,
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}
