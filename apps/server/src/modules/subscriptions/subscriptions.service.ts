import type { subscriptionInputSchema } from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { notFound } from '../../platform/http/errors';
import { changedFields } from '../../platform/records/changed-fields';
import { findInvestorRef } from '../users/users.repository';
import { toProfileSubscription, toSubscription } from './subscriptions.mapper';
import { findSubscription, upsertSubscription } from './subscriptions.repository';

type SubscriptionInput = z.output<typeof subscriptionInputSchema>;

export function createSubscriptionsService(ctx: AppContext) {
  const { db } = ctx;

  async function investorOr404(id: number) {
    const investor = await findInvestorRef(db, id);
    if (!investor) throw notFound('No investor with that id.');
    return investor;
  }

  return {
    /** Staff: the investor's membership, or null when they have none. */
    async get(investorId: number) {
      await investorOr404(investorId);
      const row = await findSubscription(db, investorId);
      return row ? toSubscription(row) : null;
    },

    /** Staff set (create or replace) the investor's membership; the change is audited. */
    async put(actor: Actor, investorId: number, input: SubscriptionInput) {
      await investorOr404(investorId);
      return db.transaction(async (tx) => {
        const before = await findSubscription(tx, investorId);
        const row = await upsertSubscription(tx, investorId, {
          plan_name: input.plan_name,
          status: input.status,
          started_at: input.started_at,
          renews_at: input.renews_at ?? null,
          amount: input.amount ?? null,
          currency: input.currency,
          notes: input.notes ?? null,
        });
        const after = toSubscription(row);
        const shown = (value: ReturnType<typeof toSubscription>) => ({
          ...value,
          id: undefined,
          user_id: undefined,
          created_at: undefined,
        });
        const diff = before
          ? changedFields(shown(toSubscription(before)), shown(after))
          : { before: null, after: shown(after) };
        if (diff)
          await recordAudit(tx, actor, {
            action: before ? 'investor.subscription_updated' : 'investor.subscription_created',
            subjectType: 'investor',
            subjectId: investorId,
            before: diff.before,
            after: diff.after,
          });
        return after;
      });
    },

    /** The signed-in investor's own membership (GET /api/profile/subscription). */
    async forInvestor(userId: number) {
      const row = await findSubscription(db, userId);
      return row ? toProfileSubscription(row) : null;
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
