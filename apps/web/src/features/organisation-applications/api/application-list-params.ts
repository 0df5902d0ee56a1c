import { APPLICATION_STATUSES, type ApplicationStatus, type ListQueryParams } from '@portico/contracts';
import { oneOf } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const APPLICATION_LIST_KEYS = ['search', 'status', 'sort', 'per_page'] as const;
export type ApplicationListKey = (typeof APPLICATION_LIST_KEYS)[number];
export const APPLICATION_FILTER_KEYS = ['status'] as const satisfies readonly ApplicationListKey[];

export const DEFAULT_APPLICATION_SORT = '-created_at';

/** Which applications the list shows: staff open it to decide, so the pending ones unless asked. */
export type ApplicationView = ApplicationStatus | 'all';
export const DEFAULT_APPLICATION_VIEW: ApplicationView = 'pending';

export function applicationView(value: string): ApplicationView {
  return value === 'all' ? 'all' : (oneOf(APPLICATION_STATUSES, value) ?? DEFAULT_APPLICATION_VIEW);
}

export function applicationFilters(values: Record<ApplicationListKey, string>) {
  const view = applicationView(values.status);
  return {
    search: values.search.trim() || undefined,
    status: view === 'all' ? undefined : view,
  } satisfies ListQueryParams['filter'];
}

export type ApplicationFilters = ReturnType<typeof applicationFilters>;
