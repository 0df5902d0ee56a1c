import {
  INVESTMENT_METHOD_TYPES,
  type INVESTMENT_METHOD_LIST_FIELDS,
  type ListQueryParams,
} from '@portico/contracts';
import { oneOf, type ListColumn } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const INVESTMENT_METHOD_LIST_KEYS = ['search', 'type', 'sort', 'per_page', 'columns'] as const;
export type InvestmentMethodListKey = (typeof INVESTMENT_METHOD_LIST_KEYS)[number];
export const INVESTMENT_METHOD_FILTER_KEYS = ['type'] as const satisfies readonly InvestmentMethodListKey[];

export const DEFAULT_INVESTMENT_METHOD_SORT = 'name';

type InvestmentMethodField = (typeof INVESTMENT_METHOD_LIST_FIELDS)[number];

export const INVESTMENT_METHOD_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'type', label: 'Type', default: true },
  { key: 'provider', label: 'Provider', default: true },
  { key: 'email', label: 'Email', default: false },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'website', label: 'Website', default: false },
  { key: 'entities_count', label: 'Accounts', default: true },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies readonly ListColumn<InvestmentMethodField>[];

export type InvestmentMethodColumnKey = (typeof INVESTMENT_METHOD_COLUMNS)[number]['key'];
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
