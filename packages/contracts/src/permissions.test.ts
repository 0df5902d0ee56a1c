import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  canSeeInvestmentTab,
  opportunityArea,
  RESOURCES,
  type Action,
  type Resource,
} from './permissions';
import { ROLE_IDS, type RoleId } from './roles';

/**
 * Spec §6, written out by hand row by row: for each role, the resource and the actions it has.
 * Letters: i index, s show, c create, u update, d delete, x delete_unsafe. Every cell not listed is denied.
 */
const LETTER: Record<string, Action> = {
  i: 'index',
  s: 'show',
  c: 'create',
  u: 'update',
  d: 'delete',
  x: 'delete_unsafe',
};
const ALL_BUT_LOCK = RESOURCES.filter((resource) => resource !== 'attributes_lock');

const EXPECTED: Record<RoleId, Partial<Record<Resource, string>>> = {
  // Super Admin: all standard permissions except delete_unsafe and attributes_lock.
  1: Object.fromEntries(ALL_BUT_LOCK.map((resource) => [resource, 'iscud'])),
  // Support: Super Admin plus attributes_lock index and delete_unsafe on live, existing, investors.
  8: {
    ...Object.fromEntries(ALL_BUT_LOCK.map((resource) => [resource, 'iscud'])),
    attributes_lock: 'i',
    investment_opportunity_live: 'iscudx',
    investment_opportunity_existing: 'iscudx',
    investors: 'iscudx',
  },
  3: {
    pipeline_deals: 'iscud',
    investment_opportunity_live: 'iscu',
    investment_opportunity_existing: 'iscu',
    funds: 'iscud',
    funds_opportunity: 'iscu',
    investors: 'iscu',
    investor_category: 'u',
    overview: 'is',
    kpi: 'is',
    custom_kpis: 'is',
    update_reports: 'is',
    wip_report: 'isc',
  },
  2: { pipeline_deals: 'isu', investment_opportunity_live: 'isu', investment_opportunity_existing: 'iscu' },
  5: {},
  7: { investment_opportunity_live: 'isu', investment_opportunity_existing: 'isu', funds_opportunity: 'isu' },
  // Creator: "same as Custodian", the later investors index/create entry overriding that key (decision 027).
  9: {
    investment_opportunity_live: 'isu',
    investment_opportunity_existing: 'isu',
    funds_opportunity: 'isu',
    investors: 'ic',
  },
  10: {
    investment_opportunity_live: 'is',
    investment_opportunity_existing: 'is',
    investors: 'isud',
    investor_category: 'u',
    onboarding_documents: 'i',
  },
  12: { investors: 'iscud' },
  11: {
    pipeline_deals: 'iscud',
    investment_opportunity_live: 'iscud',
    investment_opportunity_existing: 'iscud',
    investors: 'iscu',
    funds: 'isud',
    funds_opportunity: 'iscu',
    kpi: 'ic',
    custom_kpis: 'i',
    update_reports: 'is',
    wip_report: 'is',
  },
};

const cells = ROLE_IDS.flatMap((role) =>
  RESOURCES.flatMap((resource) =>
    ACTIONS.map((action) => {
      const letters = EXPECTED[role][resource] ?? '';
      const allowed = [...letters].some((letter) => LETTER[letter] === action);
      return { role, resource, action, allowed };
    }),
  ),
);

describe('the permission table (spec §6)', () => {
  it('covers every role, resource and action', () => {
    expect(cells).toHaveLength(10 * RESOURCES.length * ACTIONS.length);
  });

  it.each(cells)('role $role, $resource.$action → $allowed', ({ role, resource, action, allowed }) => {
    expect(can(role, resource, action)).toBe(allowed);
  });

  it('passes any role when no resource is given', () => {
    for (const role of ROLE_IDS) expect(can(role, null, 'index')).toBe(true);
    expect(can(5, undefined, 'delete')).toBe(true);
  });

  it('fails an unknown or missing role', () => {
    expect(can(4, 'investors', 'index')).toBe(false);
    expect(can(99, 'overview', 'show')).toBe(false);
    expect(can(null, 'overview', 'index')).toBe(false);
  });
});

describe('investment tabs hidden from the Investment Manager (spec §6)', () => {
  it('hides performance and notes on investments, transactions and cap table on existing', () => {
    expect(canSeeInvestmentTab(10, 'opportunities', 'performance')).toBe(false);
    expect(canSeeInvestmentTab(10, 'deals', 'notes-calls-tasks')).toBe(false);
    expect(canSeeInvestmentTab(10, 'existing', 'transactions')).toBe(false);
    expect(canSeeInvestmentTab(10, 'existing', 'cap-table')).toBe(false);
    expect(canSeeInvestmentTab(10, 'existing', 'key-information')).toBe(true);
    expect(canSeeInvestmentTab(10, 'opportunities', 'transactions')).toBe(true);
  });

  it('reads an opportunity from stage 5 as an existing investment', () => {
    expect([1, 2, 3, 4, 5, 6].map(opportunityArea)).toEqual([
      'opportunities',
      'opportunities',
      'opportunities',
      'opportunities',
      'existing',
      'existing',
    ]);
  });

  it('shows every tab to other roles', () => {
    expect(canSeeInvestmentTab(1, 'existing', 'cap-table')).toBe(true);
    expect(canSeeInvestmentTab(11, 'opportunities', 'performance')).toBe(true);
  });
});

describe('can() reads only the table’s own grants', () => {
  it('ignores a grant inherited from a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.user = 'index,show,create,update,delete';
    proto.branding = ['index', 'show', 'create', 'update', 'delete'];
    try {
      // Custodian (7) has neither resource in the table.
      expect(can(7, 'user', 'index')).toBe(false);
      expect(can(7, 'branding', 'update')).toBe(false);
      expect(can(1, 'user', 'index')).toBe(true);
    } finally {
      delete proto.user;
      delete proto.branding;
    }
  });
});
