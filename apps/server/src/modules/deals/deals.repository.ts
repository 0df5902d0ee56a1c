import { pipelineDealsListQuery } from '@portico/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  dealPerformance,
  industries,
  investmentTypes,
  pipelineDeals,
  pipelines,
  pipelineStages,
  users,
} from '../../db/schema';
import { exact, partial, planned } from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';

const owner = alias(users, 'owner');

export type DealRecord = typeof pipelineDeals.$inferSelect;
export interface DealJoinedRow {
  deal: DealRecord;
  pipeline: { id: number; name: string };
  stage: { id: number; name: string };
  industry: { id: number; name: string } | null;
  investment_type: { id: number; name: string } | null;
  owner: { id: number; name: string } | null;
  opportunity_id: string | number | null;
}

// Correlated by hand: Drizzle leaves a column unqualified inside a subquery of a select.
const opportunityOf = sql<
  string | number | null
>`(select o.id from opportunities o where o.pipeline_deal_id = ${sql.identifier('pipeline_deals')}.${sql.identifier('id')})`;

function joined(db: DbOrTx) {
  return db
    .select({
      deal: pipelineDeals,
      pipeline: { id: pipelines.id, name: pipelines.name },
      stage: { id: pipelineStages.id, name: pipelineStages.name },
      industry: { id: industries.id, name: industries.name },
      investment_type: { id: investmentTypes.id, name: investmentTypes.name },
      owner: { id: owner.id, name: owner.name },
      opportunity_id: opportunityOf,
    })
    .from(pipelineDeals)
    .innerJoin(pipelines, eq(pipelines.id, pipelineDeals.pipeline_id))
    .innerJoin(pipelineStages, eq(pipelineStages.id, pipelineDeals.stage_id))
    .leftJoin(industries, eq(industries.id, pipelineDeals.industry_id))
    .leftJoin(investmentTypes, eq(investmentTypes.id, pipelineDeals.investment_type_id))
    .leftJoin(owner, eq(owner.id, pipelineDeals.owner_id));
}

export const dealsRepository = createRecordRepository({
  table: pipelineDeals,
  binding: {
    spec: pipelineDealsListQuery,
    filters: {
      search: partial(pipelineDeals.name, pipelineDeals.company_name),
      pipeline_id: exact(pipelineDeals.pipeline_id, 'int'),
      stage_id: exact(pipelineDeals.stage_id, 'int'),
      industry_id: exact(pipelineDeals.industry_id, 'int'),
      owner_id: exact(pipelineDeals.owner_id, 'int'),
    },
    sorts: {
      name: pipelineDeals.name,
      company_name: pipelineDeals.company_name,
      amount_sought: pipelineDeals.amount_sought,
      // the board's order: its stages left to right, then each column top to bottom
      stage: pipelineStages.position,
      position: pipelineDeals.position,
      created_at: pipelineDeals.created_at,
      updated_at: pipelineDeals.updated_at,
    },
    tiebreaker: pipelineDeals.id,
  },
  rows: (db, plan): Promise<DealJoinedRow[]> => planned(joined(db).$dynamic(), plan),
});

/** A deal's row, locked for the rest of the transaction (parallel moves of one deal queue here). */
export async function lockDeal(db: DbOrTx, id: number) {
  const [row] = await db.select().from(pipelineDeals).where(eq(pipelineDeals.id, id)).for('update');
  return row;
}

/** The ids of a stage's column in board order, leaving one deal out. */
export async function columnIds(db: DbOrTx, stageId: number, except?: number) {
  const rows = await db
    .select({ id: pipelineDeals.id })
    .from(pipelineDeals)
    .where(and(eq(pipelineDeals.stage_id, stageId), except ? ne(pipelineDeals.id, except) : undefined))
    .orderBy(asc(pipelineDeals.position), asc(pipelineDeals.id));
  return rows.map((row) => row.id);
}

export async function findStageOf(db: DbOrTx, stageId: number) {
  const [row] = await db
    .select({
      id: pipelineStages.id,
      name: pipelineStages.name,
      pipeline_id: pipelineStages.pipeline_id,
      position: pipelineStages.position,
    })
    .from(pipelineStages)
    .where(eq(pipelineStages.id, stageId));
  return row;
}

/** The first stage of a pipeline (where a new deal starts unless told otherwise). */
export async function firstStageOf(db: DbOrTx, pipelineId: number) {
  const [row] = await db
    .select({ id: pipelineStages.id, name: pipelineStages.name })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipeline_id, pipelineId))
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.id))
    .limit(1);
  return row;
}

export async function findNamed(
  db: DbOrTx,
  table: typeof industries | typeof investmentTypes | typeof pipelines,
  id: number,
) {
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
  return row;
}

export const performanceOf = (dealId: number) => eq(dealPerformance.pipeline_deal_id, dealId);
