import { STAFF_ROLE_IDS, type StaffRoleId } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, adminLandingPath, type AdminMenuItem } from './admin-menu';

/**
 * Issue 10: the investment screens. Each staff role lands on its first permitted screen (spec §2.3):
 * the Entrepreneur on the deals board, the Custodian on the opportunities, the Creator on investors.
 */
const DEALS = '/admin/investments/deals';
const OPPORTUNITIES = '/admin/investments/opportunities';

const LANDING: Record<StaffRoleId, string> = {
  1: '/admin',
  2: DEALS,
  3: '/admin',
  7: OPPORTUNITIES,
  8: '/admin',
  9: '/admin/investors',
  10: '/admin/investors',
  11: '/admin/investors',
  12: '/admin/investors',
};

/** The menu with an Investments group [Deals, Opportunities] after Investors, as issue 10 adds it. */
function withInvestments(menu: readonly AdminMenuItem[]): AdminMenuItem[] {
  const investments: AdminMenuItem = {
    id: 'investments-group',
    label: 'Investments',
    children: [
      { id: 'deals', label: 'Deals', path: DEALS, resource: 'pipeline_deals', action: 'index' },
      {
        id: 'opportunities',
        label: 'Opportunities',
        path: OPPORTUNITIES,
        resource: 'investment_opportunity_live',
        action: 'index',
      },
    ],
  };
  const at = menu.findIndex((item) => item.id === 'investors-group') + 1;
  return [...menu.slice(0, at), investments, ...menu.slice(at)];
}

describe('where each staff role lands with the investment screens (spec §2.3, §6)', () => {
  it.each(STAFF_ROLE_IDS.map((roleId) => [roleId, LANDING[roleId]] as const))(
    'role %i lands on %s',
    (roleId, landing) => {
      expect(adminLandingPath(roleId, withInvestments(ADMIN_MENU))).toBe(landing);
    },
  );

  it('no longer sends the Entrepreneur and the Custodian to the change-password page', () => {
    const menu = withInvestments(ADMIN_MENU);
    for (const roleId of [2, 7] as const)
      expect(adminLandingPath(roleId, menu)).not.toBe('/admin/settings/security');
  });
});

/**
 * The same against the app's own menu: it passes once the deals and opportunities slices add their
 * entries (Investments group after Investors) to ADMIN_MENU.
 */
describe('the app’s admin menu', () => {
  it.each(STAFF_ROLE_IDS.map((roleId) => [roleId, LANDING[roleId]] as const))(
    'lands role %i on %s',
    (roleId, landing) => {
      expect(adminLandingPath(roleId)).toBe(landing);
    },
  );
});
