import {
  dataOf,
  insiderRegisterListSchema,
  listQueryString,
  marketSoundingCreatedSchema,
  marketSoundingDetailSchema,
  marketSoundingListSchema,
  marketSoundingOptOutSchema,
  paginatedSchema,
  type MarketSoundingCleanse,
  type MarketSoundingCreate,
  type MarketSoundingStatus,
} from '@portico/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const MARKET_SOUNDINGS_PER_PAGE = 25;

export interface MarketSoundingListParams {
  status: MarketSoundingStatus | undefined;
  page: number;
}

export interface InsiderRegisterParams {
  soundingId: number | undefined;
  page: number;
}

export const marketSoundingKeys = {
  all: ['market-soundings'] as const,
  lists: () => [...marketSoundingKeys.all, 'list'] as const,
  list: (params: MarketSoundingListParams) => [...marketSoundingKeys.lists(), params] as const,
  detail: (id: number) => [...marketSoundingKeys.all, 'detail', id] as const,
  optOuts: () => [...marketSoundingKeys.all, 'opt-outs'] as const,
  register: (params: InsiderRegisterParams) => [...marketSoundingKeys.all, 'register', params] as const,
  subjects: (kind: SubjectKind, search: string) =>
    [...marketSoundingKeys.all, 'subjects', kind, search] as const,
};

const base = '/api/market-soundings';
const detail = dataOf(marketSoundingDetailSchema);
// A plain list or a page of one: only `data` is read.
const optOuts = z.object({ data: z.array(marketSoundingOptOutSchema) });

/** GET /api/market-soundings (compliance:index), newest first. */
export function useMarketSoundings(params: MarketSoundingListParams) {
  return useQuery({
    queryKey: marketSoundingKeys.list(params),
    queryFn: ({ signal }) =>
      api.get(
        `${base}?${listQueryString({
          filter: { status: params.status },
          sort: '-created_at',
          page: params.page,
          per_page: MARKET_SOUNDINGS_PER_PAGE,
        })}`,
        marketSoundingListSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/market-soundings/{id} (compliance:index): wording, recipients and the timeline. */
export function useMarketSounding(id: number | undefined) {
  return useQuery({
    queryKey: marketSoundingKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get(`${base}/${id ?? 0}`, detail, { signal })).data,
    enabled: id !== undefined,
    retry: false,
  });
}

/** GET /api/market-soundings/opt-outs: investors who may not be sounded again. */
export function useMarketSoundingOptOuts() {
  return useQuery({
    queryKey: marketSoundingKeys.optOuts(),
    queryFn: async ({ signal }) => (await api.get(`${base}/opt-outs`, optOuts, { signal })).data,
    staleTime: 30_000,
  });
}

/** GET /api/insider-register (compliance:index): the acceptances, newest first. */
export function useInsiderRegister(params: InsiderRegisterParams) {
  return useQuery({
    queryKey: marketSoundingKeys.register(params),
    queryFn: ({ signal }) =>
      api.get(
        `/api/insider-register?${listQueryString({
          filter: { sounding_id: params.soundingId },
          sort: '-accepted_at',
          page: params.page,
          per_page: MARKET_SOUNDINGS_PER_PAGE,
        })}`,
        insiderRegisterListSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every sounding, by subject, for the register's filter (the first hundred, newest first). */
export function useSoundingOptions() {
  return useQuery({
    queryKey: [...marketSoundingKeys.lists(), 'options'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `${base}?${listQueryString({ sort: '-created_at', per_page: 100 })}`,
          marketSoundingListSchema,
          { signal },
        )
      ).data,
    staleTime: 30_000,
  });
}

/** POST /api/market-soundings: 201 `{data: {id}}`; the investors are told at once. */
export function useCreateMarketSounding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MarketSoundingCreate) =>
      (await api.post(base, input, marketSoundingCreatedSchema)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketSoundingKeys.lists() }),
  });
}

/**
 * POST /api/market-soundings/{id}/cleanse: the information is public; the investors who accepted are told.
 * It answers the sounding as it now stands.
 */
export function useCleanseMarketSounding(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MarketSoundingCleanse) =>
      (await api.post(`${base}/${id}/cleanse`, input, detail)).data,
    onSuccess: (sounding) => {
      queryClient.setQueryData(marketSoundingKeys.detail(id), sounding);
      return queryClient.invalidateQueries({ queryKey: marketSoundingKeys.lists() });
    },
  });
}

/** What a sounding is about: a pipeline deal, or a draft opportunity (stage 1). */
export type SubjectKind = 'deal' | 'opportunity';

export interface SubjectOption {
  id: number;
  name: string;
  company_name: string | null;
}

const subjectPage = paginatedSchema(
  z.object({ id: z.number(), name: z.string(), company_name: z.string().nullable().optional() }),
);
/** A picker shows a handful; typing narrows them (the lists' own search). */
const SUBJECT_OPTIONS_LIMIT = 20;

async function getSubjectOptions(kind: SubjectKind, search: string, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { search: search || undefined, ...(kind === 'opportunity' ? { status: '1' } : {}) },
    sort: 'name',
    fields: ['id', 'name', 'company_name'],
    per_page: SUBJECT_OPTIONS_LIMIT,
  });
  const path = kind === 'deal' ? '/api/pipeline-deals' : '/api/opportunities';
  const page = await api.get(`${path}?${query}`, subjectPage, { signal });
  return page.data.map((row): SubjectOption => ({
    id: row.id,
    name: row.name,
    company_name: row.company_name ?? null,
  }));
}

/** Pipeline deals, or draft opportunities, searched by the server. */
export function useSubjectOptions(kind: SubjectKind, search: string) {
  return useQuery({
    queryKey: marketSoundingKeys.subjects(kind, search),
    queryFn: ({ signal }) => getSubjectOptions(kind, search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
