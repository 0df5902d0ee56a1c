import { dataOf, organisationSchema, type UpdateOrganisationInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { organisationKeys } from './organisation-keys';

const response = dataOf(organisationSchema);

/** PATCH /api/organisations/{id} (investors:update): only the fields sent change; "" clears one. */
export async function updateOrganisation({ id, changes }: { id: number; changes: UpdateOrganisationInput }) {
  return (await api.patch(`/api/organisations/${id}`, changes, response)).data;
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKeys.detail(organisation.id), organisation);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationKeys.lists() }),
        queryClient.invalidateQueries({
          queryKey: recordKeys.activity({ type: 'organisation', id: organisation.id }),
        }),
      ]);
    },
  });
}
