import { dataOf, organisationApplicationSchema, type OrganisationApplication } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organisationKeys } from '../../organisations/api/organisation-keys';
import { applicationKeys } from './application-keys';

const response = dataOf(organisationApplicationSchema);

/**
 * POST /api/organisation-applications/{id}/approve (investors:update): links the investor (creating a
 * proposed organisation first) and notifies them.
 */
export async function approveApplication(id: number) {
  return (await api.post(`/api/organisation-applications/${id}/approve`, undefined, response)).data;
}

/** POST /api/organisation-applications/{id}/reject (investors:update): with a reason the investor reads. */
export async function rejectApplication({ id, reason }: { id: number; reason: string }) {
  return (await api.post(`/api/organisation-applications/${id}/reject`, { reason }, response)).data;
}

/** The decision changes the application, the lists and, once approved, the organisation's members. */
function useDecided() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (application: OrganisationApplication) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
      ]);
    },
    // Someone else may have decided first: show what stands now.
    onError: (_error: unknown, id: number) =>
      queryClient.invalidateQueries({ queryKey: applicationKeys.detail(id) }),
  };
}

export function useApproveApplication() {
  const { onSuccess, onError } = useDecided();
  return useMutation({ mutationFn: approveApplication, onSuccess, onError });
}

export function useRejectApplication() {
  const { onSuccess, onError } = useDecided();
  return useMutation({
    mutationFn: rejectApplication,
    onSuccess,
    onError: (error, { id }) => onError(error, id),
  });
}
