import {
  dataOf,
  listQueryString,
  newsItemSchema,
  newsListSchema,
  newsUnreadSchema,
  type NewsItem,
} from '@portico/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (params: NewsParams) => [...newsKeys.lists(), params] as const,
  item: (id: number) => [...newsKeys.all, 'item', id] as const,
  unread: () => [...newsKeys.all, 'unread'] as const,
};

const one = dataOf(newsItemSchema);

export interface NewsParams {
  /** one holding's updates only */
  opportunityId?: number | undefined;
  /** one fund's updates only (issue 20) */
  fundId?: number | undefined;
  page?: number;
  perPage?: number;
}

export const NEWS_PER_PAGE = 20;

/**
 * GET /api/profile/news: the live updates about what the investor holds (holdings and funds), and general
 * news, newest first.
 */
export function useNews(params: NewsParams = {}) {
  return useQuery({
    queryKey: newsKeys.list(params),
    queryFn: async ({ signal }) => {
      const query = listQueryString({
        filter: {
          opportunity_id: params.opportunityId === undefined ? undefined : String(params.opportunityId),
          fund_id: params.fundId === undefined ? undefined : String(params.fundId),
        },
        page: params.page,
        per_page: params.perPage ?? NEWS_PER_PAGE,
      });
      return api.get(`/api/profile/news?${query}`, newsListSchema, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/profile/news/unread-count: how many visible live reports the investor has not read. */
export function useNewsUnread() {
  return useQuery({
    queryKey: newsKeys.unread(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/profile/news/unread-count', dataOf(newsUnreadSchema), { signal })).data.unread,
  });
}

/** GET /api/profile/news/{id}: one report, or 404 when the investor may not read it. */
export function useNewsItem(id: number | undefined) {
  return useQuery({
    queryKey: newsKeys.item(id ?? 0),
    queryFn: async ({ signal }) => (await api.get(`/api/profile/news/${id ?? 0}`, one, { signal })).data,
    enabled: id !== undefined,
    retry: false,
  });
}

/** POST /api/profile/news/{id}/read: the report is no longer new (in every list at once). */
export function useMarkNewsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.post(`/api/profile/news/${id}/read`),
    onMutate: (id) => {
      const now = new Date().toISOString();
      queryClient.setQueriesData<{ data: NewsItem[] }>({ queryKey: newsKeys.lists() }, (page) =>
        page
          ? {
              ...page,
              data: page.data.map((item) =>
                item.id === id && item.read_at === null ? { ...item, read_at: now } : item,
              ),
            }
          : page,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: newsKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: newsKeys.unread() }),
      ]),
  });
}

/** GET /api/profile/news/{id}/pdf: the report as a PDF. */
export const newsPdfHref = (id: number) => `/api/profile/news/${id}/pdf`;
