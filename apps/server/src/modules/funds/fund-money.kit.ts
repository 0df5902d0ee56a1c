import type { FeatureKey } from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { funds, type FundRow } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';
import type { Notice, NotificationsService } from '../notifications/notifications.service';

export const NO_FUND = 'No fund with that id.';

export interface FundMoneyDeps {
  notifications: NotificationsService;
  isEnabled: (feature: FeatureKey) => Promise<boolean>;
}

export interface Published {
  rows: Awaited<ReturnType<NotificationsService['record']>>;
  notice: Notice;
}

/** What every money operation of a fund shares: the fund under its row lock, the payment flags, telling. */
export function createFundMoneyKit(ctx: AppContext, deps: FundMoneyDeps) {
  return {
    db: ctx.db,
    clock: ctx.clock,
    config: ctx.config,
    mailer: ctx.mailer,
    notifications: deps.notifications,
    /** The fund, its row locked: a fund's calls, distributions and fees go one at a time. 404 when none. */
    async lockedFund(tx: DbOrTx, id: number): Promise<FundRow> {
      const [row] = await tx.select().from(funds).where(eq(funds.id, id)).for('update');
      if (!row) throw notFound(NO_FUND);
      return row;
    },
    async fund(id: number): Promise<FundRow> {
      const [row] = await ctx.db.select().from(funds).where(eq(funds.id, id));
      if (!row) throw notFound(NO_FUND);
      return row;
    },
    /** Read before a transaction: PGlite has one connection (decision 006). */
    async paymentFlags() {
      return {
        hideBank: await deps.isEnabled('hideBank'),
        hidePayee: await deps.isEnabled('hidePayee'),
        internationalBank: await deps.isEnabled('internationalBank'),
      };
    },
  };
}

export type FundMoneyKit = ReturnType<typeof createFundMoneyKit>;
