import {
  DEFAULT_PIPELINE_STAGES,
  MAX_STAGES_PER_PIPELINE,
  parseListQuery,
  PIPELINE_COLUMNS,
  pipelinesListQuery,
  type createPipelineInputSchema,
  type createStageInputSchema,
  type Pipeline,
  type PipelineColumnKey,
  type pipelineOrderInputSchema,
  type updatePipelineInputSchema,
  type updateStageInputSchema,
} from '@portico/contracts';
import { and, asc, count, eq, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { pipelineDeals, pipelines, pipelineStages } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { createRecordService } from '../../platform/records/record-service';
import { toPipeline, toStage } from './pipelines.mapper';
import {
  countStages,
  findStage,
  lockPipeline,
  pipelinesRepository,
  renumber,
  stagesOfPipelines,
  stagesWhere,
} from './pipelines.repository';

type CreateInput = z.output<typeof createPipelineInputSchema>;
type UpdateInput = z.output<typeof updatePipelineInputSchema>;
type PipelineOrderInput = z.output<typeof pipelineOrderInputSchema>;
type StageInput = z.output<typeof createStageInputSchema>;
type StageChanges = z.output<typeof updateStageInputSchema>;

const NAME_TAKEN = 'A pipeline with this name already exists.';
const NO_STAGE = 'No stage of this pipeline with that id.';
const stageTaken = (name: string) => `This pipeline already has a stage called “${name}”.`;

/** A reorder names every id of the list, each once. */
function sameIds(given: number[], current: number[]) {
  return (
    given.length === current.length &&
    new Set(given).size === given.length &&
    current.every((id) => given.includes(id))
  );
}

const cell = (pipeline: Pipeline, key: PipelineColumnKey) =>
  key === 'created_at' ? new Date(pipeline.created_at) : pipeline[key];

/** Settings → account → pipelines: pipelines and their ordered stages (spec §2.1). */
export function createPipelinesService(ctx: AppContext) {
  const { db } = ctx;

  const records = createRecordService(ctx, {
    repository: pipelinesRepository,
    auditType: 'pipeline',
    notFound: 'No pipeline with that id.',
    present: (row) => toPipeline(row),
    insert: (input: { name: string; position: number }) => input,
    patch: (input: UpdateInput) => ({ name: input.name }),
    export: { columns: PIPELINE_COLUMNS, sheetName: 'Pipelines', cells: () => cell },
    rules: {
      async remove(tx, _actor, before) {
        // Locked, then counted: a deal added meanwhile waits, and then finds no pipeline.
        await lockPipeline(tx, before.id);
        const [deals] = await tx
          .select({ value: count() })
          .from(pipelineDeals)
          .where(eq(pipelineDeals.pipeline_id, before.id));
        const held = deals?.value ?? 0;
        if (held > 0)
          throw fieldError(
            'pipeline',
            `${before.name} still holds ${held} ${held === 1 ? 'deal' : 'deals'}: move or delete them first.`,
          );
        return undefined;
      },
    },
    conflict: () => fieldError('name', NAME_TAKEN),
  });
  const { load } = records;

  /** The pipeline with its stages, in order. */
  async function withStages(tx: DbOrTx, id: number): Promise<Pipeline> {
    const row = await pipelinesRepository.find(tx, id);
    if (!row) throw notFound('No pipeline with that id.');
    return toPipeline(row, await stagesOfPipelines(tx, [id]));
  }

  async function loadStage(tx: DbOrTx, pipelineId: number, stageId: number) {
    const stage = await findStage(tx, pipelineId, stageId);
    if (!stage) throw notFound(NO_STAGE);
    return stage;
  }

  /** Locks the pipeline (404 when there is none): stage changes of one pipeline run one at a time. */
  async function lock(tx: DbOrTx, id: number) {
    const row = await lockPipeline(tx, id);
    if (!row) throw notFound('No pipeline with that id.');
    return row;
  }

  const stageIds = async (tx: DbOrTx, pipelineId: number) =>
    (await stagesWhere(tx, eq(pipelineStages.pipeline_id, pipelineId))).map((stage) => stage.id);

  /** Turns the unique index on a stage's name into the field error a person can act on. */
  const stageConflict = (name: string) => (error: unknown) => {
    if (isUniqueViolation(error)) throw fieldError('name', stageTaken(name));
    throw error;
  };

  return {
    ...records,

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(pipelinesListQuery, raw);
      const { rows, total } = await pipelinesRepository.list(db, query);
      const stages = query.include.includes('stages')
        ? await stagesOfPipelines(
            db,
            rows.map((row) => row.id),
          )
        : undefined;
      const data = rows.map((row) =>
        toPipeline(
          row,
          stages?.filter((stage) => stage.pipeline_id === row.id),
        ),
      );
      return paginate(data, total, query, requestUrl);
    },

    get: (id: number) => withStages(db, id),

    async create(actor: Actor, input: CreateInput) {
      const id = await db
        .transaction(async (tx) => {
          const [last] = await tx.select({ value: max(pipelines.position) }).from(pipelines);
          const row = await pipelinesRepository.insert(tx, {
            name: input.name,
            position: (last?.value ?? -1) + 1,
          });
          const names = input.stages ?? [...DEFAULT_PIPELINE_STAGES];
          await tx
            .insert(pipelineStages)
            .values(names.map((name, position) => ({ pipeline_id: row.id, name, position })));
          await recordAudit(tx, actor, {
            action: 'pipeline.created',
            subjectType: 'pipeline',
            subjectId: row.id,
            after: { name: row.name, stages: names },
          });
          return row.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('name', NAME_TAKEN);
          throw error;
        });
      return withStages(db, id);
    },

    async update(actor: Actor, id: number, input: UpdateInput) {
      await records.update(actor, id, input);
      return withStages(db, id);
    },

    async reorder(actor: Actor, input: PipelineOrderInput) {
      await db.transaction(async (tx) => {
        // Every pipeline row locked: two reorders never interleave.
        const current = await tx.select({ id: pipelines.id }).from(pipelines).for('update');
        if (
          !sameIds(
            input.ids,
            current.map((row) => row.id),
          )
        )
          throw fieldError('ids', 'List every pipeline once, in the new order.');
        await renumber(tx, 'pipelines', input.ids);
        await recordAudit(tx, actor, {
          action: 'pipeline.reordered',
          subjectType: 'pipeline',
          subjectId: null,
          after: { ids: input.ids },
        });
      });
      const query = parseListQuery(pipelinesListQuery, { per_page: '100' });
      return (await pipelinesRepository.list(db, query)).rows.map((row) => toPipeline(row));
    },

    async stages(id: number) {
      await load(db, id);
      return (await stagesOfPipelines(db, [id])).map(toStage);
    },

    async addStage(actor: Actor, id: number, input: StageInput) {
      const stageId = await db
        .transaction(async (tx) => {
          await lock(tx, id);
          const ids = await stageIds(tx, id);
          if (ids.length >= MAX_STAGES_PER_PIPELINE)
            throw fieldError('name', `A pipeline holds at most ${MAX_STAGES_PER_PIPELINE} stages.`);
          const [row] = await tx
            .insert(pipelineStages)
            .values({ pipeline_id: id, name: input.name, position: ids.length })
            .returning({ id: pipelineStages.id });
          if (!row) throw new Error('pipeline_stages insert returned no row');
          const at = Math.min(input.position ?? ids.length, ids.length);
          await renumber(tx, 'pipeline_stages', [...ids.slice(0, at), row.id, ...ids.slice(at)]);
          await recordAudit(tx, actor, {
            action: 'pipeline.stage_added',
            subjectType: 'pipeline',
            subjectId: id,
            after: { stage_id: row.id, name: input.name, position: at },
          });
          return row.id;
        })
        .catch(stageConflict(input.name));
      return toStage(await loadStage(db, id, stageId));
    },

    async renameStage(actor: Actor, id: number, stageId: number, input: StageChanges) {
      await db
        .transaction(async (tx) => {
          const before = await loadStage(tx, id, stageId);
          if (before.name === input.name) return;
          await tx
            .update(pipelineStages)
            .set({ name: input.name, updated_at: new Date() })
            .where(eq(pipelineStages.id, stageId));
          await recordAudit(tx, actor, {
            action: 'pipeline.stage_renamed',
            subjectType: 'pipeline',
            subjectId: id,
            before: { stage_id: stageId, name: before.name },
            after: { stage_id: stageId, name: input.name },
          });
        })
        .catch(stageConflict(input.name));
      return toStage(await loadStage(db, id, stageId));
    },

    async reorderStages(actor: Actor, id: number, input: PipelineOrderInput) {
      await db.transaction(async (tx) => {
        await lock(tx, id);
        const before = await stagesWhere(tx, eq(pipelineStages.pipeline_id, id));
        if (
          !sameIds(
            input.ids,
            before.map((stage) => stage.id),
          )
        )
          throw fieldError('ids', 'List every stage of this pipeline once, in the new order.');
        await renumber(tx, 'pipeline_stages', input.ids);
        const nameOf = new Map(before.map((stage) => [stage.id, stage.name]));
        await recordAudit(tx, actor, {
          action: 'pipeline.stages_reordered',
          subjectType: 'pipeline',
          subjectId: id,
          before: { stages: before.map((stage) => stage.name) },
          after: { stages: input.ids.map((stageId) => nameOf.get(stageId)) },
        });
      });
      return (await stagesOfPipelines(db, [id])).map(toStage);
    },

    /**
     * Removes a stage: only when it is empty, or with another stage of the same pipeline that takes its
     * deals (at the end of its column, each move in the deal's activity). A pipeline keeps one stage.
     */
    async removeStage(actor: Actor, id: number, stageId: number, moveTo: number | undefined) {
      await db.transaction(async (tx) => {
        await lock(tx, id);
        const stage = await loadStage(tx, id, stageId);
        if ((await countStages(tx, id)) <= 1)
          throw fieldError(
            'stage',
            'A pipeline keeps at least one stage: add another before removing this one.',
          );
        let target: Awaited<ReturnType<typeof findStage>>;
        if (stage.deals_count > 0) {
          if (moveTo === undefined)
            throw fieldError(
              'move_to_stage_id',
              `${stage.name} holds ${stage.deals_count} ${stage.deals_count === 1 ? 'deal' : 'deals'}: choose the stage they move to.`,
            );
          target = moveTo === stageId ? undefined : await findStage(tx, id, moveTo);
          if (!target)
            throw fieldError('move_to_stage_id', 'Choose another stage of the same pipeline for its deals.');
          const moving = await tx
            .select({ id: pipelineDeals.id, name: pipelineDeals.name })
            .from(pipelineDeals)
            .where(eq(pipelineDeals.stage_id, stageId))
            .orderBy(asc(pipelineDeals.position), asc(pipelineDeals.id));
          const staying = await tx
            .select({ id: pipelineDeals.id })
            .from(pipelineDeals)
            .where(eq(pipelineDeals.stage_id, target.id))
            .orderBy(asc(pipelineDeals.position), asc(pipelineDeals.id));
          await tx
            .update(pipelineDeals)
            .set({ stage_id: target.id, updated_at: new Date() })
            .where(eq(pipelineDeals.stage_id, stageId));
          await renumber(tx, 'pipeline_deals', [
            ...staying.map((deal) => deal.id),
            ...moving.map((deal) => deal.id),
          ]);
          for (const deal of moving)
            await recordAudit(tx, actor, {
              action: 'pipeline_deal.moved',
              subjectType: 'pipeline_deal',
              subjectId: deal.id,
              before: { stage: stage.name },
              after: { stage: target.name, reason: 'stage_removed' },
            });
        }
        await tx.delete(pipelineStages).where(eq(pipelineStages.id, stageId));
        const rest = await tx
          .select({ id: pipelineStages.id })
          .from(pipelineStages)
          .where(and(eq(pipelineStages.pipeline_id, id), ne(pipelineStages.id, stageId)))
          .orderBy(asc(pipelineStages.position), asc(pipelineStages.id));
        await renumber(
          tx,
          'pipeline_stages',
          rest.map((row) => row.id),
        );
        await recordAudit(tx, actor, {
          action: 'pipeline.stage_removed',
          subjectType: 'pipeline',
          subjectId: id,
          before: { stage_id: stageId, name: stage.name, deals_count: stage.deals_count },
          after: target ? { deals_moved_to: target.name } : null,
        });
      });
    },
  };
}

export type PipelinesService = ReturnType<typeof createPipelinesService>;
