import {
  dataOf,
  wipSnapshotSchema,
  wipSnapshotSummarySchema,
  type WipExportFormat,
  type WipSnapshot,
  type WipSnapshotCreate,
  type WipSnapshotSummary,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { wipReportKeys } from './get-wip-report';

const list = dataOf(z.array(wipSnapshotSummarySchema));
const one = dataOf(wipSnapshotSchema);

export const wipSnapshotKeys = {
  list: () => [...wipReportKeys.all, 'snapshots'] as const,
  detail: (id: number) => [...wipReportKeys.all, 'snapshots', id] as const,
};

/** GET /api/reports/wip/snapshots (wip_report:index). */
export async function getWipSnapshots(signal?: AbortSignal): Promise<WipSnapshotSummary[]> {
  return (await api.get('/api/reports/wip/snapshots', list, { signal })).data;
}

/** GET /api/reports/wip/snapshots/{id} (wip_report:show). */
export async function getWipSnapshot(id: number, signal?: AbortSignal): Promise<WipSnapshot> {
  return (await api.get(`/api/reports/wip/snapshots/${id}`, one, { signal })).data;
}

export const useWipSnapshots = () =>
  useQuery(
    queryOptions({ queryKey: wipSnapshotKeys.list(), queryFn: ({ signal }) => getWipSnapshots(signal) }),
  );

export const useWipSnapshot = (id: number | null) =>
  useQuery({
    queryKey: wipSnapshotKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getWipSnapshot(id ?? 0, signal),
    enabled: id !== null,
  });

/** POST /api/reports/wip/snapshots (wip_report:create): the report as it stands, frozen. */
export function useCreateWipSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WipSnapshotCreate) =>
      (await api.post('/api/reports/wip/snapshots', input, one)).data,
    onSuccess: async (snapshot) => {
      queryClient.setQueryData(wipSnapshotKeys.detail(snapshot.id), snapshot);
      await queryClient.invalidateQueries({ queryKey: wipSnapshotKeys.list() });
    },
  });
}

export const wipSnapshotExportHref = (id: number, format: WipExportFormat) =>
  `/api/reports/wip/snapshots/${id}/export?format=${format}`;
