import {
  isStaffRole,
  PIPELINE_DEAL_COLUMNS,
  type createPipelineDealInputSchema,
  type PipelineDeal,
  type PipelineDealColumnKey,
  type updatePipelineDealInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { industries, investmentTypes, pipelineDeals, pipelines } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { notFound, validationError } from '../../platform/http/errors';
import { changedFields, givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import type { Cell } from '../../platform/export/table-export';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { findUserById } from '../users/users.repository';
import { lockPipeline, renumber } from '../pipelines/pipelines.repository';
import { toDeal } from './deals.mapper';
import { soundingsOfDeal } from '../market-soundings/market-soundings.repository';
import {
  columnIds,
  dealsRepository,
  findNamed,
  findStageOf,
  firstStageOf,
  lockDeal,
} from './deals.repository';
import { createDealPerformanceService } from './deal-performance.service';
import { eq } from 'drizzle-orm';

type CreateInput = z.output<typeof createPipelineDealInputSchema>;
type UpdateInput = z.output<typeof updatePipelineDealInputSchema>;
type Errors = Record<string, string[]>;

/** The fields an edit changes directly; stage, pipeline and position change through a move. */
const FIELDS = [
  'name',
  'company_name',
  'summary',
  'website',
  'industry_id',
  'investment_type_id',
  'amount_sought',
  'pre_money_valuation',
  'source',
  'owner_id',
] as const;

/** What a move changes: its own audit line ("Moved from Screening to Due diligence"). */
const MOVE_FIELDS = ['pipeline_id', 'pipeline', 'stage_id', 'stage', 'position', 'updated_at'];

const cell = (deal: PipelineDeal, key: PipelineDealColumnKey): Cell => {
  switch (key) {
    case 'pipeline':
    case 'stage':
      return deal[key].name;
    case 'industry':
    case 'investment_type':
    case 'owner':
      return deal[key]?.name ?? null;
    case 'created_at':
      return new Date(deal.created_at);
    default:
      return deal[key];
  }
};

/** Places `id` at `position` (clamped; the end when absent) among a column's other ids. */
function placed(others: number[], id: number, position: number | undefined) {
  const at = Math.min(position ?? others.length, others.length);
  return [...others.slice(0, at), id, ...others.slice(at)];
}

/** Pipeline deals (spec §2.1): the board's cards, their moves, and their performance figures. */
export function createDealsService(ctx: AppContext) {
  const { db } = ctx;

  /** Industries and types must exist; the owner must be an active staff member. */
  async function checkReferences(tx: DbOrTx, input: Partial<UpdateInput>, errors: Errors) {
    if (input.industry_id && !(await findNamed(tx, industries, input.industry_id)))
      errors.industry_id = ['The selected industry is invalid.'];
    if (input.investment_type_id && !(await findNamed(tx, investmentTypes, input.investment_type_id)))
      errors.investment_type_id = ['The selected investment type is invalid.'];
    if (input.owner_id) {
      const person = await findUserById(tx, input.owner_id);
      if (!person || !isStaffRole(person.role_id) || person.deactivated_at)
        errors.owner_id = ['The selected owner must be an active staff member.'];
    }
  }

  /**
   * The stage a deal goes to, checked against the pipeline it will be in: the database refuses a stage
   * of another pipeline too, but a person needs to know which and why.
   */
  async function checkStage(tx: DbOrTx, pipelineId: number, stageId: number, errors: Errors) {
    const stage = await findStageOf(tx, stageId);
    if (!stage) {
      errors.stage_id = ['The selected stage is invalid.'];
      return undefined;
    }
    if (stage.pipeline_id !== pipelineId) {
      const [own, other] = await Promise.all([
        findNamed(tx, pipelines, pipelineId),
        findNamed(tx, pipelines, stage.pipeline_id),
      ]);
      errors.stage_id = [
        `“${stage.name}” is a stage of ${other?.name ?? 'another pipeline'}, not of ${own?.name ?? 'this deal’s pipeline'}: choose one of its stages.`,
      ];
      return undefined;
    }
    return stage;
  }

  /** Locks the pipelines a change touches, in id order (the order every board change takes them in). */
  async function lockPipelines(tx: DbOrTx, ids: number[]) {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) await lockPipeline(tx, id);
  }

  const records = createRecordService(ctx, {
    repository: dealsRepository,
    auditType: 'pipeline_deal',
    notFound: 'No deal with that id.',
    present: toDeal,
    insert: (input: CreateInput & { stage_id: number; position: number }) => ({
      ...givenFields(input, FIELDS),
      name: input.name,
      company_name: input.company_name,
      pipeline_id: input.pipeline_id,
      stage_id: input.stage_id,
      position: input.position,
    }),
    patch: (input: UpdateInput) => givenFields(input, FIELDS),
    export: { columns: PIPELINE_DEAL_COLUMNS, sheetName: 'Deals', cells: () => cell },
    purge: (tx, id) => purgeRecordParts(tx, 'pipeline_deal', id),
    rules: {
      // issue 21: a market sounding is kept for the insider register (MAR Art. 11), and so is its deal
      remove: async (tx, _actor, before) => {
        const soundings = await soundingsOfDeal(tx, before.id);
        if (soundings > 0)
          throw validationError({
            id: [
              `This deal has ${soundings === 1 ? 'a market sounding' : `${soundings} market soundings`}, kept for the insider register; it cannot be deleted.`,
            ],
          });
        return null;
      },
    },
  });
  const { load } = records;

  const subject: SubjectDefinition = {
    type: 'pipeline_deal',
    async find(tx, id) {
      const [row] = await tx
        .select({ id: pipelineDeals.id, name: pipelineDeals.name })
        .from(pipelineDeals)
        .where(eq(pipelineDeals.id, id));
      return row ? { ...row, email: null } : undefined;
    },
    adminUrl: (id) => `/admin/investments/deals/${id}/key-information`,
    notesUrl: (id) => `/admin/investments/deals/${id}/notes-calls-tasks`,
    resource: 'pipeline_deals',
    area: 'deals',
  };

  async function create(actor: Actor, input: CreateInput): Promise<PipelineDeal> {
    const id = await db.transaction(async (tx) => {
      const errors: Errors = {};
      const pipeline = await lockPipeline(tx, input.pipeline_id);
      if (!pipeline) throw validationError({ pipeline_id: ['The selected pipeline is invalid.'] });
      const stage =
        input.stage_id === undefined
          ? await firstStageOf(tx, pipeline.id)
          : await checkStage(tx, pipeline.id, input.stage_id, errors);
      if (!stage && input.stage_id === undefined)
        errors.stage_id = [`${pipeline.name} has no stages yet: add one in Settings → Pipelines.`];
      await checkReferences(tx, input, errors);
      if (!stage || Object.keys(errors).length > 0) throw validationError(errors);
      const others = await columnIds(tx, stage.id);
      const created = await records.insert(tx, actor, {
        ...input,
        stage_id: stage.id,
        position: others.length,
      });
      if (input.position !== undefined)
        await renumber(tx, 'pipeline_deals', placed(others, created.id, input.position));
      return created.id;
    });
    return load(db, id);
  }

  /**
   * Changes a deal's fields and, with `stage_id` (and `pipeline_id`, `position`), moves it on the board.
   * The pipelines touched are locked first and the deal second, so parallel moves queue and each leaves
   * the deal in exactly one valid place, with dense positions in every column.
   */
  async function update(actor: Actor, id: number, input: UpdateInput): Promise<PipelineDeal> {
    await db.transaction(async (tx) => {
      const seen = await load(tx, id);
      await lockPipelines(tx, [seen.pipeline_id, input.pipeline_id ?? seen.pipeline_id]);
      const row = await lockDeal(tx, id);
      if (!row) throw notFound('No deal with that id.');
      // Moved to another pipeline between the first read and the lock (rare): lock that one too.
      if (row.pipeline_id !== seen.pipeline_id) await lockPipeline(tx, row.pipeline_id);
      const before = await load(tx, id);
      const target = input.pipeline_id ?? before.pipeline_id;

      const errors: Errors = {};
      if (target !== before.pipeline_id && input.stage_id === undefined)
        errors.stage_id = ['Choose a stage of the new pipeline.'];
      if (input.pipeline_id !== undefined && !(await findNamed(tx, pipelines, input.pipeline_id)))
        errors.pipeline_id = ['The selected pipeline is invalid.'];
      const stage =
        input.stage_id === undefined || errors.pipeline_id
          ? undefined
          : await checkStage(tx, target, input.stage_id, errors);
      await checkReferences(tx, input, errors);
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const patch = givenFields(input, FIELDS);
      if (Object.keys(patch).length > 0) await dealsRepository.update(tx, id, patch);

      const toStage = stage?.id ?? before.stage_id;
      const moves = toStage !== before.stage_id || input.position !== undefined;
      if (moves) {
        if (toStage !== before.stage_id) {
          await tx
            .update(pipelineDeals)
            .set({ pipeline_id: target, stage_id: toStage, updated_at: new Date() })
            .where(eq(pipelineDeals.id, id));
          await renumber(tx, 'pipeline_deals', await columnIds(tx, before.stage_id, id));
        }
        await renumber(tx, 'pipeline_deals', placed(await columnIds(tx, toStage, id), id, input.position));
      }

      const after = await load(tx, id);
      if (after.stage_id !== before.stage_id || after.position !== before.position)
        await recordAudit(tx, actor, {
          action: 'pipeline_deal.moved',
          subjectType: 'pipeline_deal',
          subjectId: id,
          before: { pipeline: before.pipeline.name, stage: before.stage.name, position: before.position },
          after: { pipeline: after.pipeline.name, stage: after.stage.name, position: after.position },
        });
      const changes = changedFields(before, after, MOVE_FIELDS);
      if (changes)
        await recordAudit(tx, actor, {
          action: 'pipeline_deal.updated',
          subjectType: 'pipeline_deal',
          subjectId: id,
          ...changes,
        });
    });
    return load(db, id);
  }

  return {
    ...records,
    subject,
    create,
    update,
    performance: createDealPerformanceService(ctx, load),
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
