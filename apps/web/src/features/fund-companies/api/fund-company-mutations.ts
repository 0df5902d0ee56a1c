import {
  dataOf,
  fundCompanySchema,
  type CreateFundCompanyInput,
  type UpdateFundCompanyInput,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fundCompanyKeys } from './fund-company-keys';

const response = dataOf(fundCompanySchema);

/** POST /api/fund-companies (funds:create): a company in a fund, Active from its first investment. */
export async function createFundCompany(input: CreateFundCompanyInput) {
  return (await api.post('/api/fund-companies', input, response)).data;
}

/** PATCH /api/fund-companies/{id} (funds:update): its name and key information. */
export async function updateFundCompany({ id, changes }: { id: number; changes: UpdateFundCompanyInput }) {
  return (await api.patch(`/api/fund-companies/${id}`, changes, response)).data;
}

/** DELETE /api/fund-companies/{id} (funds:delete): refused (422, with the reason) once it has transactions. */
export async function deleteFundCompany(id: number) {
  await api.delete(`/api/fund-companies/${id}`);
}

export function useCreateFundCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFundCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(fundCompanyKeys.detail(company.id), company);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: fundCompanyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: fundCompanyKeys.portfolios() }),
      ]);
    },
  });
}

export function useUpdateFundCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFundCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(fundCompanyKeys.detail(company.id), company);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: fundCompanyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: fundCompanyKeys.portfolios() }),
      ]);
    },
  });
}

export function useDeleteFundCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFundCompany,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: fundCompanyKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: fundCompanyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: fundCompanyKeys.portfolios() }),
      ]);
    },
  });
}
