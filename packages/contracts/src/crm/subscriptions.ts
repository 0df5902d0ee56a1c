import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { optionalText } from './subjects';
import { currencySchema } from '../currencies';

/** The investor's membership of the platform, as staff configured it (issue 9). */
export const SUBSCRIPTION_STATUSES = ['active', 'trial', 'lapsed', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trial: 'Trial',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
};

/** ISO 4217 codes offered by the form; the API accepts any three letters. */
export const SUBSCRIPTION_CURRENCIES = ['GBP', 'EUR', 'USD'] as const;

export const subscriptionSchema = z
  .object({
    id: idSchema,
    user_id: idSchema,
    plan_name: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** YYYY-MM-DD */
    started_at: z.string(),
    renews_at: z.string().nullable(),
    /** a decimal string, e.g. "120.00"; null for a free plan */
    amount: z.string().nullable(),
    currency: z.string(),
    /** staff only: never sent to the investor */
    notes: z.string().nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** What the investor sees: the staff notes are left out. */
export const profileSubscriptionSchema = subscriptionSchema
  .omit({ notes: true, user_id: true })
  .meta({ id: 'ProfileSubscription' });
export type ProfileSubscription = z.infer<typeof profileSubscriptionSchema>;

const isoDate = z.iso.date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' });

export const subscriptionInputSchema = z
  .strictObject({
    plan_name: z.string().trim().min(1).max(120),
    status: z.enum(SUBSCRIPTION_STATUSES),
    started_at: isoDate,
    renews_at: z
      .union([z.literal(''), isoDate])
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    amount: z
      .union([z.string(), z.number()])
      .transform((value) => String(value).trim())
      .pipe(
        z.string().regex(/^(\d{1,10}(\.\d{1,2})?)?$/, {
          error: 'The :attribute field must be an amount with at most two decimals, e.g. 120.00.',
        }),
      )
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    currency: currencySchema.default('GBP'),
    notes: optionalText(2000),
  })
  .check((context) => {
    const { started_at, renews_at } = context.value;
    if (renews_at && renews_at < started_at)
      context.issues.push({
        code: 'custom',
        input: renews_at,
        path: ['renews_at'],
        message: 'The renewal date must be on or after the start date.',
      });
  })
  .meta({ id: 'SubscriptionChanges' });
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;
