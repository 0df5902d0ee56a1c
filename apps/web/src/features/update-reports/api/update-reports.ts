import {
  dataOf,
  listQueryString,
  updateReportDetailSchema,
  updateReportImageSchema,
  updateReportListSchema,
  updateReportStateSchema,
  type UpdateReportDetail,
  type UpdateReportChanges,
  type UpdateReportCorrection,
  type UpdateReportCreate,
  type UpdateReportStatus,
  type UpdateReportWithdraw,
} from '@portico/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** The list's filters as the address holds them. */
export interface UpdateReportListParams {
  status: UpdateReportStatus | undefined;
  title: string;
  /** an existing investment's id, or 'null' for general news */
  opportunity: string | undefined;
  sort: string;
  page: number;
}

export const updateReportKeys = {
  all: ['update-reports'] as const,
  lists: () => [...updateReportKeys.all, 'list'] as const,
  list: (params: UpdateReportListParams) => [...updateReportKeys.lists(), params] as const,
  detail: (id: number) => [...updateReportKeys.all, 'detail', id] as const,
  investments: () => [...updateReportKeys.all, 'existing-investments'] as const,
};

const base = '/api/update-reports';
const one = dataOf(updateReportDetailSchema);
const state = dataOf(updateReportStateSchema);
const list = updateReportListSchema;
/** The editor's image upload answers where the stored image can be read. */
const image = dataOf(updateReportImageSchema);
const investments = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

export const UPDATE_REPORTS_PER_PAGE = 15;
export const DEFAULT_UPDATE_REPORT_SORT = '-created_at';

/** GET /api/update-reports (update_reports:index). */
export function useUpdateReports(params: UpdateReportListParams) {
  return useQuery({
    queryKey: updateReportKeys.list(params),
    queryFn: async ({ signal }) => {
      const query = listQueryString({
        filter: {
          status: params.status,
          title: params.title.trim() || undefined,
          opportunity_id: params.opportunity,
        },
        sort: params.sort,
        page: params.page,
        per_page: UPDATE_REPORTS_PER_PAGE,
      });
      return api.get(`${base}?${query}`, list, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/update-reports/{id} (update_reports:show): with every published version, the latest last. */
export function useUpdateReport(id: number | undefined) {
  return useQuery({
    queryKey: updateReportKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get(`${base}/${id ?? 0}`, one, { signal })).data,
    enabled: id !== undefined,
  });
}

/** The existing investments (stages 5 and 6) an update may be about, by name. */
export function useReportableInvestments() {
  return useQuery({
    queryKey: updateReportKeys.investments(),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          '/api/opportunities?filter[status]=5,6&sort=name&per_page=100&fields=id,name',
          investments,
          { signal },
        )
      ).data,
    staleTime: 60_000,
  });
}

/** Every change moves the lists and the record. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (id: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: updateReportKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: updateReportKeys.detail(id) }),
    ]);
  };
}

/** POST /api/update-reports: a draft; answers `{ id, status: 'draft' }`. */
export function useCreateUpdateReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: UpdateReportCreate) => (await api.post(base, input, state)).data,
    onSuccess: (created) => refresh(created.id),
  });
}

/** PATCH /api/update-reports/{id}: a draft's (or a scheduled one's) changes. */
export function useUpdateUpdateReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateReportChanges }) =>
      (await api.patch(`${base}/${id}`, changes, one)).data,
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

/** POST /api/update-reports/{id}/publish: now (publish_at null) or at a later time. */
export function usePublishUpdateReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, publishAt }: { id: number; publishAt: string | null }) =>
      (await api.post(`${base}/${id}/publish`, publishAt === null ? {} : { publish_at: publishAt }, state))
        .data,
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

/** POST /api/update-reports/{id}/corrections: a live report's next version, with its reason. */
export function useCorrectUpdateReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: UpdateReportCorrection }) =>
      (await api.post(`${base}/${id}/corrections`, input, one)).data,
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

/** POST /api/update-reports/{id}/withdraw: the report leaves every investor's news. */
export function useWithdrawUpdateReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: UpdateReportWithdraw }) =>
      (await api.post(`${base}/${id}/withdraw`, input, one)).data,
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

/** DELETE /api/update-reports/{id}: a draft only. */
export function useDeleteUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`${base}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: updateReportKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: updateReportKeys.lists() });
    },
  });
}

/** POST /api/update-reports/{id}/attachments (multipart `files`): answers the report with them. */
export function useUploadAttachments(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const body = new FormData();
      for (const file of files) body.append('files', file);
      return (await api.upload(`${base}/${id}/attachments`, body, one)).data;
    },
    onSuccess: (report) => queryClient.setQueryData<UpdateReportDetail>(updateReportKeys.detail(id), report),
  });
}

/** DELETE /api/update-reports/{id}/attachments/{attachmentId}: answers the report without it. */
export function useRemoveAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attachmentId: number) =>
      (await api.delete(`${base}/${id}/attachments/${attachmentId}`, one)).data,
    onSuccess: (report) => queryClient.setQueryData<UpdateReportDetail>(updateReportKeys.detail(id), report),
  });
}

/** POST /api/update-reports/images (multipart `image`): an image for the editor; answers its URL. */
export async function uploadReportImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return (await api.upload(`${base}/images`, body, image)).data.url;
}

/** GET /api/update-reports/{id}/pdf: the report as a PDF (a plain link downloads it). */
export const updateReportPdfHref = (id: number) => `${base}/${id}/pdf`;
