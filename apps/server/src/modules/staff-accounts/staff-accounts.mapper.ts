import type { RoleId, StaffAccount, StaffStatus, Terminology } from '@portico/contracts';
import type { UserRow } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';

export function staffStatus(row: UserRow): StaffStatus {
  if (row.deactivated_at) return 'deactivated';
  return row.password ? 'active' : 'invited';
}

/** role_name is the deployment's name for the role (terminology), when appended. */
export function toStaffAccount(
  row: UserRow,
  terms: Terminology,
  appends: readonly string[] = [],
): StaffAccount {
  const roleId = row.role_id as RoleId;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role_id: roleId,
    ...(appends.includes('role_name') ? { role_name: terms[`role_${roleId}`] } : {}),
    status: staffStatus(row),
    email_verified_at: toApiTimestampOrNull(row.email_verified_at),
    last_login_at: toApiTimestampOrNull(row.last_login_at),
    deactivated_at: toApiTimestampOrNull(row.deactivated_at),
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}
