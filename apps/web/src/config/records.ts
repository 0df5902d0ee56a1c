import type { Action, FeatureKey, FeatureSet, Resource, SubjectType, TermKey } from '@portico/contracts';
import { canOpenAdminScreen } from './admin-menu';

/**
 * One tab of a record page (spec §2.1): a sub-path of the record's page, shown only when the role's
 * permission and the deployment's features allow it. The same entry guards the tab's route.
 */
export interface RecordTab {
  /** stable id, also the key of the tab's page in the routes */
  readonly id: string;
  /** the default label; `term` names the terminology entry that renames it per deployment */
  readonly label: string;
  readonly term?: TermKey;
  /** the sub-path under the record's page; '' is the record's page itself */
  readonly path: string;
  readonly resource?: Resource;
  readonly action?: Action;
  readonly feature?: FeatureKey;
}

/** The tabs a role sees, in order: permitted by spec §6 and with their feature on. */
export function visibleRecordTabs<Tab extends RecordTab>(
  tabs: readonly Tab[],
  roleId: number | null | undefined,
  features: FeatureSet | undefined,
): Tab[] {
  return tabs.filter((tab) => canOpenAdminScreen(roleId, tab, features));
}

/**
 * The page under which each record type's tabs live (the server's notification links add
 * "/notes-calls-tasks" to the same address), as spec §2.1 names them.
 */
const RECORD_BASE_PATHS: Record<SubjectType, (id: number) => string> = {
  investor: (id) => `/admin/investors/${id}/details`,
  contact: (id) => `/admin/investors/contacts/${id}/details`,
  organisation: (id) => `/admin/investors/organisations/${id}/details`,
  investment_method: (id) => `/admin/investors/investment-methods/${id}/details`,
  // A nominee has no details page: its tabs (transactions, notes-calls-tasks) sit under its id.
  nominee: (id) => `/admin/investors/nominees/${id}`,
  // An account with a method has no page of its own: the methods' pages list the accounts.
  investment_method_entity: () => '/admin/investors/investment-methods',
  // A deal's tabs (key-information, performance, notes-calls-tasks, edit) sit under its id.
  pipeline_deal: (id) => `/admin/investments/deals/${id}`,
  // An opportunity's page depends on its stage: this address redirects to it (opportunityAdminPath).
  opportunity: (id) => `/admin/investments/opportunities/${id}`,
  client_group: (id) => `/admin/investors/client-groups/${id}/details`,
  // A fund-investment company's tabs (details, transactions, notes-calls-tasks, …) sit under its id.
  fund_company: (id) => `/admin/investments/companies/${id}`,
  // A fund's tabs (transactions, portfolio, notes-calls-tasks) sit under its details (spec §2.1).
  fund: (id) => `/admin/funds/${id}/details`,
};

/** A record's page, or one of its tabs: `recordPath('investor', 7, 'documents')`. */
export function recordPath(type: SubjectType, id: number, tab = ''): string {
  const base = RECORD_BASE_PATHS[type](id);
  return tab ? `${base}/${tab}` : base;
}

/** The registration form, fact find and risk profile of investors and contacts (QuestionnairePanel). */
const REGISTRATION_FORM_TAB = {
  id: 'registration-form',
  label: 'Registration Form',
  path: 'registration-form',
  resource: 'investors',
  action: 'show',
} as const satisfies RecordTab;
const FACT_FIND_TAB = {
  id: 'fact-find',
  label: 'Fact Find',
  path: 'fact-find',
  resource: 'investors',
  action: 'show',
} as const satisfies RecordTab;
const RISK_PROFILE_TAB = {
  id: 'risk-profile',
  label: 'Risk Profile',
  path: 'risk-profile',
  resource: 'investors',
  action: 'show',
} as const satisfies RecordTab;

/**
 * The investor's tabs (spec §2.1), in order. Still to come, one entry here plus its page in
 * app/routes/admin-routes.ts: Transactions (with investments), after Activity.
 */
/** The Transactions tab of an investor, organisation, investment method, nominee or opportunity (spec §2.1). */
const TRANSACTIONS_TAB = {
  id: 'transactions',
  label: 'Transactions',
  path: 'transactions',
  resource: 'investors',
  action: 'show',
} as const satisfies RecordTab;

export const INVESTOR_TABS = [
  { id: 'activity', label: 'Activity', path: '', resource: 'investors', action: 'show' },
  TRANSACTIONS_TAB,
  { id: 'documents', label: 'Documents', path: 'documents', resource: 'investors', action: 'show' },
  {
    id: 'notes-calls-tasks',
    label: 'Notes, Calls and Tasks',
    path: 'notes-calls-tasks',
    resource: 'investors',
    action: 'show',
  },
  { id: 'category', label: 'Investor Category', path: 'category', resource: 'investors', action: 'show' },
  REGISTRATION_FORM_TAB,
  {
    id: 'investment-documents',
    label: 'Onboarding Documents',
    path: 'investment-documents',
    resource: 'investors',
    action: 'show',
  },
  FACT_FIND_TAB,
  RISK_PROFILE_TAB,
  { id: 'consent', label: 'Investor Consent', path: 'consent', resource: 'investors', action: 'show' },
  // issue 21 (decision 032): shown while financial promotion exemptions are on
  {
    id: 'promotion-exemptions',
    label: 'Promotion Exemptions',
    path: 'promotion-exemptions',
    resource: 'investors',
    action: 'show',
    feature: 'financialPromotionExceptions',
  },
] as const satisfies readonly RecordTab[];

export type InvestorTabId = (typeof INVESTOR_TABS)[number]['id'];

/** The Notes, Calls and Tasks tab of every record type. */
const NOTES_CALLS_TASKS_TAB = {
  id: 'notes-calls-tasks',
  label: 'Notes, Calls and Tasks',
  path: 'notes-calls-tasks',
  resource: 'investors',
  action: 'show',
} as const satisfies RecordTab;

/** An organisation's tabs (spec §2.1). */
export const ORGANISATION_TABS = [
  { id: 'details', label: 'Details', path: '', resource: 'investors', action: 'show' },
  TRANSACTIONS_TAB,
  NOTES_CALLS_TASKS_TAB,
] as const satisfies readonly RecordTab[];
export type OrganisationTabId = (typeof ORGANISATION_TABS)[number]['id'];

/** An investment method's tabs (spec §2.1). */
export const INVESTMENT_METHOD_TABS = [
  { id: 'details', label: 'Details', path: '', resource: 'investors', action: 'show' },
  TRANSACTIONS_TAB,
  NOTES_CALLS_TASKS_TAB,
] as const satisfies readonly RecordTab[];
export type InvestmentMethodTabId = (typeof INVESTMENT_METHOD_TABS)[number]['id'];

/**
 * A nominee's tabs (spec §2.1: {id}/transactions and {id}/notes-calls-tasks, no details page); its page
 * shows its details and clients above them.
 */
export const NOMINEE_TABS = [
  { ...TRANSACTIONS_TAB, feature: 'nominee' },
  { ...NOTES_CALLS_TASKS_TAB, feature: 'nominee' },
] as const satisfies readonly RecordTab[];
export type NomineeTabId = (typeof NOMINEE_TABS)[number]['id'];

/** A contact's tabs (spec §2.1), in order: Activity is the details page itself. */
export const CONTACT_TABS = [
  { id: 'activity', label: 'Activity', path: '', resource: 'investors', action: 'show' },
  { id: 'documents', label: 'Documents', path: 'documents', resource: 'investors', action: 'show' },
  NOTES_CALLS_TASKS_TAB,
  { id: 'category', label: 'Category', path: 'category', resource: 'investors', action: 'show' },
  REGISTRATION_FORM_TAB,
  FACT_FIND_TAB,
  RISK_PROFILE_TAB,
] as const satisfies readonly RecordTab[];
export type ContactTabId = (typeof CONTACT_TABS)[number]['id'];

const LIVE_OPPORTUNITY = { resource: 'investment_opportunity_live', action: 'show' } as const;
const EXISTING_OPPORTUNITY = { resource: 'investment_opportunity_existing', action: 'show' } as const;

/**
 * An opportunity's tabs in stages 1 to 4 (spec §2.1), under /admin/investments/opportunities/{id}: a
 * draft shows Edit, a live one Details (the page filters by stage). Transactions comes with investments.
 * The Investment Manager does not see Notes, Calls and Tasks (canSeeInvestmentTab).
 */
export const OPPORTUNITY_TABS = [
  { id: 'edit', label: 'Edit', path: 'edit', ...LIVE_OPPORTUNITY },
  { id: 'details', label: 'Details', path: 'details', ...LIVE_OPPORTUNITY },
  { id: 'key-information', label: 'Key Information', path: 'key-information', ...LIVE_OPPORTUNITY },
  { ...TRANSACTIONS_TAB, ...LIVE_OPPORTUNITY },
  // a new round of an existing investment: its holders' choices (decision 015)
  { id: 'pre-emption', label: 'Pre-emption', path: 'pre-emption', ...LIVE_OPPORTUNITY },
  { ...NOTES_CALLS_TASKS_TAB, ...LIVE_OPPORTUNITY },
] as const satisfies readonly RecordTab[];
export type OpportunityTabId = (typeof OPPORTUNITY_TABS)[number]['id'];

/**
 * An existing investment's tabs (stages 5 and 6), under /admin/investments/existing/{id}/details. The
 * Investment Manager sees only Key Information (canSeeInvestmentTab). Cap Table and Cap Table
 * Performance are always on for existing investments (no feature flag).
 */
export const EXISTING_INVESTMENT_TABS = [
  { id: 'key-information', label: 'Key Information', path: '', ...EXISTING_OPPORTUNITY },
  { id: 'performance', label: 'Performance', path: 'performance', ...EXISTING_OPPORTUNITY },
  { id: 'transactions', label: 'Transactions', path: 'transactions', ...EXISTING_OPPORTUNITY },
  { id: 'cap-table', label: 'Cap Table', path: 'cap-table', ...EXISTING_OPPORTUNITY },
  {
    id: 'cap-table-performance',
    label: 'Cap Table Performance',
    path: 'cap-table-performance',
    ...EXISTING_OPPORTUNITY,
  },
  { ...NOTES_CALLS_TASKS_TAB, ...EXISTING_OPPORTUNITY },
] as const satisfies readonly RecordTab[];
export type ExistingInvestmentTabId = (typeof EXISTING_INVESTMENT_TABS)[number]['id'];
/** A client group's tabs: its members (the details page itself) and its activity. */
export const CLIENT_GROUP_TABS = [
  { id: 'members', label: 'Members', path: '', resource: 'investors', action: 'show' },
  { id: 'activity', label: 'Activity', path: 'activity', resource: 'investors', action: 'show' },
] as const satisfies readonly RecordTab[];
export type ClientGroupTabId = (typeof CLIENT_GROUP_TABS)[number]['id'];
/**
 * A pipeline deal's tabs (spec §2.1: {id}/key-information, performance, notes-calls-tasks), guarded by
 * pipeline_deals; the Investment Manager's hidden investment tabs (spec §6) are left out by the deal's
 * page with canSeeInvestmentTab, the tab ids being those of INVESTMENT_TABS.
 */
export const DEAL_TABS = [
  {
    id: 'key-information',
    label: 'Key Information',
    path: 'key-information',
    resource: 'pipeline_deals',
    action: 'show',
  },
  {
    id: 'performance',
    label: 'Performance',
    path: 'performance',
    resource: 'pipeline_deals',
    action: 'show',
  },
  {
    id: 'notes-calls-tasks',
    label: 'Notes, Calls and Tasks',
    path: 'notes-calls-tasks',
    resource: 'pipeline_deals',
    action: 'show',
  },
] as const satisfies readonly RecordTab[];
export type DealTabId = (typeof DEAL_TABS)[number]['id'];
