import { sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * The holding transactions the investor sees: not the allotments of private_manual investments, which
 * staff keep for the round's books only (decision 014, addendum). By default of the alias `ht`.
 */
export const shownToInvestor = (investmentId: SQLWrapper = sql`ht.investment_id`) =>
  sql`(${investmentId} is null or not exists (
    select 1 from investments pm where pm.id = ${investmentId} and pm.type = 'private_manual'))`;

/**
 * One holding as the portfolio query answers it: its figures (exact numeric arithmetic in PostgreSQL,
 * as decimal strings), the latest price, the dated flows for XIRR, and the totals over all holdings.
 */
export interface HoldingRow {
  opportunity_id: string | number;
  slug: string;
  name: string;
  company_name: string;
  status: number;
  currency: string;
  first_invested_on: string | null;
  invested: string;
  shares: string;
  price: string | null;
  price_date: string | null;
  value: string;
  realised: string;
  unrealised: string;
  moic: string | null;
  /** "2024-01-31 -2000.00,2024-06-30 40.00": date and signed amount (money in negative), oldest first */
  flows: string;
}

/**
 * Every holding of one investor in completed (5) and matured (6) opportunities, in one statement: the
 * transactions summed per opportunity, the latest share price (else the round's), the figures
 * (contracts portfolio-api.ts: value = shares × price, unrealised = value − the average cost of the
 * shares held, MOIC = (value + realised) ÷ invested, each rounded half up) and the flows as text for
 * XIRR. `opportunityId` narrows it to one holding. The totals are summed by the caller from the rows'
 * rounded figures (exactly what sums in SQL gave, and cheaper than window sums and JSON per holding:
 * docs/benchmarks.md, issue 11).
 */
export async function holdingsOf(db: DbOrTx, userId: number, opportunityId?: number) {
  const result = await db.execute(sql`
    with sums as (
      select ht.opportunity_id,
        min(ht.occurred_on) filter (where ht.kind in ('allotment', 'follow_on')) as first_invested_on,
        coalesce(sum(ht.amount) filter (where ht.kind in ('allotment', 'follow_on')), 0) as invested,
        coalesce(sum(ht.shares) filter (where ht.kind in ('allotment', 'follow_on')), 0) as bought,
        coalesce(sum(ht.shares) filter (where ht.kind = 'exit'), 0) as sold,
        coalesce(sum(ht.amount) filter (where ht.kind in ('exit', 'dividend')), 0) as realised,
        string_agg(to_char(ht.occurred_on, 'YYYY-MM-DD')
          || (case when ht.kind in ('allotment', 'follow_on') then ' -' else ' ' end) || ht.amount::text,
          ',' order by ht.occurred_on, ht.id) as flows
      from holding_transactions ht
      where ht.user_id = ${userId} and ${shownToInvestor()}
        ${opportunityId === undefined ? sql`` : sql`and ht.opportunity_id = ${opportunityId}`}
      group by ht.opportunity_id
    ),
    valued as (
      select o.id as opportunity_id, o.slug, o.name, o.company_name, o.status, o.currency,
        s.first_invested_on, s.invested, s.realised, s.flows, s.bought,
        greatest(s.bought - s.sold, 0) as shares,
        coalesce(latest.price, o.share_price) as price,
        latest.effective_on as price_date
      from sums s
      join opportunities o on o.id = s.opportunity_id and o.status in (5, 6)
      left join lateral (
        select sp.price, sp.effective_on from share_prices sp
        where sp.opportunity_id = o.id
        order by sp.effective_on desc limit 1
      ) latest on true
    ),
    figures as (
      select v.*,
        round(coalesce(v.shares * v.price, 0), 2) as value,
        case when v.bought = 0 or v.shares = 0 then 0
          when v.shares = v.bought then v.invested
          else round(v.invested * v.shares / v.bought, 2) end as held_cost
      from valued v
    )
    select f.opportunity_id, f.slug, f.name, f.company_name, f.status, f.currency,
      to_char(f.first_invested_on, 'YYYY-MM-DD') as first_invested_on,
      round(f.invested, 2)::text as invested,
      round(f.shares, 6)::text as shares,
      f.price::text as price,
      to_char(f.price_date, 'YYYY-MM-DD') as price_date,
      f.value::text as value,
      round(f.realised, 2)::text as realised,
      round(f.value - f.held_cost, 2)::text as unrealised,
      case when f.invested = 0 then null else round((f.value + f.realised) / f.invested, 2)::text end as moic,
      f.flows
    from figures f
    order by f.first_invested_on nulls last, f.name, f.opportunity_id`);
  return rowsOf<HoldingRow>(result);
}
