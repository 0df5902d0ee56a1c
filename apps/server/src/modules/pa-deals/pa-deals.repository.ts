import { paDealsListQuery, type FilterValue, type PaDealStatus } from '@portico/contracts';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { opportunities, paDealEvents, paDeals, pipelineDeals, users, type PaDealRow } from '../../db/schema';
import { exact, planned, type FilterHandler } from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';

/**
 * The request's status from its events (decision 031): an execution wins, then the one outcome (withdrawn,
 * refused or approved), else pending. Correlated by hand: Drizzle leaves columns unqualified in a subquery.
 */
const eventOf = (kind: string) =>
  sql`exists (select 1 from ${paDealEvents} e where e.pa_deal_id = "pa_deals"."id" and e.kind = ${kind})`;
export const paDealStatusSql = sql<PaDealStatus>`(case
  when ${eventOf('executed')} then 'executed'
  when ${eventOf('withdrawn')} then 'withdrawn'
  when ${eventOf('refused')} then 'refused'
  when ${eventOf('approved')} then 'approved'
  else 'pending' end)`;

const statusFilter: FilterHandler = (value: FilterValue): SQL => {
  const wanted = (Array.isArray(value) ? value : [value]).map(String);
  if (wanted.length === 0) return sql`false`;
  return sql`${paDealStatusSql} in (${sql.join(
    wanted.map((item) => sql`${item}`),
    sql`, `,
  )})`;
};

export type PaDealListRow = PaDealRow & {
  user_name: string;
  opportunity_name: string | null;
  deal_name: string | null;
  status: PaDealStatus;
};

const owner = alias(users, 'pa_deal_owner');

/** Requests, newest first, each with its owner's and linked records' names and its status. */
export const paDealsRepository = createRecordRepository({
  table: paDeals,
  binding: {
    spec: paDealsListQuery,
    filters: { status: statusFilter, user_id: exact(paDeals.user_id, 'int') },
    sorts: { created_at: paDeals.created_at },
    tiebreaker: paDeals.id,
  },
  rows: async (db, plan): Promise<PaDealListRow[]> => {
    const select = db
      .select({
        row: paDeals,
        user_name: owner.name,
        opportunity_name: opportunities.name,
        deal_name: pipelineDeals.name,
        status: paDealStatusSql,
      })
      .from(paDeals)
      .innerJoin(owner, eq(owner.id, paDeals.user_id))
      .leftJoin(opportunities, eq(opportunities.id, paDeals.opportunity_id))
      .leftJoin(pipelineDeals, eq(pipelineDeals.id, paDeals.deal_id));
    const rows = await planned(select.$dynamic(), plan);
    return rows.map(({ row, ...rest }) => ({ ...row, ...rest }));
  },
});

export type PaDealEventListRow = typeof paDealEvents.$inferSelect & { actor_name: string };

/** The events of some requests, oldest first, with who acted. */
export async function eventsOf(db: DbOrTx, ids: number[]): Promise<PaDealEventListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ event: paDealEvents, actor_name: users.name })
    .from(paDealEvents)
    .innerJoin(users, eq(users.id, paDealEvents.actor_id))
    .where(inArray(paDealEvents.pa_deal_id, ids))
    .orderBy(asc(paDealEvents.created_at), asc(paDealEvents.id));
  return rows.map(({ event, actor_name }) => ({ ...event, actor_name }));
}

/** A request under its row lock, so two decisions or executions of it queue (decision 031). */
export async function lockPaDeal(tx: DbOrTx, id: number): Promise<PaDealRow | undefined> {
  const [row] = await tx.select().from(paDeals).where(eq(paDeals.id, id)).for('update');
  return row;
}

export interface InsiderMatchRow {
  pa_deal_id: number;
  permanent: boolean;
  deal_id: number | null;
  opportunity_id: number | null;
  name: string | null;
}

/**
 * The insider lists on which each request's owner is an insider now (the current version of their entry,
 * not ceased) whose subject is the request's issuer: the same deal or opportunity, or a subject whose company
 * name equals the request's ignoring case and surrounding spaces. The permanent list matches every request.
 */
export async function insiderMatches(db: DbOrTx, ids: number[]): Promise<InsiderMatchRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select p.id as pa_deal_id, e.permanent, e.deal_id, e.opportunity_id, coalesce(d.name, o.name) as name
    from pa_deals p
    join insider_list_entries e on e.user_id = p.user_id
    left join pipeline_deals d on d.id = e.deal_id
    left join opportunities o on o.id = e.opportunity_id
    where p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      and e.ceased_at is null
      and e.version = (select max(x.version) from insider_list_entries x where x.entry_id = e.entry_id)
      and (
        (e.permanent and e.deal_id is null and e.opportunity_id is null)
        or e.deal_id = p.deal_id
        or e.opportunity_id = p.opportunity_id
        or lower(btrim(coalesce(d.company_name, o.company_name))) = lower(btrim(p.company_name))
      )
    order by p.id, e.permanent desc, name, e.id`);
  return rowsOf<InsiderMatchRow>(result).map((row) => ({
    ...row,
    pa_deal_id: Number(row.pa_deal_id),
    deal_id: row.deal_id === null ? null : Number(row.deal_id),
    opportunity_id: row.opportunity_id === null ? null : Number(row.opportunity_id),
  }));
}
