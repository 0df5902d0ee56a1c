import { z } from 'zod';
import { NOTIFICATION_ICONS } from '../notification-kinds';
import { timestampSchema } from './common';

export const notificationDataSchema = z.object({
  /** may hold **bold** markup */
  message: z.string(),
  /** the route to open */
  cta: z.string(),
  icon: z.enum(NOTIFICATION_ICONS),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: z.string(),
    notifiable_type: z.string(),
    notifiable_id: z.number().int(),
    data: notificationDataSchema,
    read_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A same-site path: exactly one leading `/`, then no `/` or `\` right after it (browsers read `//x`
 * and `/\x` as another host), no backslash, whitespace or control character anywhere (URL parsers
 * drop tabs and newlines, so `/\t/x` would become `//x`). No scheme can follow a leading `/`.
 */
const CONTROL_CHARACTER = /[\p{Cc}]/u;
export const isSameSitePath = (text: string) =>
  /^\/(?![/\\])[^\s\\]*$/.test(text) && !CONTROL_CHARACTER.test(text);

/** Where a cta may point: a path inside the app, never another site or a script. */
export const ctaSchema = z.string().trim().max(500).refine(isSameSitePath, {
  error: 'The :attribute field must be a path inside the app, starting with /.',
});

/** Staff send a message to investors (all, or chosen ones). */
export const sendNotificationInputSchema = z
  .object({
    recipients: z.enum(['all_investors', 'users']),
    user_ids: z.array(z.number().int().positive()).max(10_000).optional(),
    message: z.string().trim().min(1).max(500),
    cta: ctaSchema.optional(),
  })
  .refine((value) => value.recipients !== 'users' || (value.user_ids?.length ?? 0) > 0, {
    error: 'Choose at least one recipient.',
    path: ['user_ids'],
  })
  .meta({ id: 'NotificationMessage' });
export type SendNotificationInput = z.input<typeof sendNotificationInputSchema>;
