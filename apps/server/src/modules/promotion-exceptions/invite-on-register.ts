import { OPPORTUNITY_STATUS } from '@portico/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { opportunities, type UserRow } from '../../db/schema';
import type { Actor } from '../../platform/audit/audit';
import type { OpportunityLifecycleService } from '../opportunity-lifecycle/opportunity-lifecycle.service';
import { featureOnIn } from './feature-in-transaction';

/**
 * Invite on register (issue 21, decision 032): while invite_on_register is on, an investor who registers is
 * invited to every Live - Internal opportunity, through the invitation path staff use (the invitation row, the
 * audit row, the in-app notice and its email), in the registration's transaction. Live - External ones are
 * offered to every investor already; an invitation would change nothing. The invitation is the system's
 * (no staff member invited them). The realtime broadcast of the notice is not sent: the investor has no
 * session yet, and the notice is in their list when they sign in.
 */
export function inviteOnRegister(lifecycle: OpportunityLifecycleService) {
  return async (tx: DbOrTx, user: UserRow) => {
    if (!(await featureOnIn(tx, 'inviteOnRegister'))) return;
    const open = await tx
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(eq(opportunities.status, OPPORTUNITY_STATUS.LIVE_INTERNAL))
      .orderBy(asc(opportunities.id));
    if (open.length === 0) return;
    const actor: Actor = { userId: null, requestId: `register:${user.id}`, ip: '' };
    await lifecycle.inviteInTransaction(
      tx,
      actor,
      user.id,
      open.map((row) => row.id),
    );
  };
}
