import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';

/**
 * Settings → account → pipelines (spec §2.1, DOMAIN.md Investing → Pipeline): named, ordered sequences
 * of stages that deals move through.
 */

/**
 * The stages a new pipeline starts with when none are given: the usual venture deal flow. Staff rename,
 * reorder, add and remove them afterwards; a pipeline always keeps at least one stage.
 */
export const DEFAULT_PIPELINE_STAGES = [
  'Sourced',
  'Screening',
  'Due diligence',
  'Investment committee',
  'Term sheet',
  'Completed',
  'Declined',
] as const;

export const PIPELINE_NAME_MAX = 100;
export const STAGE_NAME_MAX = 60;
/** Enough for any real deal flow; a board wider than this is unreadable. */
export const MAX_STAGES_PER_PIPELINE = 30;

export const pipelineStageSchema = z
  .object({
    id: idSchema,
    pipeline_id: idSchema,
    name: z.string(),
    /** order within the pipeline, from 0 */
    position: z.number().int(),
    /** the deals now in this stage */
    deals_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'PipelineStage' });
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

export const pipelineSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    /** order among the pipelines, from 0 */
    position: z.number().int(),
    stages_count: z.number().int(),
    deals_count: z.number().int(),
    /** its stages in order: with `include=stages` on a list, always on one pipeline */
    stages: z.array(pipelineStageSchema).optional(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Pipeline' });
export type Pipeline = z.infer<typeof pipelineSchema>;

export const pipelineListSchema = paginatedSchema(pipelineSchema.partial());

export const pipelinesListQuery = defineListQuery({
  table: 'pipelines',
  filters: { search: 'scope' },
  sorts: ['position', 'name', 'created_at'],
  defaultSort: ['position'],
  includes: ['stages'],
  fields: [],
  appends: [],
});

const pipelineName = z.string().trim().min(1).max(PIPELINE_NAME_MAX);
const stageName = z.string().trim().min(1).max(STAGE_NAME_MAX);

/** Stage names of one pipeline: each unique, whatever the case. */
const stageNames = z
  .array(stageName)
  .min(1)
  .max(MAX_STAGES_PER_PIPELINE)
  .superRefine((names, context) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const key = name.toLowerCase();
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: [index], message: `The stage “${name}” is listed twice.` });
      seen.add(key);
    });
  });

export const createPipelineInputSchema = z
  .object({
    name: pipelineName,
    /** its stages in order; without them it starts with DEFAULT_PIPELINE_STAGES */
    stages: stageNames.optional(),
  })
  .meta({ id: 'NewPipeline' });
export type CreatePipelineInput = z.input<typeof createPipelineInputSchema>;

export const updatePipelineInputSchema = z.object({ name: pipelineName }).meta({ id: 'PipelineChanges' });
export type UpdatePipelineInput = z.input<typeof updatePipelineInputSchema>;

/** Every id of the list, each once, in the new order. */
export const pipelineOrderInputSchema = z
  .object({ ids: z.array(idSchema).min(1).max(1000) })
  .meta({ id: 'PipelineOrder' });
export type PipelineOrderInput = z.input<typeof pipelineOrderInputSchema>;

export const createStageInputSchema = z
  .object({
    name: stageName,
    /** where it goes, from 0; at the end when absent */
    position: z.number().int().min(0).optional(),
  })
  .meta({ id: 'NewPipelineStage' });
export type CreateStageInput = z.input<typeof createStageInputSchema>;

export const updateStageInputSchema = z.object({ name: stageName }).meta({ id: 'PipelineStageChanges' });
export type UpdateStageInput = z.input<typeof updateStageInputSchema>;

/** Removing a stage that holds deals names the stage of the same pipeline they move to. */
export const deleteStageQuerySchema = z.object({
  move_to_stage_id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, { error: 'The move to stage id field must be a stage id.' })
    .transform(Number)
    .optional(),
});

/** The columns of the pipelines export, in order. */
export const PIPELINE_COLUMNS = [
  { key: 'name', label: 'Pipeline', default: true },
  { key: 'stages_count', label: 'Stages', default: true },
  { key: 'deals_count', label: 'Deals', default: true },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies ReadonlyArray<ListColumn<'name' | 'stages_count' | 'deals_count' | 'created_at'>>;
export type PipelineColumnKey = (typeof PIPELINE_COLUMNS)[number]['key'];

/** A pipeline as the board and the settings read it: its stages always included. */
export const pipelineWithStagesSchema = pipelineSchema.required({ stages: true });
export type PipelineWithStages = z.infer<typeof pipelineWithStagesSchema>;
/** GET /api/pipelines?include=stages */
export const pipelinesWithStagesListSchema = paginatedSchema(pipelineWithStagesSchema);
/** GET /api/pipelines/{id}/stages and the answer of a stages reorder */
export const pipelineStagesResponseSchema = z.object({ data: z.array(pipelineStageSchema) });
