import { dataOf, userSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in user, fresh from the server, as the account details page shows it. */
const response = dataOf(userSchema);

export const accountKeys = {
  detail: ['account', 'detail'] as const,
};

export async function getAccount(signal?: AbortSignal) {
  return (await api.get('/api/user', response, { signal })).data;
}

export const accountQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.detail, queryFn: ({ signal }) => getAccount(signal) });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
