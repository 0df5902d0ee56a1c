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
 * The money an allotment paid, by the day it was received: the net of what its investment's ledger
 * entries did to its paid amount (`paid_delta`: payments, refunds, applied money, reversals; decision
 * 019) per received_on (issue 18: flows are dated from the payments received, not from completion).
 * Whatever the entries do not account for is dated on the allotment's day. Rows of (transaction_id,
 * opportunity_id, day, amount) for the holding transactions in `mine`.
 */
const paidFlows = sql`
    select m.id as transaction_id, m.opportunity_id, ip.received_on as day, sum(ip.paid_delta) as amount
    from mine m join investment_payments ip on ip.investment_id = m.investment_id
    where m.kind = 'allotment'
    group by m.id, m.opportunity_id, ip.received_on
    having sum(ip.paid_delta) <> 0`;

/**
 * A `with` clause naming `mine` (the investor's holding transactions they see, optionally of one
 * opportunity) and `paid` (their allotments' money by the day it was received).
 */
export const mineAndPaid = (userId: number, opportunityId?: number) => sql`
    mine as (
      select ht.* from holding_transactions ht
      where ht.user_id = ${userId} and ${shownToInvestor()}
        ${opportunityId === undefined ? sql`` : sql`and ht.opportunity_id = ${opportunityId}`}
    ),
    paid as (${paidFlows})`;

/** The latest current (not replaced) share price on or before `today`: a lateral subquery's body. */
export const latestPriceOn = (opportunityId: SQLWrapper, today: string) => sql`
        select sp.price, sp.effective_on from share_prices sp
        where sp.opportunity_id = ${opportunityId} and sp.replaced_at is null and sp.effective_on <= ${today}
        order by sp.effective_on desc limit 1`;

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
  /** London day of the company's latest KPI value (issue 19) */
  last_reported_on: string | null;
  value: string;
  realised: string;
  unrealised: string;
  moic: string | null;
  /** "2024-01-31 -2000.00,2024-06-30 40.00": date and signed amount (money in negative), oldest first */
  flows: string | null;
}

/**
 * Every holding of one investor in completed (5) and matured (6) opportunities, in one statement: the
 * transactions summed per opportunity, the latest current share price on or before today (else the
 * round's), the figures (contracts portfolio-api.ts: value = shares × price, unrealised = value − the
 * average cost of the shares held, MOIC = (value + realised) ÷ invested, each rounded half up) and the
 * flows as text for XIRR: money in dated by the payments received (an allotment's investment's ledger
 * entries; what they do not account for on the allotment's day), money out on its day. `opportunityId`
 * narrows it to one holding. The totals are summed by the caller from the rows' rounded figures (exactly
 * what sums in SQL gave, and cheaper than window sums and JSON per holding: docs/benchmarks.md, issue 11).
 */
export async function holdingsOf(db: DbOrTx, userId: number, today: string, opportunityId?: number) {
  const result = await db.execute(sql`
    with ${mineAndPaid(userId, opportunityId)},
    sums as (
      select m.opportunity_id,
        min(m.occurred_on) filter (where m.kind in ('allotment', 'follow_on')) as first_invested_on,
        coalesce(sum(m.amount) filter (where m.kind in ('allotment', 'follow_on')), 0) as invested,
        coalesce(sum(m.shares) filter (where m.kind in ('allotment', 'follow_on')), 0) as bought,
        coalesce(sum(m.shares) filter (where m.kind = 'exit'), 0) as sold,
        coalesce(sum(m.amount) filter (where m.kind in ('exit', 'dividend')), 0) as realised
      from mine m
      group by m.opportunity_id
    ),
    flow_rows as (
      select m.opportunity_id, m.occurred_on as day, m.id as seq,
        case when m.kind in ('allotment', 'follow_on')
          then -(m.amount - coalesce((select sum(p.amount) from paid p where p.transaction_id = m.id), 0))
          else m.amount end as amount
      from mine m
      union all
      select p.opportunity_id, p.day, p.transaction_id, -p.amount from paid p
    ),
    flows as (
      select opportunity_id,
        string_agg(to_char(day, 'YYYY-MM-DD') || ' ' || amount::text, ',' order by day, seq) as flows
      from flow_rows where amount <> 0
      group by opportunity_id
    ),
    valued as (
      select o.id as opportunity_id, o.slug, o.name, o.company_name, o.status, o.currency,
        s.first_invested_on, s.invested, s.realised, f.flows, s.bought,
        greatest(s.bought - s.sold, 0) as shares,
        coalesce(latest.price, o.share_price) as price,
        latest.effective_on as price_date
      from sums s
      join opportunities o on o.id = s.opportunity_id and o.status in (5, 6)
      left join flows f on f.opportunity_id = s.opportunity_id
      left join lateral (${latestPriceOn(sql`o.id`, today)}) latest on true
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
      (select to_char(max(kv.entered_at) at time zone 'Europe/London', 'YYYY-MM-DD')
        from kpi_values kv join kpi_reports kr on kr.id = kv.kpi_report_id
        where kr.opportunity_id = f.opportunity_id) as last_reported_on,
      f.value::text as value,
      round(f.realised, 2)::text as realised,
      round(f.value - f.held_cost, 2)::text as unrealised,
      case when f.invested = 0 then null else round((f.value + f.realised) / f.invested, 2)::text end as moic,
      f.flows
    from figures f
    order by f.first_invested_on nulls last, f.name, f.opportunity_id`);
  return rowsOf<HoldingRow>(result);
}
