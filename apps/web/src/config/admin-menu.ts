import type { Action, FeatureKey, FeatureSet, Resource, TermKey } from '@portico/contracts';
import { can, isStaffRole } from '@portico/contracts/constants';

/**
 * An admin screen and what it needs: a permission (spec §6; no resource means every staff role) and,
 * for a gated screen, a feature flag (spec §2.1: with the flag off it is hidden and its route is 404).
 */
export interface AdminScreen {
  readonly label: string;
  readonly path: string;
  readonly resource?: Resource;
  readonly action?: Action;
  readonly feature?: FeatureKey;
  /** roles that may open it besides the permission table; the server scopes what they see (KPI reporting) */
  readonly roles?: readonly number[];
}

export type AdminMenuIcon = 'overview' | 'investors' | 'investments' | 'reports' | 'compliance' | 'settings';

/**
 * One entry of the admin menu. An entry with a path is a screen; an entry without one only groups its
 * children. Later issues add entries (Investors → Contacts/Organisations/…, Investments →
 * Deals/Opportunities/Existing/Companies, Funds, Reports, Insider register, more Settings pages) here, in
 * menu order.
 */
export interface AdminMenuItem extends Partial<AdminScreen> {
  readonly id: string;
  /** the default label; `term` names the terminology entry that renames it per deployment */
  readonly label: string;
  readonly term?: TermKey;
  readonly icon?: AdminMenuIcon;
  /** the entry stays highlighted on the pages below its path (a record's pages under its list) */
  readonly section?: boolean;
  readonly children?: readonly AdminMenuItem[];
}

/**
 * The admin screens that exist. Routes take their path and permission from here; a path with `:id` is a
 * record's page, never a menu entry.
 */
const BRANDING = { resource: 'branding', action: 'update' } as const;
const INVESTOR_TYPE = { resource: 'investor_type', action: 'index' } as const;
const ATTRIBUTES = { resource: 'attributes', action: 'index' } as const;
// Contacts, organisations, investment methods and nominees are guarded by the investors resource (spec §6).
const INVESTORS_INDEX = { resource: 'investors', action: 'index' } as const;
const INVESTORS_CREATE = { resource: 'investors', action: 'create' } as const;
const INVESTORS_SHOW = { resource: 'investors', action: 'show' } as const;
const INVESTORS_UPDATE = { resource: 'investors', action: 'update' } as const;
// Opportunities by stage (spec §6): live ones (stages 1 to 4) and existing investments (5 and 6).
const LIVE_SHOW = { resource: 'investment_opportunity_live', action: 'show' } as const;
const EXISTING_SHOW = { resource: 'investment_opportunity_existing', action: 'show' } as const;
const DEALS_INDEX = { resource: 'pipeline_deals', action: 'index' } as const;

export const ADMIN_SCREENS = {
  overview: { label: 'Overview', path: '/admin', resource: 'overview', action: 'index' },
  investors: { label: 'Investors', path: '/admin/investors', resource: 'investors', action: 'index' },
  newInvestor: {
    label: 'New investor',
    path: '/admin/investors/new-investor',
    resource: 'investors',
    action: 'create',
  },
  investorDetails: {
    label: 'Investor',
    path: '/admin/investors/:id/details',
    resource: 'investors',
    action: 'show',
  },
  investorEdit: {
    label: 'Edit investor',
    path: '/admin/investors/:id/edit',
    resource: 'investors',
    action: 'update',
  },
  investorSignPdf: {
    label: 'Document for signature',
    path: '/admin/investors/:id/sign-pdf/:requestId',
    resource: 'investors',
    action: 'show',
  },
  contacts: { label: 'Contacts', path: '/admin/investors/contacts', ...INVESTORS_INDEX },
  newContact: {
    label: 'New contact',
    path: '/admin/investors/contacts/new-contact',
    ...INVESTORS_CREATE,
  },
  contactDetails: { label: 'Contact', path: '/admin/investors/contacts/:id/details', ...INVESTORS_SHOW },
  contactEdit: { label: 'Edit contact', path: '/admin/investors/contacts/:id/edit', ...INVESTORS_UPDATE },
  organisations: { label: 'Organisations', path: '/admin/investors/organisations', ...INVESTORS_INDEX },
  newOrganisation: {
    label: 'New organisation',
    path: '/admin/investors/organisations/new-organisation',
    ...INVESTORS_CREATE,
  },
  organisationDetails: {
    label: 'Organisation',
    path: '/admin/investors/organisations/:id/details',
    ...INVESTORS_SHOW,
  },
  organisationEdit: {
    label: 'Edit organisation',
    path: '/admin/investors/organisations/:id/edit',
    ...INVESTORS_UPDATE,
  },
  organisationApplications: {
    label: 'Organisation applications',
    path: '/admin/investors/organisation-applications',
    ...INVESTORS_INDEX,
    feature: 'organisationLinks',
  },
  organisationApplicationDetails: {
    label: 'Organisation application',
    path: '/admin/investors/organisation-applications/:id/details',
    ...INVESTORS_SHOW,
    feature: 'organisationLinks',
  },
  investmentMethods: {
    label: 'Investment methods',
    path: '/admin/investors/investment-methods',
    ...INVESTORS_INDEX,
  },
  newInvestmentMethod: {
    label: 'New investment method',
    path: '/admin/investors/investment-methods/new-method',
    ...INVESTORS_CREATE,
  },
  investmentMethodDetails: {
    label: 'Investment method',
    path: '/admin/investors/investment-methods/:id/details',
    ...INVESTORS_SHOW,
  },
  investmentMethodEdit: {
    label: 'Edit investment method',
    path: '/admin/investors/investment-methods/:id/edit',
    ...INVESTORS_UPDATE,
  },
  nominees: { label: 'Nominees', path: '/admin/investors/nominees', ...INVESTORS_INDEX, feature: 'nominee' },
  newNominee: {
    label: 'New nominee',
    path: '/admin/investors/nominees/new-nominee',
    ...INVESTORS_CREATE,
    feature: 'nominee',
  },
  // No details page (spec §2.1): the record's tabs sit under its id.
  nomineeRecord: {
    label: 'Nominee',
    path: '/admin/investors/nominees/:id',
    ...INVESTORS_SHOW,
    feature: 'nominee',
  },
  nomineeEdit: {
    label: 'Edit nominee',
    path: '/admin/investors/nominees/:id/edit',
    ...INVESTORS_UPDATE,
    feature: 'nominee',
  },
  opportunities: {
    label: 'Opportunities',
    path: '/admin/investments/opportunities',
    resource: 'investment_opportunity_live',
    action: 'index',
  },
  newOpportunity: {
    label: 'New opportunity',
    path: '/admin/investments/opportunities/new-opportunity',
    resource: 'investment_opportunity_live',
    action: 'create',
  },
  // The bare address and every tab redirect by stage (opportunityAdminPath); the tabs sit under the id.
  opportunityRecord: {
    label: 'Opportunity',
    path: '/admin/investments/opportunities/:id',
    ...LIVE_SHOW,
  },
  opportunityPreview: {
    label: 'Opportunity preview',
    path: '/admin/investments/opportunities/:id/details/preview',
    ...LIVE_SHOW,
  },
  existingPreview: {
    label: 'Existing investment preview',
    path: '/admin/investments/existing/:id/details/preview',
    ...EXISTING_SHOW,
  },
  existingRecord: {
    label: 'Existing investment',
    path: '/admin/investments/existing/:id/details',
    ...EXISTING_SHOW,
  },
  // Funds (issue 20), with the funds feature: the list, a new fund, its record and its edit page.
  funds: { label: 'Funds', path: '/admin/funds', resource: 'funds', action: 'index', feature: 'funds' },
  newFund: {
    label: 'New fund',
    path: '/admin/funds/new-fund',
    resource: 'funds',
    action: 'create',
    feature: 'funds',
  },
  fundDetails: {
    label: 'Fund',
    path: '/admin/funds/:id/details',
    resource: 'funds',
    action: 'show',
    feature: 'funds',
  },
  fundEdit: {
    label: 'Edit fund',
    path: '/admin/funds/:id/edit',
    resource: 'funds',
    action: 'update',
    feature: 'funds',
  },
  // Fund-investment companies (issue 20): the funds' portfolio companies, with the funds feature.
  fundCompanies: {
    label: 'Fund investments',
    path: '/admin/investments/companies',
    resource: 'funds',
    action: 'index',
    feature: 'funds',
  },
  newFundCompany: {
    label: 'New company',
    path: '/admin/investments/companies/new-company',
    resource: 'funds',
    action: 'create',
    feature: 'funds',
  },
  fundCompanyRecord: {
    label: 'Fund investment',
    path: '/admin/investments/companies/:id',
    resource: 'funds',
    action: 'show',
    feature: 'funds',
  },
  fundCompanyEdit: {
    label: 'Edit company',
    path: '/admin/investments/companies/:id/edit',
    resource: 'funds',
    action: 'update',
    feature: 'funds',
  },
  // Update reports (issue 19): drafts at {id}/edit-update, live and withdrawn ones at {id}/details.
  updateReports: {
    label: 'Updates',
    path: '/admin/reports/updates',
    resource: 'update_reports',
    action: 'index',
  },
  newUpdateReport: {
    label: 'New update',
    path: '/admin/reports/new-update',
    resource: 'update_reports',
    action: 'create',
  },
  updateReportEdit: {
    label: 'Edit update',
    path: '/admin/reports/:id/edit-update',
    resource: 'update_reports',
    action: 'update',
  },
  updateReportDetails: {
    label: 'Update',
    path: '/admin/reports/:id/details',
    resource: 'update_reports',
    action: 'show',
  },
  clientGroups: { label: 'Client groups', path: '/admin/investors/client-groups', ...INVESTORS_INDEX },
  newClientGroup: {
    label: 'New client group',
    path: '/admin/investors/client-groups/new-client-group',
    ...INVESTORS_CREATE,
  },
  clientGroupDetails: {
    label: 'Client group',
    path: '/admin/investors/client-groups/:id/details',
    ...INVESTORS_SHOW,
  },
  clientGroupEdit: {
    label: 'Edit client group',
    path: '/admin/investors/client-groups/:id/edit',
    ...INVESTORS_UPDATE,
  },
  deals: { label: 'Deals', path: '/admin/investments/deals', ...DEALS_INDEX },
  newDeal: {
    label: 'New deal',
    path: '/admin/investments/deals/new-deal',
    resource: 'pipeline_deals',
    action: 'create',
  },
  // The record's tabs (key-information, performance, notes-calls-tasks) sit under its id.
  dealRecord: {
    label: 'Deal',
    path: '/admin/investments/deals/:id',
    resource: 'pipeline_deals',
    action: 'show',
  },
  dealEdit: {
    label: 'Edit deal',
    path: '/admin/investments/deals/:id/edit',
    resource: 'pipeline_deals',
    action: 'update',
  },
  pipelines: {
    label: 'Pipelines',
    path: '/admin/settings/account/pipelines',
    resource: 'pipelines',
    action: 'index',
  },
  pipelineStages: {
    label: 'Pipeline stages',
    path: '/admin/settings/account/pipelines/:id/stages',
    resource: 'pipelines',
    action: 'show',
  },
  account: { label: 'Account', path: '/admin/settings/account', ...BRANDING },
  features: {
    label: 'Features',
    path: '/admin/settings/account/features',
    resource: 'features',
    action: 'index',
  },
  adminAccounts: {
    label: 'Admin accounts',
    path: '/admin/settings/account/admin-accounts',
    resource: 'user',
    action: 'index',
  },
  terminology: { label: 'Terminology', path: '/admin/settings/terminology', ...BRANDING },
  terminologyOpportunities: {
    label: 'Opportunities',
    path: '/admin/settings/terminology/opportunities',
    ...BRANDING,
  },
  terminologyRoles: { label: 'Roles', path: '/admin/settings/terminology/roles', ...BRANDING },
  terminologyInvestor: { label: 'Investor', path: '/admin/settings/terminology/investor', ...BRANDING },
  terminologyPortfolioColumns: {
    label: 'Portfolio columns',
    path: '/admin/settings/terminology/portfolio-columns',
    ...BRANDING,
  },
  terminologyFunds: { label: 'Funds', path: '/admin/settings/terminology/funds', ...BRANDING },
  signUpDocuments: {
    label: 'Sign-up documents',
    path: '/admin/settings/investor/sign-up-documents',
    resource: 'onboarding_documents',
    action: 'index',
  },
  appropriatenessTest: {
    label: 'Appropriateness test',
    path: '/admin/settings/investor/appropriateness-test',
    resource: 'compliance',
    action: 'index',
    feature: 'complianceTest',
  },
  leadStatuses: { label: 'Lead status', path: '/admin/settings/investor/lead-status', ...INVESTOR_TYPE },
  investorTerms: { label: 'Terms', path: '/admin/settings/investor/terms', ...BRANDING },
  riskWarning: { label: 'Risk warning', path: '/admin/settings/investor/risk-warning', ...BRANDING },
  marketSounding: {
    label: 'Market sounding',
    path: '/admin/settings/investor/market-sounding',
    ...BRANDING,
    feature: 'marketSounding',
  },
  // Issue 21: settings → investor as a page of its own, and what the investor's portfolio shows.
  investorSettings: { label: 'Investor settings', path: '/admin/settings/investor', ...BRANDING },
  portfolioColumns: { label: 'Portfolio', path: '/admin/settings/investor/portfolio', ...BRANDING },
  portfolioColumn: { label: 'Portfolio column', path: '/admin/settings/investor/portfolio/:id', ...BRANDING },
  portfolioStats: { label: 'Portfolio stats', path: '/admin/settings/investor/portfolio-stats', ...BRANDING },
  attributes: { label: 'Attributes', path: '/admin/settings/attributes', ...ATTRIBUTES },
  industries: {
    label: 'Industries',
    path: '/admin/settings/attributes/industries',
    resource: 'industries',
    action: 'index',
  },
  investmentTypes: {
    label: 'Investment types',
    path: '/admin/settings/attributes/investment-types',
    resource: 'investment_opportunity_types',
    action: 'index',
  },
  investmentSubTypes: {
    label: 'Investment sub-types',
    path: '/admin/settings/attributes/investment-sub-types',
    resource: 'investment_opportunity_sub_types',
    action: 'index',
  },
  investmentCategories: {
    label: 'Investment categories',
    path: '/admin/settings/attributes/investment-categories',
    ...ATTRIBUTES,
    feature: 'investmentClassification',
  },
  investmentCharacters: {
    label: 'Investment characters',
    path: '/admin/settings/attributes/investment-characters',
    ...ATTRIBUTES,
    feature: 'investmentClassification',
  },
  kpiCategories: { label: 'KPI categories', path: '/admin/settings/attributes/kpi-category', ...ATTRIBUTES },
  kpis: { label: 'KPIs', path: '/admin/settings/attributes/kpis', ...ATTRIBUTES },
  attributeConfigure: {
    label: 'Custom attribute',
    path: '/admin/settings/attributes/configure/:id',
    ...ATTRIBUTES,
  },
  // KPI reporting (issue 19): an Entrepreneur (role 2) reaches the schedule and the KPI form for the
  // companies linked to them (the server scopes both; docs/decisions/023-kpi-reports.md).
  kpiSchedule: { label: 'Schedule', path: '/admin/reports', resource: 'kpi', action: 'index', roles: [2] },
  kpiEntry: { label: 'KPIs', path: '/admin/reports/kpis', resource: 'kpi', action: 'create', roles: [2] },
  // The WIP report (issue 19): deals, live raises and cash calls, by investment manager.
  wipReport: { label: 'WIP', path: '/admin/reports/wip', resource: 'wip_report', action: 'index' },
  kpiPortfolio: {
    label: 'KPI portfolio',
    path: '/admin/reports/kpi-portfolio',
    resource: 'kpiPortfolio',
    action: 'index',
  },
  // Issue 21: the firm's audit log (SYSC 9), for roles with the compliance permission.
  auditLog: {
    label: 'Audit log',
    path: '/admin/settings/audit-log',
    resource: 'compliance',
    action: 'index',
  },
  // Issue 21: the insider register's market-sounding acceptances, and the soundings (UK MAR Art. 11).
  insiderRegister: {
    label: 'Insider register',
    path: '/admin/insider-register',
    resource: 'compliance',
    action: 'index',
    feature: 'marketSounding',
  },
  marketSoundings: {
    label: 'Market soundings',
    path: '/admin/insider-register/market-soundings',
    resource: 'compliance',
    action: 'index',
    feature: 'marketSounding',
  },
  newMarketSounding: {
    label: 'New market sounding',
    path: '/admin/insider-register/market-soundings/create',
    resource: 'compliance',
    action: 'create',
    feature: 'marketSounding',
  },
  marketSoundingDetails: {
    label: 'Market sounding',
    path: '/admin/insider-register/market-soundings/:id',
    resource: 'compliance',
    action: 'show',
    feature: 'marketSounding',
  },
  // Issue 21: MAR Art. 18 insider lists per deal or opportunity, and the permanent insiders section.
  insiderLists: {
    label: 'Insider lists',
    path: '/admin/insider-register/insider-lists',
    resource: 'compliance',
    action: 'index',
    feature: 'marketSounding',
  },
  insiderList: {
    label: 'Insider list',
    path: '/admin/insider-register/insider-lists/:type/:id',
    resource: 'compliance',
    action: 'show',
    feature: 'marketSounding',
  },
  // Issue 21: personal-account dealing (COBS 11.7): every staff role declares and follows its own deals (the
  // server scopes the list); compliance (Super Admin, Support) sees everyone's and decides.
  paDeals: { label: 'PA deals', path: '/admin/insider-register/pa-deals', feature: 'marketSounding' },
  paDealCreate: {
    label: 'Declare a deal',
    path: '/admin/insider-register/pa-deals/create',
    feature: 'marketSounding',
  },
  paDeal: { label: 'PA deal', path: '/admin/insider-register/pa-deals/:id', feature: 'marketSounding' },
  security: { label: 'Security', path: '/admin/settings/security' },
  accountDetails: { label: 'Account details', path: '/admin/settings/security/details' },
} as const satisfies Record<string, AdminScreen>;

export type AdminScreenId = keyof typeof ADMIN_SCREENS;

/** The admin menu, defined once, in order: only screens that work today. */
export const ADMIN_MENU: readonly AdminMenuItem[] = [
  { id: 'overview', icon: 'overview', term: 'overview', ...ADMIN_SCREENS.overview },
  {
    // The group; its first entry is the investors list, so roles that start on investors land there.
    id: 'investors-group',
    label: 'Investors',
    term: 'investors',
    icon: 'investors',
    children: [
      { id: 'investors', term: 'investors', section: true, ...ADMIN_SCREENS.investors },
      { id: 'contacts', section: true, ...ADMIN_SCREENS.contacts },
      { id: 'organisations', section: true, ...ADMIN_SCREENS.organisations },
      { id: 'organisation-applications', section: true, ...ADMIN_SCREENS.organisationApplications },
      { id: 'investment-methods', section: true, ...ADMIN_SCREENS.investmentMethods },
      { id: 'nominees', section: true, ...ADMIN_SCREENS.nominees },
      { id: 'client-groups', section: true, ...ADMIN_SCREENS.clientGroups },
    ],
  },
  {
    // The investment side (issue 10): deals, then opportunities; the labels come from terminology.
    id: 'investments-group',
    label: 'Investments',
    term: 'investments',
    icon: 'investments',
    children: [
      { id: 'deals', term: 'deals', section: true, ...ADMIN_SCREENS.deals },
      { id: 'opportunities', term: 'opportunities', section: true, ...ADMIN_SCREENS.opportunities },
      { id: 'fund-companies', term: 'companies', section: true, ...ADMIN_SCREENS.fundCompanies },
    ],
  },
  // Funds (spec §2.1, issue 20): its own entry after the investments, with the funds feature.
  { id: 'funds', term: 'funds', icon: 'investments', section: true, ...ADMIN_SCREENS.funds },
  {
    // Reporting (issue 19): the schedule, KPIs, the KPI portfolio, update reports and the WIP report.
    id: 'reports-group',
    label: 'Reports',
    term: 'reports',
    icon: 'reports',
    children: [
      { id: 'kpi-schedule', ...ADMIN_SCREENS.kpiSchedule },
      { id: 'kpi-entry', ...ADMIN_SCREENS.kpiEntry },
      { id: 'kpi-portfolio', ...ADMIN_SCREENS.kpiPortfolio },
      { id: 'updates', section: true, ...ADMIN_SCREENS.updateReports },
      { id: 'wip-report', ...ADMIN_SCREENS.wipReport },
    ],
  },
  {
    // The insider register (spec §2.1, issue 21; needs market sounding): the acceptances, the soundings
    // and the insider lists for compliance; every staff member declares their own PA deals.
    id: 'insider-register-group',
    label: 'Insider register',
    term: 'insider_register',
    icon: 'compliance',
    children: [
      { id: 'insider-register', ...ADMIN_SCREENS.insiderRegister, label: 'Acceptances' },
      { id: 'market-soundings', section: true, ...ADMIN_SCREENS.marketSoundings },
      { id: 'insider-lists', section: true, ...ADMIN_SCREENS.insiderLists },
      { id: 'pa-deals', section: true, ...ADMIN_SCREENS.paDeals },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: 'settings',
    children: [
      {
        id: 'account',
        ...ADMIN_SCREENS.account,
        children: [
          { id: 'features', ...ADMIN_SCREENS.features },
          { id: 'pipelines', section: true, ...ADMIN_SCREENS.pipelines },
        ],
      },
      { id: 'admin-accounts', ...ADMIN_SCREENS.adminAccounts },
      { id: 'terminology', ...ADMIN_SCREENS.terminology },
      {
        id: 'investor-settings',
        ...ADMIN_SCREENS.investorSettings,
        label: 'Investor',
        term: 'investor',
        children: [
          { id: 'portfolio-columns', term: 'portfolio', section: true, ...ADMIN_SCREENS.portfolioColumns },
          { id: 'portfolio-stats', ...ADMIN_SCREENS.portfolioStats },
          { id: 'sign-up-documents', ...ADMIN_SCREENS.signUpDocuments },
          { id: 'appropriateness-test', ...ADMIN_SCREENS.appropriatenessTest },
          { id: 'lead-status', ...ADMIN_SCREENS.leadStatuses },
          { id: 'investor-terms', ...ADMIN_SCREENS.investorTerms },
          { id: 'risk-warning', ...ADMIN_SCREENS.riskWarning },
          { id: 'market-sounding', ...ADMIN_SCREENS.marketSounding },
        ],
      },
      {
        id: 'attributes',
        ...ADMIN_SCREENS.attributes,
        children: [
          { id: 'industries', ...ADMIN_SCREENS.industries },
          { id: 'investment-types', ...ADMIN_SCREENS.investmentTypes },
          { id: 'investment-sub-types', ...ADMIN_SCREENS.investmentSubTypes },
          { id: 'investment-categories', ...ADMIN_SCREENS.investmentCategories },
          { id: 'investment-characters', ...ADMIN_SCREENS.investmentCharacters },
          { id: 'kpi-category', ...ADMIN_SCREENS.kpiCategories },
          { id: 'kpis', ...ADMIN_SCREENS.kpis },
        ],
      },
      { id: 'audit-log', ...ADMIN_SCREENS.auditLog },
      {
        id: 'security',
        ...ADMIN_SCREENS.security,
        children: [{ id: 'account-details', ...ADMIN_SCREENS.accountDetails }],
      },
    ],
  },
];

/**
 * Whether a role may open an admin screen: staff only, its feature switched on, then the permission
 * table. Without the features known, a gated screen stays closed.
 */
export function canOpenAdminScreen(
  roleId: number | null | undefined,
  screen: Partial<AdminScreen>,
  features?: FeatureSet,
): boolean {
  if (screen.feature !== undefined && !(features?.[screen.feature] ?? false)) return false;
  if (!isStaffRole(roleId)) return false;
  return can(roleId, screen.resource, screen.action ?? 'index') || (screen.roles?.includes(roleId) ?? false);
}

/**
 * The menu as a role sees it: entries it may open (with their features on), and groups that keep at
 * least one child.
 */
export function visibleAdminMenu(
  roleId: number | null | undefined,
  menu: readonly AdminMenuItem[] = ADMIN_MENU,
  features?: FeatureSet,
): AdminMenuItem[] {
  const visible: AdminMenuItem[] = [];
  for (const item of menu) {
    const children = item.children ? visibleAdminMenu(roleId, item.children, features) : undefined;
    if (!canOpenAdminScreen(roleId, item, features)) {
      // a screen the role may not open still groups the entries below it that it may (settings → investor)
      if (item.path !== undefined && children && children.length > 0) {
        const { path: _path, resource: _resource, action: _action, ...group } = item;
        visible.push({ ...group, children });
      }
      continue;
    }
    if (item.path === undefined && (children?.length ?? 0) === 0) continue;
    visible.push(children ? { ...item, children } : item);
  }
  return visible;
}

function firstPath(items: readonly AdminMenuItem[]): string | undefined {
  for (const item of items) {
    if (item.path !== undefined) return item.path;
    const nested = item.children ? firstPath(item.children) : undefined;
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/** Spec §2.3: staff land on their first permitted admin screen (never on a gated one). */
export function adminLandingPath(
  roleId: number | null | undefined,
  menu: readonly AdminMenuItem[] = ADMIN_MENU,
): string | undefined {
  return firstPath(visibleAdminMenu(roleId, menu));
}
