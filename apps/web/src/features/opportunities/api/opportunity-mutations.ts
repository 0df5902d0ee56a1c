import {
  dataOf,
  OPPORTUNITY_SECTION_PATHS,
  opportunitySchema,
  sectionItemSchemas,
  type CreateOpportunityInput,
  type Opportunity,
  type OpportunitySection,
  type UpdateOpportunityInput,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { opportunityKeys } from './opportunity-keys';

const response = dataOf(opportunitySchema);

/** POST /api/opportunities (investment_opportunity_live:create): a draft. */
export async function createOpportunity(input: CreateOpportunityInput) {
  return (await api.post('/api/opportunities', input, response)).data;
}

/** PATCH /api/opportunities/{id}: only the fields sent change. */
export async function updateOpportunity({ id, changes }: { id: number; changes: UpdateOpportunityInput }) {
  return (await api.patch(`/api/opportunities/${id}`, changes, response)).data;
}

/** DELETE /api/opportunities/{id}: a draft with delete, a live one with delete_unsafe. */
export async function deleteOpportunity(id: number) {
  await api.delete(`/api/opportunities/${id}`);
}

/** After any change: the record, the lists and the record's activity. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (id: number, saved?: Opportunity) => {
    if (saved) queryClient.setQueryData(opportunityKeys.detail(id), saved);
    return Promise.all([
      saved ? undefined : queryClient.invalidateQueries({ queryKey: opportunityKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'opportunity', id }) }),
    ]);
  };
}

export function useCreateOpportunity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: createOpportunity,
    onSuccess: (saved) => refresh(saved.id, saved),
  });
}

export function useUpdateOpportunity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: updateOpportunity,
    onSuccess: (saved) => refresh(saved.id, saved),
  });
}

export function useDeleteOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOpportunity,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: opportunityKeys.detail(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'opportunity', id }) });
      return queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() });
    },
  });
}

/** PUT /api/opportunities/{id}/cover-image (multipart `image`), or DELETE to remove it. */
export function useCoverImage(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (file: File | null) => {
      if (file === null) return (await api.delete(`/api/opportunities/${id}/cover-image`, response)).data;
      const body = new FormData();
      body.append('_method', 'PUT');
      body.append('image', file);
      return (await api.upload(`/api/opportunities/${id}/cover-image`, body, response)).data;
    },
    onSuccess: (saved) => refresh(id, saved),
  });
}

const sectionPath = (id: number, section: OpportunitySection) =>
  `/api/opportunities/${id}/${OPPORTUNITY_SECTION_PATHS[section]}`;

/** A section item's fields and, for team members and the gallery, its image file. */
export interface SectionItemInput {
  fields: Record<string, string>;
  file?: File | null | undefined;
  /** the multipart field of the file: photo or image */
  fileField?: string;
}

function multipart(input: SectionItemInput, method?: string) {
  const body = new FormData();
  if (method) body.append('_method', method);
  for (const [name, value] of Object.entries(input.fields)) body.append(name, value);
  if (input.file && input.fileField) body.append(input.fileField, input.file);
  return body;
}

/** Adding, changing, removing and reordering one content section's items (key points, team, …). */
export function useSectionMutations(id: number, section: OpportunitySection) {
  const refresh = useRefresh();
  const item = dataOf(sectionItemSchemas[section]);
  const base = sectionPath(id, section);
  const done = { onSuccess: () => refresh(id) };
  return {
    add: useMutation({
      mutationFn: async (input: SectionItemInput) =>
        input.file
          ? (await api.upload(base, multipart(input), item)).data
          : (await api.post(base, input.fields, item)).data,
      ...done,
    }),
    change: useMutation({
      mutationFn: async ({ itemId, input }: { itemId: number; input: SectionItemInput }) =>
        input.file
          ? (await api.upload(`${base}/${itemId}`, multipart(input, 'PATCH'), item)).data
          : (await api.patch(`${base}/${itemId}`, input.fields, item)).data,
      ...done,
    }),
    remove: useMutation({
      mutationFn: (itemId: number) => api.delete(`${base}/${itemId}`),
      ...done,
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => api.put(`${base}/order`, { ids }, dataOf(z.array(z.unknown()))),
      ...done,
    }),
  };
}
