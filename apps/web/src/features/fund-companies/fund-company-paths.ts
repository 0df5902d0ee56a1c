import type { RecordTab } from '../../config/records';

/** A fund-investment company's pages (spec §2.1: /admin/investments/companies/{id}/…). */
export const fundCompanyBase = (id: number) => `/admin/investments/companies/${id}`;
export const fundCompanyPath = (id: number, tab = 'details') => `${fundCompanyBase(id)}/${tab}`;
export const fundCompanyEditPath = (id: number) => `${fundCompanyBase(id)}/edit`;

/** The company's tabs (spec §2.1), under its id. */
export const FUND_COMPANY_TABS = [
  { id: 'details', label: 'Details', path: 'details', resource: 'funds', action: 'show', feature: 'funds' },
  {
    id: 'key-information',
    label: 'Key Information',
    path: 'key-information',
    resource: 'funds',
    action: 'show',
    feature: 'funds',
  },
  {
    id: 'transactions',
    label: 'Transactions',
    path: 'transactions',
    resource: 'funds',
    action: 'show',
    feature: 'funds',
  },
  {
    id: 'notes-calls-tasks',
    label: 'Notes, Calls and Tasks',
    path: 'notes-calls-tasks',
    resource: 'funds',
    action: 'show',
    feature: 'funds',
  },
  {
    id: 'maturity-statuses',
    label: 'Maturity Statuses',
    path: 'maturity-statuses',
    resource: 'funds',
    action: 'show',
    feature: 'funds',
  },
] as const satisfies readonly RecordTab[];
export type FundCompanyTabId = (typeof FUND_COMPANY_TABS)[number]['id'];
