import type { ProfileSubscription, Subscription } from '@portico/contracts';
import type { InvestorSubscriptionRow } from '../../db/schema';
import { toApiTimestamp } from '../../platform/time';

export function toSubscription(row: InvestorSubscriptionRow): Subscription {
  return {
    id: row.id,
    user_id: row.user_id,
    plan_name: row.plan_name,
    status: row.status,
    started_at: row.started_at,
    renews_at: row.renews_at,
    amount: row.amount,
    currency: row.currency,
    notes: row.notes,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

/** The investor's view: staff notes stay with staff. */
export function toProfileSubscription(row: InvestorSubscriptionRow): ProfileSubscription {
  const { notes: _notes, user_id: _user, ...shown } = toSubscription(row);
  return shown;
}
