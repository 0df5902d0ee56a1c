import { dataOf, wipReportSchema, type WipExportFormat, type WipReport } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const response = dataOf(wipReportSchema);

export const wipReportKeys = {
  all: ['wip-report'] as const,
  report: () => [...wipReportKeys.all, 'report'] as const,
};

/** GET /api/reports/wip (permission wip_report:index). */
export async function getWipReport(signal?: AbortSignal): Promise<WipReport> {
  const body = await api.get('/api/reports/wip', response, { signal });
  return body.data;
}

export const wipReportQueryOptions = () =>
  queryOptions({ queryKey: wipReportKeys.report(), queryFn: ({ signal }) => getWipReport(signal) });

export function useWipReport() {
  return useQuery(wipReportQueryOptions());
}

/** The export's address: a plain link, so the browser saves the file with the session cookie. */
export const wipExportHref = (format: WipExportFormat) => `/api/reports/wip/export?format=${format}`;
