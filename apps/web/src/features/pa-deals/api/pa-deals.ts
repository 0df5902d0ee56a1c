import {
  dataOf,
  paDealListSchema,
  paDealSchema,
  type CreatePaDealInput,
  type ExecutePaDealInput,
  type PaDealStatus,
} from '@portico/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export interface PaDealListParams {
  status?: PaDealStatus | undefined;
  sort: string;
  page: number;
  perPage: number;
}

export const paDealKeys = {
  all: ['pa-deals'] as const,
  lists: () => [...paDealKeys.all, 'list'] as const,
  list: (params: PaDealListParams) => [...paDealKeys.lists(), params] as const,
  detail: (id: number) => [...paDealKeys.all, 'detail', id] as const,
};

const created = dataOf(z.object({ id: z.number() }));

function listQuery(params: PaDealListParams): string {
  const query = new URLSearchParams();
  if (params.status) query.set('filter[status]', params.status);
  query.set('sort', params.sort);
  query.set('page', String(params.page));
  query.set('per_page', String(params.perPage));
  return query.toString();
}

/** GET /api/pa-deals: one's own requests, or everyone's with the compliance permission. */
export function usePaDeals(params: PaDealListParams) {
  return useQuery({
    queryKey: paDealKeys.list(params),
    queryFn: ({ signal }) => api.get(`/api/pa-deals?${listQuery(params)}`, paDealListSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/pa-deals/{id} */
export function usePaDeal(id: number | undefined) {
  return useQuery({
    queryKey: paDealKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/pa-deals/${id ?? 0}`, dataOf(paDealSchema), { signal })).data,
    enabled: id !== undefined,
  });
}

/** After any step the request and every list change. */
function useStep<Input>(send: (input: Input) => Promise<{ data: { id: number } }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paDealKeys.all }),
  });
}

/** POST /api/pa-deals: declare a deal of one's own and ask for pre-clearance. */
export const useCreatePaDeal = () =>
  useStep((input: CreatePaDealInput) => api.post('/api/pa-deals', input, created));

/** POST /api/pa-deals/{id}/approve (compliance) */
export const useApprovePaDeal = (id: number) =>
  useStep((note: string | null) => api.post(`/api/pa-deals/${id}/approve`, { note }, created));

/** POST /api/pa-deals/{id}/refuse (compliance), with the reason */
export const useRefusePaDeal = (id: number) =>
  useStep((reason: string) => api.post(`/api/pa-deals/${id}/refuse`, { reason }, created));

/** POST /api/pa-deals/{id}/execute (the owner, once approved) */
export const useExecutePaDeal = (id: number) =>
  useStep((input: ExecutePaDealInput) => api.post(`/api/pa-deals/${id}/execute`, input, created));

/** POST /api/pa-deals/{id}/withdraw (the owner, while pending) */
export const useWithdrawPaDeal = (id: number) =>
  useStep(() => api.post(`/api/pa-deals/${id}/withdraw`, undefined, created));
