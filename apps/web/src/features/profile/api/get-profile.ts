import { dataOf, profileSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

const response = dataOf(profileSchema);

/** GET /api/profile: the signed-in investor's own details. */
export async function getProfile(signal?: AbortSignal) {
  return (await api.get('/api/profile', response, { signal })).data;
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.details(), queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
