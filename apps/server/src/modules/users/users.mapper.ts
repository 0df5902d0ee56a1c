import { DEFAULT_AVATAR, type RoleId, type User } from '@portico/contracts';
import type { UserRow } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';

export function toUserResource(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified_at: toApiTimestampOrNull(row.email_verified_at),
    avatar: row.avatar ?? DEFAULT_AVATAR,
    role_id: row.role_id as RoleId,
    accepted_terms_version: row.accepted_terms_version,
    compliance_passed: row.compliance_passed,
    compliance_tries: row.compliance_tries,
    compliance_questions: row.compliance_questions ?? null,
    last_login_at: toApiTimestampOrNull(row.last_login_at),
    notification_emails: row.notification_emails,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}
