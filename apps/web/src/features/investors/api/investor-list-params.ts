import {
  CLIENT_TYPES,
  INVESTOR_CATEGORIES,
  INVESTOR_STATUSES,
  ONBOARDING_STATES,
  type INVESTOR_COLUMNS,
  type ListQueryParams,
} from '@portico/contracts';
import { betweenFilter, idOf, oneOf } from '../../../components/data-table/list-values';

/** The list's state as the address holds it (spec: a filtered view can be shared). */
export const INVESTOR_LIST_KEYS = [
  'search',
  'lead_status',
  'client_type',
  'category',
  'test',
  'onboarding',
  'organisation',
  'owner',
  'status',
  'registered',
  'sort',
  'per_page',
  'columns',
] as const;
export type InvestorListKey = (typeof INVESTOR_LIST_KEYS)[number];

/** The filters among them: "Clear filters" empties these and keeps the rest. */
export const INVESTOR_FILTER_KEYS = [
  'lead_status',
  'client_type',
  'category',
  'test',
  'onboarding',
  'organisation',
  'owner',
  'status',
  'registered',
] as const satisfies readonly InvestorListKey[];

export const DEFAULT_INVESTOR_SORT = '-created_at';

export type InvestorColumnKey = (typeof INVESTOR_COLUMNS)[number]['key'];
/** The name opens the record: it is always shown. */
export const REQUIRED_INVESTOR_COLUMNS: readonly InvestorColumnKey[] = ['name'];

/**
 * The address's values as the server's filters (API-CONTRACT.md §2). Anything malformed in a shared
 * link is left out rather than sent to be refused.
 */
export function investorFilters(values: Record<InvestorListKey, string>) {
  return {
    search: values.search.trim() || undefined,
    lead_status_id: idOf(values.lead_status),
    client_type: oneOf(CLIENT_TYPES, values.client_type),
    category: oneOf(INVESTOR_CATEGORIES, values.category),
    compliance_passed: values.test === 'passed' ? true : values.test === 'not_passed' ? false : undefined,
    onboarding_state: oneOf(ONBOARDING_STATES, values.onboarding),
    organisation_id: idOf(values.organisation),
    owner_id: idOf(values.owner),
    status: oneOf(INVESTOR_STATUSES, values.status),
    created_between: betweenFilter(values.registered),
  } satisfies ListQueryParams['filter'];
}

export type InvestorFilters = ReturnType<typeof investorFilters>;
