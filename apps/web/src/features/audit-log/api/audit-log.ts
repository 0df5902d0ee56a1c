import {
  auditLogListSchema,
  auditSubjectTypesSchema,
  dataOf,
  type AuditLogColumnKey,
  type ListQueryParams,
} from '@portico/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery, type RecordListParams } from '../../../lib/records/record-list-query';

export interface AuditLogFilters extends NonNullable<ListQueryParams['filter']> {
  action?: string | undefined;
  subject_type?: string | undefined;
  subject_id?: string | undefined;
  actor_id?: string | undefined;
  created_between?: string | undefined;
}
export type AuditLogParams = RecordListParams<AuditLogFilters, AuditLogColumnKey>;

/** A row opens with its values before and after, and names who did it: always asked for. */
const ALWAYS: readonly string[] = ['id', 'actor', 'before', 'after', 'subject_type', 'subject_id'];

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (params: AuditLogParams) => [...auditLogKeys.all, 'list', params] as const,
  subjectTypes: () => [...auditLogKeys.all, 'subject-types'] as const,
};

/** GET /api/audit-log (compliance:index). */
export function useAuditLog(params: AuditLogParams) {
  return useQuery({
    queryKey: auditLogKeys.list(params),
    queryFn: ({ signal }) =>
      api.get(`/api/audit-log?${recordListQuery(params, ALWAYS)}`, auditLogListSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/audit-log/subject-types: the record types the log holds rows about. */
export function useAuditSubjectTypes() {
  return useQuery({
    queryKey: auditLogKeys.subjectTypes(),
    queryFn: ({ signal }) =>
      api.get('/api/audit-log/subject-types', dataOf(auditSubjectTypesSchema), { signal }),
    select: (response) => response.data,
    staleTime: 60_000,
  });
}
