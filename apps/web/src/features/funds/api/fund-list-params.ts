import {
  FUND_ACTIVE_STATES,
  FUND_STATUSES,
  type FundColumnKey,
  type ListQueryParams,
} from '@portico/contracts';
import { oneOf } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const FUND_LIST_KEYS = ['search', 'status', 'active', 'sort', 'per_page', 'columns'] as const;
export type FundListKey = (typeof FUND_LIST_KEYS)[number];
export const FUND_FILTER_KEYS = ['status', 'active'] as const satisfies readonly FundListKey[];

export const DEFAULT_FUND_SORT = 'name';

/** The name opens the fund: it is always shown. */
export const REQUIRED_FUND_COLUMNS: readonly FundColumnKey[] = ['name'];

/** The address's values as the API's filters; anything malformed is left out. */
export function fundFilters(values: Record<FundListKey, string>) {
  return {
    search: values.search.trim() || undefined,
    status: oneOf(FUND_STATUSES, values.status)?.toString(),
    active: oneOf(FUND_ACTIVE_STATES, values.active)?.toString(),
  } satisfies ListQueryParams['filter'];
}

export type FundFilters = ReturnType<typeof fundFilters>;
