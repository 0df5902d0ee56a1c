import {
  listQueryString,
  paginatedSchema,
  staffAccountSchema,
  STAFF_STATUSES,
  type StaffStatus,
} from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffAccountKeys, type StaffAccountListParams } from './staff-account-keys';

export const STAFF_PAGE_SIZE = 15;

/** No sparse fieldset is asked for, so every row is a whole account. */
const listResponse = paginatedSchema(staffAccountSchema);

export function isStaffStatus(value: string): value is StaffStatus {
  return (STAFF_STATUSES as readonly string[]).includes(value);
}

/** GET /api/admin-accounts with the spatie list query (API-CONTRACT.md §2). */
export function getStaffAccounts(params: StaffAccountListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { search: params.search, role_id: params.roleId, status: params.status },
    sort: params.sort,
    append: ['role_name'],
    page: params.page,
    per_page: STAFF_PAGE_SIZE,
  });
  return api.get(`/api/admin-accounts?${query}`, listResponse, { signal });
}

export const staffAccountsQueryOptions = (params: StaffAccountListParams) =>
  queryOptions({
    queryKey: staffAccountKeys.list(params),
    queryFn: ({ signal }) => getStaffAccounts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffAccounts(params: StaffAccountListParams) {
  return useQuery(staffAccountsQueryOptions(params));
}
