import {
  customKpiListSchema,
  customKpiSchema,
  dataOf,
  kpiImportPreviewSchema,
  kpiPortfolioSchema,
  kpiReportFormSchema,
  kpiReportingSettingsSchema,
  kpiReportSchema,
  kpiReportTypeListSchema,
  kpiReportTypeSchema,
  kpiScheduleSchema,
  listQueryString,
  type CustomKpiChanges,
  type CustomKpiInput,
  type KpiReportCreate,
  type KpiReportingSettingsInput,
  type KpiReportTypeInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const kpiKeys = {
  all: ['kpi-reports'] as const,
  schedule: () => [...kpiKeys.all, 'schedule'] as const,
  form: (opportunityId: number, period: string | null) =>
    [...kpiKeys.all, 'form', opportunityId, period ?? ''] as const,
  forms: (opportunityId: number) => [...kpiKeys.all, 'form', opportunityId] as const,
  settings: (opportunityId: number) => [...kpiKeys.all, 'settings', opportunityId] as const,
  customKpis: (opportunityId: number) => [...kpiKeys.all, 'custom-kpis', opportunityId] as const,
  reportTypes: () => [...kpiKeys.all, 'report-types'] as const,
  portfolio: (filters: KpiPortfolioFilters) => [...kpiKeys.all, 'portfolio', filters] as const,
};

/** GET /api/kpi-reports/schedule: every existing investment the user may see, with its periods' states. */
export function useKpiSchedule() {
  return useQuery({
    queryKey: kpiKeys.schedule(),
    queryFn: async ({ signal }) => api.get('/api/kpi-reports/schedule', kpiScheduleSchema, { signal }),
  });
}

/**
 * GET /api/kpi-reports/form/{opportunityId}?period=: the inputs, the periods one may report (never a
 * future one) and the chosen period's report with each value's history.
 */
export function useKpiReportForm(opportunityId: number | undefined, period: string | null) {
  return useQuery({
    queryKey: kpiKeys.form(opportunityId ?? 0, period),
    queryFn: async ({ signal }) => {
      const query = period ? `?${new URLSearchParams({ period }).toString()}` : '';
      return (
        await api.get(`/api/kpi-reports/form/${opportunityId ?? 0}${query}`, dataOf(kpiReportFormSchema), {
          signal,
        })
      ).data;
    },
    enabled: opportunityId !== undefined,
  });
}

function useRefreshCompany() {
  const queryClient = useQueryClient();
  return (opportunityId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kpiKeys.forms(opportunityId) }),
      queryClient.invalidateQueries({ queryKey: kpiKeys.schedule() }),
      queryClient.invalidateQueries({ queryKey: [...kpiKeys.all, 'portfolio'] }),
    ]);
}

/** POST /api/kpi-reports: creates the period's report or adds to it; a value for an input that has one corrects it. */
export function useSubmitKpiReport() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: async (input: KpiReportCreate) =>
      (await api.post('/api/kpi-reports', input, dataOf(kpiReportSchema))).data,
    onSuccess: (_report, input) => refresh(input.opportunity_id),
  });
}

export interface KpiImportRequest {
  opportunityId: number;
  period: string;
  file: File;
}

const importForm = ({ opportunityId, period, file }: KpiImportRequest) => {
  const form = new FormData();
  form.append('opportunity_id', String(opportunityId));
  form.append('period', period);
  form.append('file', file, file.name);
  return form;
};

/** POST /api/kpi-reports/import/preview: the file's rows as they would be stored, each with its problems. */
export function usePreviewKpiImport() {
  return useMutation({
    mutationFn: async (request: KpiImportRequest) =>
      (
        await api.upload(
          '/api/kpi-reports/import/preview',
          importForm(request),
          dataOf(kpiImportPreviewSchema),
        )
      ).data,
  });
}

/** POST /api/kpi-reports/import/commit: stores the file's values (422 when any row has a problem). */
export function useCommitKpiImport() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: async (request: KpiImportRequest) =>
      (await api.upload('/api/kpi-reports/import/commit', importForm(request), dataOf(kpiReportSchema))).data,
    onSuccess: (_report, request) => refresh(request.opportunityId),
  });
}

/** GET /api/kpi-reports/settings/{opportunityId} (kpi show). */
export function useKpiReportingSettings(opportunityId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: kpiKeys.settings(opportunityId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/kpi-reports/settings/${opportunityId ?? 0}`, dataOf(kpiReportingSettingsSchema), {
          signal,
        })
      ).data,
    enabled: enabled && opportunityId !== undefined,
  });
}

/** PUT /api/kpi-reports/settings/{opportunityId} (kpi update). */
export function useSaveKpiReportingSettings() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: async ({
      opportunityId,
      input,
    }: {
      opportunityId: number;
      input: KpiReportingSettingsInput;
    }) =>
      (await api.put(`/api/kpi-reports/settings/${opportunityId}`, input, dataOf(kpiReportingSettingsSchema)))
        .data,
    onSuccess: (saved, { opportunityId }) => {
      queryClient.setQueryData(kpiKeys.settings(opportunityId), saved);
      return refresh(opportunityId);
    },
  });
}

/** GET /api/kpi-report-types (kpi_report_types index). */
export function useKpiReportTypes(enabled = true) {
  return useQuery({
    queryKey: kpiKeys.reportTypes(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/kpi-report-types', kpiReportTypeListSchema, { signal })).data,
    enabled,
    staleTime: 60_000,
  });
}

/** Report types change what every company using them reports: the forms and schedule read again. */
function useRefreshReportTypes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: kpiKeys.all });
}

/** POST /api/kpi-report-types, or PATCH /api/kpi-report-types/{id} (kpi_report_types create/update). */
export function useSaveKpiReportType() {
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: KpiReportTypeInput }) =>
      (id === undefined
        ? await api.post('/api/kpi-report-types', input, dataOf(kpiReportTypeSchema))
        : await api.patch(`/api/kpi-report-types/${id}`, input, dataOf(kpiReportTypeSchema))
      ).data,
    onSuccess: useRefreshReportTypes(),
  });
}

/** DELETE /api/kpi-report-types/{id} (kpi_report_types delete). */
export function useDeleteKpiReportType() {
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/api/kpi-report-types/${id}`);
    },
    onSuccess: useRefreshReportTypes(),
  });
}

/** GET /api/custom-kpis?filter[opportunity_id]= (custom_kpis index). */
export function useCustomKpis(opportunityId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: kpiKeys.customKpis(opportunityId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/api/custom-kpis?${listQueryString({ filter: { opportunity_id: String(opportunityId ?? 0) } })}`,
          customKpiListSchema,
          { signal },
        )
      ).data,
    enabled: enabled && opportunityId !== undefined,
  });
}

function useRefreshCustomKpis() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return (opportunityId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kpiKeys.customKpis(opportunityId) }),
      queryClient.invalidateQueries({ queryKey: kpiKeys.settings(opportunityId) }),
      refresh(opportunityId),
    ]);
}

export function useSaveCustomKpi() {
  const refresh = useRefreshCustomKpis();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: CustomKpiInput }) => {
      if (id === undefined) return (await api.post('/api/custom-kpis', input, dataOf(customKpiSchema))).data;
      const { opportunity_id: _company, ...changes } = input;
      return (
        await api.patch(`/api/custom-kpis/${id}`, changes satisfies CustomKpiChanges, dataOf(customKpiSchema))
      ).data;
    },
    onSuccess: (_saved, { input }) => refresh(input.opportunity_id),
  });
}

export function useDeleteCustomKpi() {
  const refresh = useRefreshCustomKpis();
  return useMutation({
    mutationFn: async ({ id }: { id: number; opportunityId: number }) => {
      await api.delete(`/api/custom-kpis/${id}`);
    },
    onSuccess: (_done, { opportunityId }) => refresh(opportunityId),
  });
}

export interface KpiPortfolioFilters {
  kpi_category_id?: string | undefined;
  industry_id?: string | undefined;
  investment_type_id?: string | undefined;
}

/** The filters as the API reads them: `filter[kpi_category_id]=3&…`. */
export function kpiPortfolioQuery(filters: KpiPortfolioFilters): string {
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters) as Array<[string, string | undefined]>)
    if (value) filter[key] = value;
  return listQueryString({ filter });
}

/** GET /api/kpi-portfolio (kpiPortfolio index). */
export function useKpiPortfolio(filters: KpiPortfolioFilters) {
  return useQuery({
    queryKey: kpiKeys.portfolio(filters),
    queryFn: async ({ signal }) => {
      const query = kpiPortfolioQuery(filters);
      return api.get(`/api/kpi-portfolio${query ? `?${query}` : ''}`, kpiPortfolioSchema, { signal });
    },
    placeholderData: (previous) => previous,
  });
}

/** GET /api/kpi-reports/{id} (kpi show): one report's current values, each with the values it replaced. */
export function useKpiReport(id: number | undefined) {
  return useQuery({
    queryKey: [...kpiKeys.all, 'report', id ?? 0] as const,
    queryFn: async ({ signal }) =>
      (await api.get(`/api/kpi-reports/${id ?? 0}`, dataOf(kpiReportSchema), { signal })).data,
    enabled: id !== undefined,
  });
}
