import { can, listQueryString, paginatedSchema, staffAccountSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useUser } from '../session';

const response = paginatedSchema(staffAccountSchema.pick({ id: true, name: true, email: true }));

/** Enough for any team; the select filters as you type. */
const STAFF_LIMIT = 100;

/**
 * GET /api/admin-accounts (user:index): active staff, for owner, adviser and assignee selects. Roles
 * without user:index cannot list colleagues; they are offered themselves only (a dedicated
 * "assignable staff" endpoint would lift that: see the report of issue 4).
 */
export async function getActiveStaff(signal?: AbortSignal) {
  const query = listQueryString({
    filter: { status: 'active' },
    sort: 'name',
    fields: ['id', 'name', 'email'],
    per_page: STAFF_LIMIT,
  });
  return (await api.get(`/api/admin-accounts?${query}`, response, { signal })).data;
}

export const activeStaffQueryOptions = () =>
  queryOptions({
    queryKey: ['staff-accounts', 'active-options'] as const,
    queryFn: ({ signal }) => getActiveStaff(signal),
    staleTime: 5 * 60_000,
  });

export interface StaffOption {
  value: string;
  label: string;
}

/**
 * Staff to pick from ("Me" first). `keep` are people already chosen on the record (its owner), shown
 * even when the list cannot be read.
 */
export function useStaffOptions(keep: ReadonlyArray<{ id: number; name: string } | null | undefined> = []) {
  const user = useUser();
  const mayList = can(user.role_id, 'user', 'index');
  const { data, isPending } = useQuery({ ...activeStaffQueryOptions(), enabled: mayList });

  const seen = new Set<number>([user.id]);
  const options: StaffOption[] = [{ value: String(user.id), label: `Me (${user.name})` }];
  for (const person of [...(data ?? []), ...keep]) {
    if (!person || seen.has(person.id)) continue;
    seen.add(person.id);
    options.push({ value: String(person.id), label: person.name });
  }
  return { options, loading: mayList && isPending, complete: mayList };
}
