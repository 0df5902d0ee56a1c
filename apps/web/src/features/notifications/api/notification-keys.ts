import type { NotificationAudience } from '@portico/contracts';
import { isInvestorRole } from '@portico/contracts/constants';

export const notificationKeys = {
  all: ['notifications'] as const,
  audience: (audience: NotificationAudience) => [...notificationKeys.all, audience] as const,
  list: (audience: NotificationAudience) => [...notificationKeys.audience(audience), 'list'] as const,
  unread: (audience: NotificationAudience) => [...notificationKeys.audience(audience), 'unread'] as const,
};

/** Investors read theirs under /api/notifications/user, staff under /api/notifications/admin (spec §7). */
export function audienceOf(roleId: number): NotificationAudience {
  return isInvestorRole(roleId) ? 'user' : 'admin';
}
