import { ALL_FEATURES_OFF, ROLE_IDS, STAFF_ROLE_IDS, type FeatureSet, type RoleId } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, adminLandingPath, visibleAdminMenu, type AdminMenuItem } from './admin-menu';
import { canReturnTo, landingPath } from './landing';

function labels(items: readonly AdminMenuItem[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${'-'.repeat(depth)}${item.label}`,
    ...labels(item.children ?? [], depth + 1),
  ]);
}

/** The Investors group: the investors list first (where roles without the overview land), then the rest. */
const INVESTORS_LISTS = ['Investors', '-Investors', '-Contacts', '-Organisations', '-Investment methods'];
const INVESTORS = [...INVESTORS_LISTS, '-Client groups'];
/** The Investments group (issue 10): deals and opportunities for the roles that may list them. */
const INVESTMENTS = ['Investments', '-Deals', '-Opportunities'];
const OPPORTUNITIES_ONLY = ['Investments', '-Opportunities'];
/** The Reports group (issue 19): the schedule, KPIs, KPI portfolio, updates and WIP, by role (spec §6). */
const REPORTS = ['Reports', '-Schedule', '-KPIs', '-KPI portfolio', '-Updates', '-WIP'];
/** The Investment Committee reads reports, update reports and the WIP report. */
const REPORTS_READ = ['Reports', '-Schedule', '-Updates', '-WIP'];
/** The Fund Manager lists and creates KPI reports and reads updates and WIP. */
const REPORTS_FUND_MANAGER = ['Reports', '-Schedule', '-KPIs', '-Updates', '-WIP'];
/** The Entrepreneur submits its own companies' KPI reports (issue 19). */
const REPORTS_ENTREPRENEUR = ['Reports', '-Schedule', '-KPIs'];
const WITH_OVERVIEW_AND_ACCOUNTS = [
  'Overview',
  ...INVESTORS,
  ...INVESTMENTS,
  ...REPORTS,
  'Settings',
  '-Account',
  '--Features',
  '--Pipelines',
  '-Admin accounts',
  '-Terminology',
  '-Investor',
  '--Portfolio',
  '--Portfolio stats',
  '--Sign-up documents',
  '--Lead status',
  '--Terms',
  '--Risk warning',
  '-Attributes',
  '--Industries',
  '--Investment types',
  '--Investment sub-types',
  '--KPI categories',
  '--KPIs',
  '-Audit log',
  '-Security',
  '--Account details',
];
const WITH_OVERVIEW = [
  'Overview',
  ...INVESTORS,
  ...INVESTMENTS,
  ...REPORTS_READ,
  'Settings',
  '-Security',
  '--Account details',
];
const SECURITY_ONLY = ['Settings', '-Security', '--Account details'];
const WITH_INVESTORS = [...INVESTORS, ...SECURITY_ONLY];

/** Spec §2.3 and §6: what each role sees, and where it lands after login. */
const EXPECTED: Record<RoleId, { menu: string[]; landing: string }> = {
  1: { menu: WITH_OVERVIEW_AND_ACCOUNTS, landing: '/admin' },
  // The Entrepreneur lands on deals (issue 10).
  2: {
    menu: [...INVESTMENTS, ...REPORTS_ENTREPRENEUR, ...SECURITY_ONLY],
    landing: '/admin/investments/deals',
  },
  3: { menu: WITH_OVERVIEW, landing: '/admin' },
  5: { menu: [], landing: '/investor' },
  // The Custodian reads and updates opportunities, and lands on them.
  7: { menu: [...OPPORTUNITIES_ONLY, ...SECURITY_ONLY], landing: '/admin/investments/opportunities' },
  8: { menu: WITH_OVERVIEW_AND_ACCOUNTS, landing: '/admin' },
  // The Creator: the Custodian's opportunities, and investors index/create (decision 027).
  9: { menu: [...INVESTORS, ...OPPORTUNITIES_ONLY, ...SECURITY_ONLY], landing: '/admin/investors' },
  // The Investment Manager lists onboarding documents (spec §6): the sign-up documents, read-only.
  10: {
    menu: [
      ...INVESTORS,
      ...OPPORTUNITIES_ONLY,
      'Settings',
      '-Investor',
      '--Sign-up documents',
      '-Security',
      '--Account details',
    ],
    landing: '/admin/investors',
  },
  11: {
    menu: [...INVESTORS, ...INVESTMENTS, ...REPORTS_FUND_MANAGER, ...SECURITY_ONLY],
    landing: '/admin/investors',
  },
  12: { menu: WITH_INVESTORS, landing: '/admin/investors' },
};

describe('the admin menu, filtered by the permission table', () => {
  it.each(ROLE_IDS.map((roleId) => [roleId, EXPECTED[roleId]] as const))(
    'role %i sees its entries and lands on its first one',
    (roleId, expected) => {
      expect(labels(visibleAdminMenu(roleId))).toEqual(expected.menu);
      expect(landingPath(roleId)).toBe(expected.landing);
    },
  );

  it('shows nothing to an unknown role or nobody, and sends them to /login', () => {
    expect(visibleAdminMenu(4)).toEqual([]);
    expect(visibleAdminMenu(undefined)).toEqual([]);
    expect(adminLandingPath(4)).toBeUndefined();
    expect(landingPath(undefined)).toBe('/login');
  });

  it('lands every staff role on a screen of the admin area', () => {
    for (const roleId of STAFF_ROLE_IDS) expect(landingPath(roleId)).toMatch(/^\/admin/);
  });

  it('shows organisation applications and nominees only with their features on, in order', () => {
    const investorsGroup = (features?: Partial<FeatureSet>) =>
      labels(
        visibleAdminMenu(12, ADMIN_MENU, features && { ...ALL_FEATURES_OFF, ...features }).filter(
          (item) => item.id === 'investors-group',
        ),
      );
    expect(investorsGroup()).toEqual(INVESTORS);
    expect(investorsGroup({ organisationLinks: true, nominee: true })).toEqual([
      'Investors',
      '-Investors',
      '-Contacts',
      '-Organisations',
      '-Organisation applications',
      '-Investment methods',
      '-Nominees',
      '-Client groups',
    ]);
    expect(investorsGroup({ nominee: true })).toEqual([...INVESTORS_LISTS, '-Nominees', '-Client groups']);
  });

  it('shows the appropriateness test settings with the feature on, to roles with the compliance permission', () => {
    const investorSettings = (roleId: RoleId, complianceTest: boolean) =>
      labels(visibleAdminMenu(roleId, ADMIN_MENU, { ...ALL_FEATURES_OFF, complianceTest })).filter((label) =>
        label.startsWith('--'),
      );
    expect(investorSettings(1, true)).toContain('--Appropriateness test');
    expect(investorSettings(8, true)).toContain('--Appropriateness test');
    expect(investorSettings(1, false)).not.toContain('--Appropriateness test');
    // The Investment Manager sees the sign-up documents but has no compliance permission (spec §6).
    expect(investorSettings(10, true)).toEqual(['--Sign-up documents', '--Account details']);
  });

  it('opens settings → investor as a page for branding staff, and keeps it a plain group for the others', () => {
    const investorGroup = (roleId: RoleId) =>
      visibleAdminMenu(roleId, ADMIN_MENU, ALL_FEATURES_OFF)
        .flatMap((item) => item.children ?? [])
        .find((item) => item.id === 'investor-settings');
    expect(investorGroup(1)?.path).toBe('/admin/settings/investor');
    // the Investment Manager may not open the overview (branding) but keeps the sign-up documents under it
    expect(investorGroup(10)?.path).toBeUndefined();
    expect(investorGroup(10)?.children?.map((item) => item.id)).toEqual(['sign-up-documents']);
  });

  it('shows Funds after the investments only with the funds feature on, to roles with the funds permission', () => {
    const funds = { ...ALL_FEATURES_OFF, funds: true };
    const topLevel = (roleId: RoleId, features?: FeatureSet) =>
      visibleAdminMenu(roleId, ADMIN_MENU, features).map((item) => item.label);
    // Spec §6: the Investment Committee (3) and the Fund Manager (11) besides the full-access roles.
    for (const roleId of [1, 3, 8, 11] as const) {
      const entries = topLevel(roleId, funds);
      expect(entries.indexOf('Funds')).toBe(entries.indexOf('Investments') + 1);
      expect(topLevel(roleId)).not.toContain('Funds');
    }
    for (const roleId of [2, 7, 9, 10, 12] as const) expect(topLevel(roleId, funds)).not.toContain('Funds');
    expect(labels(visibleAdminMenu(11, ADMIN_MENU, funds))).toEqual([
      ...INVESTORS,
      ...INVESTMENTS,
      // the funds' portfolio companies, under the investments with the funds feature
      '-Fund investments',
      'Funds',
      ...REPORTS_FUND_MANAGER,
      ...SECURITY_ONLY,
    ]);
  });

  it('drops a group whose children are all hidden, and keeps appended entries in order', () => {
    const menu: AdminMenuItem[] = [
      ...ADMIN_MENU,
      {
        id: 'reports',
        label: 'Reports',
        children: [
          { id: 'kpis', label: 'KPIs', path: '/admin/reports/kpis', resource: 'kpi', action: 'index' },
        ],
      },
    ];
    expect(labels(visibleAdminMenu(12, menu))).toEqual(WITH_INVESTORS);
    expect(labels(visibleAdminMenu(11, menu))).toEqual([...EXPECTED[11].menu, 'Reports', '-KPIs']);
  });
});

describe('returning to a remembered page after login', () => {
  it('honours a page in the user own area that the role may open', () => {
    expect(canReturnTo(1, '/admin/settings/account/admin-accounts?page=2')).toBe(true);
    expect(canReturnTo(12, '/admin/investors/7/edit')).toBe(true);
    expect(canReturnTo(12, '/admin/investors/7/details/documents')).toBe(true);
    expect(canReturnTo(5, '/investor/profile/view')).toBe(true);
    expect(canReturnTo(12, '/admin/settings/security/details')).toBe(true);
  });

  it('refuses another area, or a screen the role may not open', () => {
    expect(canReturnTo(12, '/admin')).toBe(false);
    expect(canReturnTo(12, '/admin/settings/account/admin-accounts')).toBe(false);
    // Creator may list and add investors, not open one.
    expect(canReturnTo(9, '/admin/investors/7/details')).toBe(false);
    expect(canReturnTo(9, '/admin/investors/new-investor')).toBe(true);
    expect(canReturnTo(5, '/admin/settings/security')).toBe(false);
    expect(canReturnTo(1, '/investor')).toBe(false);
    expect(canReturnTo(1, '/administrator')).toBe(false);
  });
});
