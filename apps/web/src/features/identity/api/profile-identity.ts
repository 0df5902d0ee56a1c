import { dataOf, profileIdentitySchema } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../../lib/api-client';
import { identityKeys } from './identity-keys';

const response = dataOf(profileIdentitySchema);

/** GET /api/profile/identity: the investor's check, what is missing from their details, and history. */
export async function getProfileIdentity(signal?: AbortSignal) {
  return (await api.get('/api/profile/identity', response, { signal })).data;
}

export function useProfileIdentity() {
  return useQuery({ queryKey: identityKeys.mine(), queryFn: ({ signal }) => getProfileIdentity(signal) });
}

export interface IdentityEvidence {
  identityDocument: File;
  proofOfAddress: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/profile/identity (multipart): the two files; the checklist follows. */
export function useSubmitIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ identityDocument, proofOfAddress, onProgress }: IdentityEvidence) => {
      const form = new FormData();
      form.append('identity_document', identityDocument, identityDocument.name);
      form.append('proof_of_address', proofOfAddress, proofOfAddress.name);
      return (await api.upload('/api/profile/identity', form, response, { onProgress })).data;
    },
    onSuccess: (data) => {
      client.setQueryData(identityKeys.mine(), data);
      void client.invalidateQueries({ queryKey: identityKeys.onboarding() });
    },
  });
}
