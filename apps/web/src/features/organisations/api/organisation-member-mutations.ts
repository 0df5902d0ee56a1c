import {
  dataOf,
  organisationMemberSchema,
  type CreateOrganisationMemberInput,
  type OrganisationRole,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { organisationKeys } from './organisation-keys';

const response = dataOf(organisationMemberSchema);

/** POST /api/organisations/{id}/members (investors:update): link an investor, as what. */
export async function addOrganisationMember({
  organisationId,
  input,
}: {
  organisationId: number;
  input: CreateOrganisationMemberInput;
}) {
  return (await api.post(`/api/organisations/${organisationId}/members`, input, response)).data;
}

/** PATCH /api/organisations/{id}/members/{memberId} (investors:update): change a member's role. */
export async function changeOrganisationMember({
  organisationId,
  memberId,
  role,
}: {
  organisationId: number;
  memberId: number;
  role: OrganisationRole;
}) {
  return (await api.patch(`/api/organisations/${organisationId}/members/${memberId}`, { role }, response))
    .data;
}

/** DELETE /api/organisations/{id}/members/{memberId} (investors:update): unlink; the investor stays. */
export async function removeOrganisationMember({
  organisationId,
  memberId,
}: {
  organisationId: number;
  memberId: number;
}) {
  await api.delete(`/api/organisations/${organisationId}/members/${memberId}`);
}

/** A membership change moves the organisation's members_count and its activity. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (organisationId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organisationKeys.members(organisationId) }),
      queryClient.invalidateQueries({ queryKey: organisationKeys.detail(organisationId) }),
      queryClient.invalidateQueries({ queryKey: organisationKeys.lists() }),
      queryClient.invalidateQueries({
        queryKey: recordKeys.activity({ type: 'organisation', id: organisationId }),
      }),
    ]);
}

export function useAddOrganisationMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: addOrganisationMember,
    onSuccess: (_member, { organisationId }) => refresh(organisationId),
  });
}

export function useChangeOrganisationMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: changeOrganisationMember,
    onSuccess: (_member, { organisationId }) => refresh(organisationId),
  });
}

export function useRemoveOrganisationMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: removeOrganisationMember,
    onSuccess: (_nothing, { organisationId }) => refresh(organisationId),
  });
}
