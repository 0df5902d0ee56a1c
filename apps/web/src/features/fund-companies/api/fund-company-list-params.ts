import { FUND_COMPANY_STATUSES, type FundCompanyColumnKey, type ListQueryParams } from '@portico/contracts';
import { oneOf } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const FUND_COMPANY_LIST_KEYS = ['search', 'fund', 'status', 'sort', 'per_page', 'columns'] as const;
export type FundCompanyListKey = (typeof FUND_COMPANY_LIST_KEYS)[number];
export const FUND_COMPANY_FILTER_KEYS = ['fund', 'status'] as const satisfies readonly FundCompanyListKey[];

export const DEFAULT_FUND_COMPANY_SORT = 'name';

/** The name opens the company: it is always shown. */
export const REQUIRED_FUND_COMPANY_COLUMNS: readonly FundCompanyColumnKey[] = ['name'];

/** The address's values as the API's filters; anything malformed is left out. */
export function fundCompanyFilters(values: Record<FundCompanyListKey, string>) {
  return {
    search: values.search.trim() || undefined,
    fund: /^[1-9]\d{0,15}$/.test(values.fund) ? values.fund : undefined,
    status: oneOf(FUND_COMPANY_STATUSES, values.status),
  } satisfies ListQueryParams['filter'];
}

export type FundCompanyFilters = ReturnType<typeof fundCompanyFilters>;
