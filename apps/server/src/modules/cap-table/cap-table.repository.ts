import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { capTableClasses, capTableHolders } from '../../db/schema';
import { shownToInvestor } from '../portfolio/portfolio.repository';
import { fromUnits, units } from './cap-table.math';

/*
 * Reading an existing investment's whole cap table (decision 020): its recorded classes, its holders off
 * the platform, and the platform's holdings from allotments (holding_transactions: shares held = allotted
 * + bought − sold, per class). A platform holding's class is the transaction's, else the opportunity's,
 * else "Ordinary", matched to a recorded class by name (case-insensitive); a class the platform holds but
 * staff have not recorded is ordinary shares carrying pre-emption.
 */

/** The class name a holding transaction counts in (SQL, over `ht` joined to its opportunity `o`). */
const HOLDING_CLASS = sql`coalesce(ht.share_class, o.share_class, 'Ordinary')`;

export const classesOf = (db: DbOrTx, opportunityId: number) =>
  db
    .select()
    .from(capTableClasses)
    .where(eq(capTableClasses.opportunity_id, opportunityId))
    .orderBy(asc(capTableClasses.id));

export const offPlatformHoldersOf = (db: DbOrTx, opportunityId: number) =>
  db
    .select()
    .from(capTableHolders)
    .where(eq(capTableHolders.opportunity_id, opportunityId))
    .orderBy(asc(capTableHolders.id));

/** One platform investor's sums in one class. */
export interface PlatformHoldingRow {
  user_id: number;
  name: string;
  share_class: string;
  invested: string;
  bought: string;
  sold: string;
  realised: string;
}

/** Every platform investor's sums per class (the class named as the transactions name it). */
export async function platformHoldingsOf(db: DbOrTx, opportunityId: number): Promise<PlatformHoldingRow[]> {
  const result = await db.execute(sql`
    select ht.user_id, u.name, ${HOLDING_CLASS} as share_class,
      coalesce(sum(ht.amount) filter (where ht.kind in ('allotment', 'follow_on')), 0)::text as invested,
      coalesce(sum(ht.shares) filter (where ht.kind in ('allotment', 'follow_on')), 0)::text as bought,
      coalesce(sum(ht.shares) filter (where ht.kind = 'exit'), 0)::text as sold,
      coalesce(sum(ht.amount) filter (where ht.kind in ('exit', 'dividend')), 0)::text as realised
    from holding_transactions ht
    join opportunities o on o.id = ht.opportunity_id
    join users u on u.id = ht.user_id
    where ht.opportunity_id = ${opportunityId}
    group by ht.user_id, u.name, ${HOLDING_CLASS}
    order by u.name, ht.user_id`);
  return rowsOf<PlatformHoldingRow & { user_id: string | number }>(result).map((row) => ({
    ...row,
    user_id: Number(row.user_id),
  }));
}

/**
 * The shares that carry statutory pre-emption (decision 020): per platform holder, their shares now in
 * the classes that carry the right (`shown_shares`: only what the investor may see, not a private_manual
 * allotment), and the whole of those classes' issued shares, platform and off-platform: the denominator
 * of every entitlement.
 */
export async function preEmptiveSharesOf(db: DbOrTx, existingId: number) {
  const net = (only: ReturnType<typeof sql>) =>
    sql`greatest(coalesce(sum(ht.shares) filter (where ht.kind in ('allotment', 'follow_on') and ${only}), 0) - coalesce(sum(ht.shares) filter (where ht.kind = 'exit' and ${only}), 0), 0)`;
  const platform = await db.execute(sql`
    select ht.user_id,
      ${net(sql`true`)}::numeric(20, 6)::text as shares,
      ${net(shownToInvestor(sql`ht.investment_id`))}::numeric(20, 6)::text as shown_shares
    from holding_transactions ht
    join opportunities o on o.id = ht.opportunity_id
    left join cap_table_classes c on c.opportunity_id = ht.opportunity_id and lower(c.name) = lower(${HOLDING_CLASS})
    where ht.opportunity_id = ${existingId} and coalesce(c.kind = 'shares' and c.pre_emptive, true)
    group by ht.user_id, ${HOLDING_CLASS}
  `);
  // one row per holder and class: add a holder's classes together
  const holders = new Map<number, { user_id: number; shares: bigint; shown_shares: bigint }>();
  for (const row of rowsOf<{ user_id: string | number; shares: string; shown_shares: string }>(platform)) {
    const userId = Number(row.user_id);
    const entry = holders.get(userId) ?? { user_id: userId, shares: 0n, shown_shares: 0n };
    entry.shares += units(row.shares);
    entry.shown_shares += units(row.shown_shares);
    holders.set(userId, entry);
  }
  const offPlatform = await db.execute(sql`
    select h.id, h.name, h.kind, c.name as share_class, h.shares::text as shares
    from cap_table_holders h join cap_table_classes c on c.id = h.class_id
    where h.opportunity_id = ${existingId} and c.kind = 'shares' and c.pre_emptive
    order by h.name, h.id`);
  return {
    platform: [...holders.values()]
      .sort((a, b) => a.user_id - b.user_id)
      .map((entry) => ({
        user_id: entry.user_id,
        shares: fromUnits(entry.shares),
        shown_shares: fromUnits(entry.shown_shares),
      })),
    offPlatform: rowsOf<{
      id: string | number;
      name: string;
      kind: string;
      share_class: string;
      shares: string;
    }>(offPlatform).map((row) => ({ ...row, id: Number(row.id) })),
  };
}

/** The share prices in force (not replaced), on or before `today`, oldest first. */
export async function pricesOf(db: DbOrTx, opportunityId: number, today: string) {
  const result = await db.execute(sql`
    select to_char(sp.effective_on, 'YYYY-MM-DD') as effective_on, sp.price::text as price, sp.kind
    from share_prices sp
    where sp.opportunity_id = ${opportunityId} and sp.replaced_at is null and sp.effective_on <= ${today}
    order by sp.effective_on, sp.id`);
  return rowsOf<{ effective_on: string; price: string; kind: 'round' | 'valuation' | 'exit' }>(result);
}
