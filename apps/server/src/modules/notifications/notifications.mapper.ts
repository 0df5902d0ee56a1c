import type { Notification, NotificationIcon } from '@portico/contracts';
import type { NotificationRow } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';

export function toNotificationResource(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    notifiable_type: row.notifiable_type,
    notifiable_id: row.notifiable_id,
    data: { message: row.data.message, cta: row.data.cta, icon: row.data.icon as NotificationIcon },
    read_at: toApiTimestampOrNull(row.read_at),
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}
