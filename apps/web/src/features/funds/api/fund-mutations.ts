import { dataOf, fundSchema, type CreateFundInput, type UpdateFundInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fundKeys } from './fund-keys';

const response = dataOf(fundSchema);

/** POST /api/funds (funds:create): a draft fund with its terms. */
export async function createFund(input: CreateFundInput) {
  return (await api.post('/api/funds', input, response)).data;
}

/** PATCH /api/funds/{id} (funds:update): its terms, its status and whether it is active. */
export async function updateFund({ id, changes }: { id: number; changes: UpdateFundInput }) {
  return (await api.patch(`/api/funds/${id}`, changes, response)).data;
}

/** DELETE /api/funds/{id} (funds:delete): refused (422, with the reason) once it has a NAV or an opportunity. */
export async function deleteFund(id: number) {
  await api.delete(`/api/funds/${id}`);
}

export function useCreateFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFund,
    onSuccess: (fund) => {
      queryClient.setQueryData(fundKeys.detail(fund.id), fund);
      return queryClient.invalidateQueries({ queryKey: fundKeys.lists() });
    },
  });
}

export function useUpdateFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFund,
    onSuccess: (fund) => {
      queryClient.setQueryData(fundKeys.detail(fund.id), fund);
      return queryClient.invalidateQueries({ queryKey: fundKeys.lists() });
    },
  });
}

export function useDeleteFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFund,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: fundKeys.detail(id) });
      queryClient.removeQueries({ queryKey: fundKeys.navs(id) });
      return queryClient.invalidateQueries({ queryKey: fundKeys.lists() });
    },
  });
}
