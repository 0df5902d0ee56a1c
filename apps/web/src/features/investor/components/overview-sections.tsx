import type { useProfileOnboarding } from '../../identity/api/get-profile-onboarding';
import type { useInvestorOverview, useLatestNews } from '../api/investor-overview';
import { AccountChecklist } from './account-checklist';
import { LatestNews } from './latest-news';
import { NeedsAttention } from './needs-attention';
import { PortfolioTotals } from './portfolio-totals';

/** The page's three queries, asked for by the page before this chunk loads. */
export interface OverviewQueries {
  overview: ReturnType<typeof useInvestorOverview>;
  onboarding: ReturnType<typeof useProfileOnboarding>;
  news: ReturnType<typeof useLatestNews>;
}

/**
 * The overview's sections, in their order: what needs the investor first (cash calls, pre-emption
 * choices, the cooling-off), then the onboarding steps left (only while some are), how they are doing
 * (the portfolio's totals per currency) and the latest news.
 */
export function OverviewSections({ overview, onboarding, news }: OverviewQueries) {
  // The onboarding checklist shows only while a required step is not done (or to say it failed to load).
  const stepsLeft =
    onboarding.isError ||
    (onboarding.data?.steps.some((step) => step.required && step.state !== 'done') ?? false);
  const sectionState = {
    overview: overview.data,
    loading: overview.isPending,
    failed: overview.isError,
    retrying: overview.isFetching,
    onRetry: () => void overview.refetch(),
  };
  return (
    <>
      <NeedsAttention {...sectionState} />
      {stepsLeft && <AccountChecklist query={onboarding} />}
      <PortfolioTotals {...sectionState} />
      <LatestNews query={news} />
    </>
  );
}
