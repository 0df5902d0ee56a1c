import {
  dataOf,
  documentSchema,
  organisationApplicationSchema,
  organisationOptionSchema,
  profileOrganisationSchema,
  type CreateOrganisationApplicationInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { LINK_REFRESH_MS, profileKeys } from './profile-keys';

/** A record that is not the investor's answers 404: the page becomes the investor 404 page. */
const notFound = (error: unknown) => isApiError(error) && error.status === 404;

const organisations = dataListOf(profileOrganisationSchema);
const organisation = dataOf(profileOrganisationSchema);
const documents = dataListOf(documentSchema);
const applications = dataListOf(organisationApplicationSchema);
const application = dataOf(organisationApplicationSchema);
const options = dataListOf(organisationOptionSchema);

/** GET /api/profile/organisations: the organisations the investor is linked to (organisation links on). */
export function useMyOrganisations(enabled = true) {
  return useQuery({
    queryKey: profileKeys.organisations,
    queryFn: async ({ signal }) =>
      (await api.get('/api/profile/organisations', organisations, { signal })).data,
    enabled,
  });
}

/** GET /api/profile/organisations/{id}: 404 unless the investor is linked to it. */
export function useMyOrganisation(id: number) {
  return useQuery({
    queryKey: profileKeys.organisation(id),
    throwOnError: notFound,
    queryFn: async ({ signal }) =>
      (await api.get(`/api/profile/organisations/${id}`, organisation, { signal })).data,
  });
}

/** GET /api/profile/organisations/{id}/documents: its public documents. */
export function useMyOrganisationDocuments(id: number) {
  return useQuery({
    queryKey: profileKeys.organisationDocuments(id),
    throwOnError: notFound,
    queryFn: async ({ signal }) =>
      (await api.get(`/api/profile/organisations/${id}/documents`, documents, { signal })).data,
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

/** GET /api/profile/organisation-applications: the investor's applications, newest first. */
export function useMyApplications() {
  return useQuery({
    queryKey: profileKeys.applications,
    queryFn: async ({ signal }) =>
      (await api.get('/api/profile/organisation-applications', applications, { signal })).data,
  });
}

/** POST /api/profile/organisation-applications: join an organisation or propose a new one. */
export function useApplyToOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOrganisationApplicationInput) =>
      (await api.post('/api/profile/organisation-applications', input, application)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.applications }),
  });
}

/** GET /api/profile/organisation-options?q=: organisations to join (two characters or more). */
export function useOrganisationOptions(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: profileKeys.organisationOptions(text),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/profile/organisation-options?q=${encodeURIComponent(text)}`, options, {
          signal,
        })
      ).data,
    enabled: text.length >= 2,
    staleTime: 30_000,
  });
}
