import { TAX_RELIEFS, type ListQueryParams, type OpportunityColumnKey } from '@portico/contracts';

/** The list's state as the address holds it: a filtered view can be shared. */
export const OPPORTUNITY_LIST_KEYS = [
  'search',
  'status',
  'type',
  'industry',
  'tax_relief',
  'sort',
  'per_page',
  'columns',
] as const;
export type OpportunityListKey = (typeof OPPORTUNITY_LIST_KEYS)[number];
export const OPPORTUNITY_FILTER_KEYS = [
  'status',
  'type',
  'industry',
  'tax_relief',
] as const satisfies readonly OpportunityListKey[];

export const DEFAULT_OPPORTUNITY_SORT = '-created_at';

/** The name opens the opportunity; its stage decides where, so status is always asked for. */
export const REQUIRED_OPPORTUNITY_COLUMNS: readonly OpportunityColumnKey[] = ['name'];

const ids = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => /^[1-9]\d{0,14}$/.test(item));

/** The address's values as the API's filters; anything malformed is left out. */
export function opportunityFilters(values: Record<OpportunityListKey, string>) {
  const status = values.status.split(',').filter((item) => /^[1-6]$/.test(item));
  const relief = TAX_RELIEFS.find((item) => item === values.tax_relief);
  return {
    search: values.search.trim() || undefined,
    status: status.length > 0 ? status.join(',') : undefined,
    type: ids(values.type)[0],
    industry: ids(values.industry)[0],
    tax_relief: relief,
  } satisfies ListQueryParams['filter'];
}

export type OpportunityFilters = ReturnType<typeof opportunityFilters>;
