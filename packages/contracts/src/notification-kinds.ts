// Plain constants, no zod: the web app's first page imports these through '@portico/contracts/constants'.
/** spec §3: the icon names a notification may carry. */
export const NOTIFICATION_ICONS = [
  'update_reports',
  'investment_opportunity_invested',
  'investment_opportunity_transition_existing',
  'investment_opportunity_invited',
  'investment_opportunity_pre_emption',
  'default',
] as const;
export type NotificationIcon = (typeof NOTIFICATION_ICONS)[number];

/** Investors read theirs under /api/notifications/user, staff under /api/notifications/admin. */
export const NOTIFICATION_AUDIENCES = ['user', 'admin'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';
