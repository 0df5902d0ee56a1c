import {
  categorisationSchema,
  dataOf,
  profileCategorisationSchema,
  type CategorisationSignatureInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

const PATH = '/api/profile/categorisation';
const page = dataOf(profileCategorisationSchema);
const one = dataOf(categorisationSchema);

/** GET /api/profile/categorisation: what the investor holds, what awaits approval, what they may sign. */
export async function getProfileCategorisation(signal?: AbortSignal) {
  return (await api.get(PATH, page, { signal })).data;
}

export function useProfileCategorisation() {
  return useQuery({
    queryKey: profileKeys.categorisation,
    queryFn: ({ signal }) => getProfileCategorisation(signal),
  });
}

/** POST /api/profile/categorisation: the investor signs a statement now. */
export function useSignCategorisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CategorisationSignatureInput) => (await api.post(PATH, input, one)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.categorisation }),
  });
}
