import type { InvestorOverview, NewsItem } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const investorOverviewKeys = {
  all: ['investor-overview'] as const,
  overview: () => [...investorOverviewKeys.all, 'overview'] as const,
  latestNews: () => [...investorOverviewKeys.all, 'latest-news'] as const,
};

const answers = () => import('./overview-answers');

/** GET /api/profile/overview: what needs the investor now and how they are doing (one request). */
export async function getInvestorOverview(signal?: AbortSignal): Promise<InvestorOverview> {
  const [body, parsers] = await Promise.all([
    api.get('/api/profile/overview', undefined, { signal }),
    answers(),
  ]);
  return parsers.investorOverviewResponse.parse(body).data;
}

export function useInvestorOverview() {
  return useQuery({
    queryKey: investorOverviewKeys.overview(),
    queryFn: ({ signal }) => getInvestorOverview(signal),
  });
}

/** How many news items the overview shows. */
export const LATEST_NEWS_COUNT = 3;

/**
 * GET /api/profile/news?per_page=3: the newest live reports for this investor; null when the server
 * has no news endpoint (404), so the overview leaves the section out.
 */
export async function getLatestNews(signal?: AbortSignal): Promise<NewsItem[] | null> {
  try {
    const [body, parsers] = await Promise.all([
      api.get(`/api/profile/news?per_page=${LATEST_NEWS_COUNT}`, undefined, { signal }),
      answers(),
    ]);
    return parsers.latestNewsResponse.parse(body).data.slice(0, LATEST_NEWS_COUNT);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useLatestNews() {
  return useQuery({
    queryKey: investorOverviewKeys.latestNews(),
    queryFn: ({ signal }) => getLatestNews(signal),
  });
}
