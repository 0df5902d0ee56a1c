import {
  INVESTMENT_METHOD_TYPES,
  type InvestmentMethodColumnKey,
  type ListQueryParams,
} from '@portico/contracts';
import { oneOf } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const INVESTMENT_METHOD_LIST_KEYS = ['search', 'type', 'sort', 'per_page', 'columns'] as const;
export type InvestmentMethodListKey = (typeof INVESTMENT_METHOD_LIST_KEYS)[number];
export const INVESTMENT_METHOD_FILTER_KEYS = ['type'] as const satisfies readonly InvestmentMethodListKey[];

export const DEFAULT_INVESTMENT_METHOD_SORT = 'name';

/** The name opens the record: it is always shown. */
export const REQUIRED_INVESTMENT_METHOD_COLUMNS: readonly InvestmentMethodColumnKey[] = ['name'];

/** The address's values as the server's filters; anything malformed is left out. */
export function investmentMethodFilters(values: Record<InvestmentMethodListKey, string>) {
  return {
    search: values.search.trim() || undefined,
    type: oneOf(INVESTMENT_METHOD_TYPES, values.type),
  } satisfies ListQueryParams['filter'];
}

export type InvestmentMethodFilters = ReturnType<typeof investmentMethodFilters>;
