import {
  can,
  canSeeInvestmentTab,
  ROLES,
  type Action,
  type InvestmentArea,
  type InvestmentTab,
  type Resource,
  type RoleId,
} from '@portico/contracts';
import type { Access } from '../platform/auth/access';

/**
 * Who spec §6 refuses on each route, written out for the permission walks: what a route declares, and
 * the rules some routes add to it. Independent of the routes' own code, so a walk can check them.
 */

/** What the kernel refuses from the declaration alone (a verified user of the role). */
export function declarationDenies(rule: Access, role: RoleId): boolean {
  switch (rule.kind) {
    case 'public':
    case 'authenticated':
      return false;
    case 'investor':
      return role !== ROLES.USER;
    case 'staff':
      return role === ROLES.USER;
    case 'permission':
      return role === ROLES.USER || !can(role, rule.resource, rule.action);
  }
}

/** Investment records' notes, calls and tasks follow the investment-tab rules too (spec §6). */
const INVESTMENT_AREAS: Record<string, InvestmentArea> = {
  'pipeline-deals': 'deals',
  opportunities: 'opportunities',
};
/** An existing investment's Performance, Transactions and Cap Table routes, by the tab they serve. */
const EXISTING_TABS: Record<string, InvestmentTab> = {
  performance: 'performance',
  'share-prices': 'performance',
  transactions: 'transactions',
  'cap-table': 'cap-table',
};

/** A tab of an investment screen the role does not see (the Investment Manager, spec §6). */
function hiddenInvestmentTab(url: string, role: RoleId): boolean {
  const existing = /^\/api\/existing-investments\/:id\/([a-z-]+)/.exec(url)?.[1];
  const existingTab = existing ? EXISTING_TABS[existing] : undefined;
  if (existingTab) return !canSeeInvestmentTab(role, 'existing', existingTab);
  if (/^\/api\/pipeline-deals\/:id\/performance\b/.test(url))
    return !canSeeInvestmentTab(role, 'deals', 'performance');
  const match = /^\/api\/([a-z-]+)\/:id\/(notes|calls|tasks)\b/.exec(url);
  const area = match?.[1] ? INVESTMENT_AREAS[match[1]] : undefined;
  return area !== undefined && !canSeeInvestmentTab(role, area, 'notes-calls-tasks');
}

/** Routes that name investors need the `investors` right besides their own (opportunity invitations). */
const needsInvestorsRight = (url: string, role: RoleId) =>
  /^\/api\/opportunities\/:id\/invitations\b/.test(url) && !can(role, 'investors', 'index');

const staffWithout = (role: RoleId, ...grants: Array<readonly [Resource, Action]>) =>
  role !== ROLES.USER && !grants.some(([resource, action]) => can(role, resource, action));

/** What a route refuses beyond its declaration: tabs, a second right, either of two resources. */
export function deniedBeyondDeclaration(method: string, url: string, role: RoleId): boolean {
  if (hiddenInvestmentTab(url, role) || needsInvestorsRight(url, role)) return true;
  const key = `${method} ${url}`;
  switch (key) {
    // Moving an opportunity needs update on its stage's resource: a role with neither never may.
    case 'POST /api/opportunities/:id/transition':
      return (
        role === ROLES.USER ||
        staffWithout(
          role,
          ['investment_opportunity_live', 'update'],
          ['investment_opportunity_existing', 'update'],
        )
      );
    // Converting a deal reads the deal: show on pipeline deals besides create on opportunities.
    case 'POST /api/pipeline-deals/:id/opportunity':
      return !can(role, 'pipeline_deals', 'show');
    // Investors, or staff with index on live or existing opportunities.
    case 'GET /api/opportunities':
    case 'GET /api/opportunities/:id':
      return staffWithout(
        role,
        ['investment_opportunity_live', 'index'],
        ['investment_opportunity_existing', 'index'],
      );
    // Investors, or staff with the compliance permission (the answer key).
    case 'GET /api/compliance-questions':
      return staffWithout(role, ['compliance', 'index']);
    // KPI reports: staff with the kpi action, or an Entrepreneur (their linked companies; decision 023).
    case 'GET /api/kpi-reports/schedule':
    case 'GET /api/kpi-reports':
      return role !== ROLES.ENTREPRENEUR && staffWithout(role, ['kpi', 'index']);
    case 'GET /api/kpi-reports/:id':
      return role !== ROLES.ENTREPRENEUR && staffWithout(role, ['kpi', 'show']);
    case 'GET /api/kpi-reports/form/:opportunityId':
    case 'POST /api/kpi-reports':
    case 'POST /api/kpi-reports/import/preview':
    case 'POST /api/kpi-reports/import/commit':
      return role !== ROLES.ENTREPRENEUR && staffWithout(role, ['kpi', 'create']);
    case 'POST /api/kpi-reports/:id/values':
      return role !== ROLES.ENTREPRENEUR && staffWithout(role, ['kpi', 'update']);
    default:
      return false;
  }
}
