import {
  can,
  isStaffRole,
  type Action,
  type FeatureKey,
  type FeatureSet,
  type Resource,
  type TermKey,
} from '@portico/contracts';

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
}

export type AdminMenuIcon = 'overview' | 'investors' | 'settings';

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
  leadStatuses: { label: 'Lead status', path: '/admin/settings/investor/lead-status', ...INVESTOR_TYPE },
  investorTerms: { label: 'Terms', path: '/admin/settings/investor/terms', ...BRANDING },
  riskWarning: { label: 'Risk warning', path: '/admin/settings/investor/risk-warning', ...BRANDING },
  marketSounding: {
    label: 'Market sounding',
    path: '/admin/settings/investor/market-sounding',
    ...BRANDING,
    feature: 'marketSounding',
  },
  security: { label: 'Security', path: '/admin/settings/security' },
  accountDetails: { label: 'Account details', path: '/admin/settings/security/details' },
} as const satisfies Record<string, AdminScreen>;

export type AdminScreenId = keyof typeof ADMIN_SCREENS;

/** The admin menu, defined once, in order: only screens that work today. */
export const ADMIN_MENU: readonly AdminMenuItem[] = [
  { id: 'overview', icon: 'overview', term: 'overview', ...ADMIN_SCREENS.overview },
  { id: 'investors', icon: 'investors', term: 'investors', section: true, ...ADMIN_SCREENS.investors },
  {
    id: 'settings',
    label: 'Settings',
    icon: 'settings',
    children: [
      {
        id: 'account',
        ...ADMIN_SCREENS.account,
        children: [{ id: 'features', ...ADMIN_SCREENS.features }],
      },
      { id: 'admin-accounts', ...ADMIN_SCREENS.adminAccounts },
      { id: 'terminology', ...ADMIN_SCREENS.terminology },
      {
        id: 'investor-settings',
        label: 'Investor',
        term: 'investor',
        children: [
          { id: 'lead-status', ...ADMIN_SCREENS.leadStatuses },
          { id: 'investor-terms', ...ADMIN_SCREENS.investorTerms },
          { id: 'risk-warning', ...ADMIN_SCREENS.riskWarning },
          { id: 'market-sounding', ...ADMIN_SCREENS.marketSounding },
        ],
      },
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
  return isStaffRole(roleId) && can(roleId, screen.resource, screen.action ?? 'index');
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
    if (!canOpenAdminScreen(roleId, item, features)) continue;
    const children = item.children ? visibleAdminMenu(roleId, item.children, features) : undefined;
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
export function adminLandingPath(roleId: number | null | undefined): string | undefined {
  return firstPath(visibleAdminMenu(roleId));
}
