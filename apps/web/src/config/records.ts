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
 * "/notes-calls-tasks" to the same address). Only investors are built so far; the others follow spec
 * §2.1 and are confirmed when their pages land.
 */
const RECORD_BASE_PATHS: Record<SubjectType, (id: number) => string> = {
  investor: (id) => `/admin/investors/${id}/details`,
  contact: (id) => `/admin/investors/contacts/${id}/details`,
  organisation: (id) => `/admin/investors/organisations/${id}/details`,
  investment_method: (id) => `/admin/investors/investment-methods/${id}/details`,
  // A nominee has no details page: its tabs (transactions, notes-calls-tasks) sit under its id.
  nominee: (id) => `/admin/investors/nominees/${id}`,
};

/** A record's page, or one of its tabs: `recordPath('investor', 7, 'documents')`. */
export function recordPath(type: SubjectType, id: number, tab = ''): string {
  const base = RECORD_BASE_PATHS[type](id);
  return tab ? `${base}/${tab}` : base;
}

/**
 * The investor's tabs (spec §2.1), in order. Still to come, each one entry here plus its page in
 * app/routes/admin-routes.ts: Transactions (with investments), Investor Category (`category`),
 * registration form (`registration-form`), Onboarding Documents (`investment-documents`), Fact Find
 * (`fact-find`), risk profile (`risk-profile`), Investor Consent (`consent`).
 */
export const INVESTOR_TABS = [
  { id: 'activity', label: 'Activity', path: '', resource: 'investors', action: 'show' },
  { id: 'documents', label: 'Documents', path: 'documents', resource: 'investors', action: 'show' },
  {
    id: 'notes-calls-tasks',
    label: 'Notes, Calls and Tasks',
    path: 'notes-calls-tasks',
    resource: 'investors',
    action: 'show',
  },
] as const satisfies readonly RecordTab[];

export type InvestorTabId = (typeof INVESTOR_TABS)[number]['id'];
