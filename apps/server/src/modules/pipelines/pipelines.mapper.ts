import type { Pipeline, PipelineStage } from '@portico/contracts';
import { toApiTimestamp } from '../../platform/time';
import type { PipelineWithCounts, StageWithCount } from './pipelines.repository';

export function toStage(row: StageWithCount): PipelineStage {
  return {
    id: row.id,
    pipeline_id: row.pipeline_id,
    name: row.name,
    position: row.position,
    deals_count: row.deals_count,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

export function toPipeline(row: PipelineWithCounts, stages?: StageWithCount[]): Pipeline {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    stages_count: row.stages_count,
    deals_count: row.deals_count,
    ...(stages ? { stages: stages.map(toStage) } : {}),
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}
