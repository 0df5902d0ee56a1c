/** Roles by role_id (spec §6). Role 5 is the investor; every other role is staff. */
export const ROLES = {
  SUPER_ADMIN: 1,
  ENTREPRENEUR: 2,
  INVESTMENT_COMMITTEE: 3,
  USER: 5,
  CUSTODIAN: 7,
  SUPPORT: 8,
  CREATOR: 9,
  INVESTMENT_MANAGER: 10,
  FUND_MANAGER: 11,
  ADVISER: 12,
} as const;

export const ROLE_IDS = [1, 2, 3, 5, 7, 8, 9, 10, 11, 12] as const;
export type RoleId = (typeof ROLE_IDS)[number];

export const STAFF_ROLE_IDS = [1, 2, 3, 7, 8, 9, 10, 11, 12] as const;
export type StaffRoleId = (typeof STAFF_ROLE_IDS)[number];

/** Default role names; terminology may rename them per deployment. */
export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Super Admin',
  2: 'Entrepreneur',
  3: 'Investment Committee',
  5: 'User',
  7: 'Custodian',
  8: 'Support',
  9: 'Creator',
  10: 'Investment Manager',
  11: 'Fund Manager',
  12: 'Adviser',
};

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);
}

export function isStaffRole(roleId: unknown): roleId is StaffRoleId {
  return isRoleId(roleId) && roleId !== ROLES.USER;
}

export function isInvestorRole(roleId: unknown): roleId is typeof ROLES.USER {
  return roleId === ROLES.USER;
}
