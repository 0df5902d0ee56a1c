import { pipelinesListQuery } from '@portico/contracts';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pipelineDeals, pipelines, pipelineStages } from '../../db/schema';
import { partial, planned } from '../../platform/list-query/drizzle';
import { childCount, createRecordRepository } from '../../platform/records/record-repository';

export type PipelineRecord = typeof pipelines.$inferSelect;
export type PipelineWithCounts = PipelineRecord & { stages_count: number; deals_count: number };
export type StageRecord = typeof pipelineStages.$inferSelect;
export type StageWithCount = StageRecord & { deals_count: number };

const stagesCount = childCount(pipelineStages, pipelineStages.pipeline_id, pipelines);
const dealsCount = childCount(pipelineDeals, pipelineDeals.pipeline_id, pipelines);

export const pipelinesRepository = createRecordRepository({
  table: pipelines,
  binding: {
    spec: pipelinesListQuery,
    filters: { search: partial(pipelines.name) },
    sorts: { position: pipelines.position, name: pipelines.name, created_at: pipelines.created_at },
    tiebreaker: pipelines.id,
  },
  rows: async (db, plan): Promise<PipelineWithCounts[]> => {
    const select = db
      .select({ pipeline: pipelines, stages_count: stagesCount, deals_count: dealsCount })
      .from(pipelines);
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({
      ...row.pipeline,
      stages_count: Number(row.stages_count),
      deals_count: Number(row.deals_count),
    }));
  },
});

const stageDeals = childCount(pipelineDeals, pipelineDeals.stage_id, pipelineStages);

/** Stages, in board order, each with the number of deals in it. */
export async function stagesWhere(db: DbOrTx, where: SQL | undefined): Promise<StageWithCount[]> {
  const rows = await db
    .select({ stage: pipelineStages, deals_count: stageDeals })
    .from(pipelineStages)
    .where(where)
    .orderBy(asc(pipelineStages.pipeline_id), asc(pipelineStages.position), asc(pipelineStages.id));
  return rows.map((row) => ({ ...row.stage, deals_count: Number(row.deals_count) }));
}

export const stagesOfPipelines = (db: DbOrTx, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : stagesWhere(db, inArray(pipelineStages.pipeline_id, ids));

export async function findStage(db: DbOrTx, pipelineId: number, stageId: number) {
  const [stage] = await stagesWhere(
    db,
    and(eq(pipelineStages.pipeline_id, pipelineId), eq(pipelineStages.id, stageId)),
  );
  return stage;
}

/**
 * Locks a pipeline's row for the rest of the transaction: every change to its stages or to the order of
 * its deals takes this lock first, so two of them never interleave.
 */
export async function lockPipeline(db: DbOrTx, id: number) {
  const [row] = await db.select().from(pipelines).where(eq(pipelines.id, id)).for('update');
  return row;
}

/** Renumbers rows 0, 1, 2… in the order of the ids given (one statement). */
export async function renumber(
  db: DbOrTx,
  table: 'pipelines' | 'pipeline_stages' | 'pipeline_deals',
  ids: number[],
) {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sql.identifier(table)} set position = array_position(array[${list}]::bigint[], id) - 1
        where id in (${list})`,
  );
}

export async function countStages(db: DbOrTx, pipelineId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipeline_id, pipelineId));
  return row?.value ?? 0;
}
