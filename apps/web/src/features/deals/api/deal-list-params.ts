import type { ListQueryParams, PipelineDealColumnKey } from '@portico/contracts';

/** The list's state as the address holds it (the board/list switch is `view`, kept beside them). */
export const DEAL_LIST_KEYS = [
  'search',
  'pipeline_id',
  'stage_id',
  'owner_id',
  'sort',
  'per_page',
  'columns',
] as const;
export type DealListKey = (typeof DEAL_LIST_KEYS)[number];
export const DEAL_FILTER_KEYS = [
  'pipeline_id',
  'stage_id',
  'owner_id',
] as const satisfies readonly DealListKey[];

export const DEFAULT_DEAL_SORT = '-created_at';
export const REQUIRED_DEAL_COLUMNS: readonly PipelineDealColumnKey[] = ['name'];

const id = (text: string) => (/^[1-9]\d{0,15}$/.test(text) ? text : undefined);

export function dealFilters(values: Record<DealListKey, string>) {
  return {
    search: values.search.trim() || undefined,
    pipeline_id: id(values.pipeline_id),
    stage_id: id(values.stage_id),
    owner_id: id(values.owner_id),
  } satisfies ListQueryParams['filter'];
}

export type DealFilters = ReturnType<typeof dealFilters>;
