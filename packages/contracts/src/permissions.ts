import { opportunityPhase } from './investments/opportunity-status';
import { ROLES, type RoleId } from './roles';

/** Guarded resources of spec §6, by the names the specification gives them. */
export const RESOURCES = [
  'overview',
  'pipeline_deals',
  'investment_opportunity_live',
  'investment_opportunity_existing',
  'investors',
  'investors_password',
  'investor_category',
  'funds',
  'funds_opportunity',
  'kpi',
  'kpiPortfolio',
  'custom_kpis',
  'update_reports',
  'wip_report',
  'branding',
  'pipelines',
  'user',
  'features',
  'attributes',
  'attributes_lock',
  'kpi_report_types',
  'industries',
  'investment_opportunity_types',
  'investment_opportunity_sub_types',
  'investor_type',
  'compliance',
  'cash_calls',
  'onboarding_documents',
  'user_app_test',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['index', 'show', 'create', 'update', 'delete', 'delete_unsafe'] as const;
export type Action = (typeof ACTIONS)[number];

type Grants = Partial<Record<Resource, readonly Action[]>>;

const STANDARD: readonly Action[] = ['index', 'show', 'create', 'update', 'delete'];
const READ: readonly Action[] = ['index', 'show'];
const READ_UPDATE: readonly Action[] = ['index', 'show', 'update'];
const READ_CREATE_UPDATE: readonly Action[] = ['index', 'show', 'create', 'update'];

const superAdmin: Grants = Object.fromEntries(
  RESOURCES.filter((resource) => resource !== 'attributes_lock').map((resource) => [resource, STANDARD]),
);

const custodian: Grants = {
  investment_opportunity_live: READ_UPDATE,
  investment_opportunity_existing: READ_UPDATE,
  funds_opportunity: READ_UPDATE,
};

/**
 * The table of spec §6, one entry per role, encoded as written.
 * "Read" is index + show; "full" is the five standard actions (never delete_unsafe).
 * Creator: the specification's entry is "same as Custodian" followed by a later entry for
 * investors index/create that overrides it: the later entry replaces the investors key only, so Creator
 * has the Custodian's opportunities and fund opportunities and investors index/create
 * (docs/decisions/027-creator-role.md, which replaces decision 002's first reading).
 */
export const PERMISSION_TABLE: Readonly<Record<RoleId, Grants>> = {
  [ROLES.SUPER_ADMIN]: superAdmin,
  [ROLES.SUPPORT]: {
    ...superAdmin,
    attributes_lock: ['index'],
    investment_opportunity_live: [...STANDARD, 'delete_unsafe'],
    investment_opportunity_existing: [...STANDARD, 'delete_unsafe'],
    investors: [...STANDARD, 'delete_unsafe'],
  },
  [ROLES.INVESTMENT_COMMITTEE]: {
    pipeline_deals: STANDARD,
    investment_opportunity_live: READ_CREATE_UPDATE,
    investment_opportunity_existing: READ_CREATE_UPDATE,
    funds: STANDARD,
    funds_opportunity: READ_CREATE_UPDATE,
    investors: READ_CREATE_UPDATE,
    investor_category: ['update'],
    overview: READ,
    kpi: READ,
    custom_kpis: READ,
    update_reports: READ,
    wip_report: [...READ, 'create'],
  },
  [ROLES.ENTREPRENEUR]: {
    pipeline_deals: READ_UPDATE,
    investment_opportunity_live: READ_UPDATE,
    investment_opportunity_existing: READ_CREATE_UPDATE,
  },
  [ROLES.USER]: {},
  [ROLES.CUSTODIAN]: custodian,
  [ROLES.CREATOR]: { ...custodian, investors: ['index', 'create'] },
  [ROLES.INVESTMENT_MANAGER]: {
    investment_opportunity_live: READ,
    investment_opportunity_existing: READ,
    investors: ['index', 'show', 'update', 'delete'],
    investor_category: ['update'],
    onboarding_documents: ['index'],
  },
  [ROLES.ADVISER]: {
    investors: ['index', 'show', 'create', 'update', 'delete'],
  },
  [ROLES.FUND_MANAGER]: {
    pipeline_deals: STANDARD,
    investment_opportunity_live: STANDARD,
    investment_opportunity_existing: STANDARD,
    investors: READ_CREATE_UPDATE,
    funds: ['index', 'show', 'update', 'delete'],
    funds_opportunity: READ_CREATE_UPDATE,
    kpi: ['index', 'create'],
    custom_kpis: ['index'],
    update_reports: READ,
    wip_report: READ,
  },
};

/**
 * The one permission check (spec §6): with no resource the check passes; an unknown role fails.
 */
export function can(
  roleId: number | null | undefined,
  resource: Resource | null | undefined,
  action: Action,
): boolean {
  if (!resource) return true;
  // Own properties only: a key inherited from Object.prototype (polluted or not) is never a grant.
  if (roleId == null || !Object.hasOwn(PERMISSION_TABLE, roleId)) return false;
  const role = PERMISSION_TABLE[roleId as RoleId];
  if (!Object.hasOwn(role, resource)) return false;
  const grants = role[resource];
  return Array.isArray(grants) && grants.includes(action);
}

/** Tabs on investment screens that the Investment Manager does not see (spec §6). */
export const INVESTMENT_TABS = [
  'performance',
  'key-information',
  'transactions',
  'notes-calls-tasks',
  'cap-table',
  'cap-table-performance',
] as const;
export type InvestmentTab = (typeof INVESTMENT_TABS)[number];
export type InvestmentArea = 'deals' | 'opportunities' | 'existing' | 'companies';

const HIDDEN_INVESTMENT_TABS: Partial<
  Record<RoleId, Partial<Record<InvestmentArea, readonly InvestmentTab[]>>>
> = {
  [ROLES.INVESTMENT_MANAGER]: {
    deals: ['performance', 'notes-calls-tasks'],
    opportunities: ['performance', 'notes-calls-tasks'],
    companies: ['performance', 'notes-calls-tasks'],
    existing: ['performance', 'notes-calls-tasks', 'transactions', 'cap-table', 'cap-table-performance'],
  },
};

export function canSeeInvestmentTab(
  roleId: number | null | undefined,
  area: InvestmentArea,
  tab: InvestmentTab,
) {
  if (roleId == null) return false;
  return !(HIDDEN_INVESTMENT_TABS[roleId as RoleId]?.[area]?.includes(tab) ?? false);
}

/** An opportunity's investment area by its stage: from stage 5 it is an existing investment (spec §2.1). */
export const opportunityArea = (stage: number): InvestmentArea =>
  opportunityPhase(stage) === 'existing' ? 'existing' : 'opportunities';
