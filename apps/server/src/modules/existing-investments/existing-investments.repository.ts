import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { latestPriceOn } from '../portfolio/portfolio.repository';

/** One holder's sums in one share class of an existing investment. */
export interface HolderSumsRow {
  user_id: string | number;
  name: string;
  share_class: string;
  invested: string;
  bought: string;
  sold: string;
  realised: string;
}

/**
 * The holders of an existing investment by share class (a transaction's class, else the opportunity's,
 * else "Ordinary"), summed in one statement; `userId` narrows it to one holder.
 */
export async function holderSums(db: DbOrTx, opportunityId: number, userId?: number) {
  const result = await db.execute(sql`
    select ht.user_id, u.name,
      coalesce(ht.share_class, o.share_class, 'Ordinary') as share_class,
      coalesce(sum(ht.amount) filter (where ht.kind in ('allotment', 'follow_on')), 0)::text as invested,
      coalesce(sum(ht.shares) filter (where ht.kind in ('allotment', 'follow_on')), 0)::text as bought,
      coalesce(sum(ht.shares) filter (where ht.kind = 'exit'), 0)::text as sold,
      coalesce(sum(ht.amount) filter (where ht.kind in ('exit', 'dividend')), 0)::text as realised
    from holding_transactions ht
    join opportunities o on o.id = ht.opportunity_id
    join users u on u.id = ht.user_id
    where ht.opportunity_id = ${opportunityId}
      ${userId === undefined ? sql`` : sql`and ht.user_id = ${userId}`}
    group by ht.user_id, u.name, coalesce(ht.share_class, o.share_class, 'Ordinary')
    order by 3, u.name, ht.user_id`);
  return rowsOf<HolderSumsRow>(result);
}

/**
 * The latest current (not replaced) share price of an existing investment on or before `today`, else its
 * round's price.
 */
export async function latestPrice(db: DbOrTx, opportunityId: number, today: string) {
  const result = await db.execute(sql`
    select coalesce(latest.price, o.share_price)::text as price,
      to_char(latest.effective_on, 'YYYY-MM-DD') as price_date
    from opportunities o
    left join lateral (${latestPriceOn(sql`o.id`, today)}) latest on true
    where o.id = ${opportunityId}`);
  const [row] = rowsOf<{ price: string | null; price_date: string | null }>(result);
  return row ?? { price: null, price_date: null };
}
