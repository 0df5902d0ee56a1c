import { listQueryString, pipelineDealListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { dealKeys, type DealListParams } from './deal-keys';

const ALWAYS: readonly string[] = ['id', 'name'];

/** GET /api/pipeline-deals (pipeline_deals:index): the list view. */
export function getDeals(params: DealListParams, signal?: AbortSignal) {
  return api.get(`/api/pipeline-deals?${recordListQuery(params, ALWAYS)}`, pipelineDealListSchema, {
    signal,
  });
}

export const dealsQueryOptions = (params: DealListParams) =>
  queryOptions({
    queryKey: dealKeys.list(params),
    queryFn: ({ signal }) => getDeals(params, signal),
    placeholderData: keepPreviousData,
  });

export function useDeals(params: DealListParams) {
  return useQuery(dealsQueryOptions(params));
}

/** The fields a card shows. */
const CARD_FIELDS = [
  'id',
  'name',
  'company_name',
  'stage_id',
  'position',
  'amount_sought',
  'owner',
  'industry',
] as const;
const PAGE = 100;
/** A board past this many deals is filtered in the list view instead. */
const BOARD_LIMIT = 2000;

/**
 * Every deal of a pipeline in board order (stage by stage, each column top to bottom): the board is
 * the whole pipeline, read a page of 100 at a time.
 */
export async function getBoardDeals(pipelineId: number, signal?: AbortSignal) {
  const cards = [];
  for (let page = 1; (page - 1) * PAGE < BOARD_LIMIT; page += 1) {
    const query = listQueryString({
      filter: { pipeline_id: pipelineId },
      sort: ['stage', 'position'],
      fields: CARD_FIELDS,
      page,
      per_page: PAGE,
    });
    const answer = await api.get(`/api/pipeline-deals?${query}`, pipelineDealListSchema, { signal });
    cards.push(...answer.data);
    if (page >= answer.meta.last_page) break;
  }
  return cards.flatMap((card) =>
    card.id !== undefined && card.stage_id !== undefined && card.name !== undefined
      ? [
          {
            id: card.id,
            name: card.name,
            company_name: card.company_name ?? '',
            stage_id: card.stage_id,
            position: card.position ?? 0,
            amount_sought: card.amount_sought ?? null,
            owner: card.owner ?? null,
            industry: card.industry ?? null,
          },
        ]
      : [],
  );
}

export type BoardDeal = Awaited<ReturnType<typeof getBoardDeals>>[number];

export function useBoardDeals(pipelineId: number | undefined) {
  return useQuery({
    queryKey: dealKeys.board(pipelineId ?? 0),
    queryFn: ({ signal }) => getBoardDeals(pipelineId ?? 0, signal),
    enabled: pipelineId !== undefined,
  });
}
