import { dataOf, organisationSchema, type CreateOrganisationInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organisationKeys } from './organisation-keys';

const response = dataOf(organisationSchema);

/** POST /api/organisations (investors:create). */
export async function createOrganisation(input: CreateOrganisationInput) {
  return (await api.post('/api/organisations', input, response)).data;
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKeys.detail(organisation.id), organisation);
      return queryClient.invalidateQueries({ queryKey: organisationKeys.lists() });
    },
  });
}
