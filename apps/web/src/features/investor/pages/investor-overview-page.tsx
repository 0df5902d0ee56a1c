import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useProfileOnboarding } from '../../identity/api/get-profile-onboarding';
import { useInvestorOverview, useLatestNews } from '../api/investor-overview';

// The sections load as their own chunk while their answers are on the way: /investor is a first page
// (docs/benchmarks.md, apps/web/build-tools/bundle-budget.ts).
const OverviewSections = lazy(async () => ({
  default: (await import('../components/overview-sections')).OverviewSections,
}));

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * /investor: what needs the investor first (cash calls, pre-emption choices, the cooling-off), then the
 * onboarding steps left (only while some are), how they are doing (the portfolio's totals per currency)
 * and the latest news.
 */
export function InvestorOverviewPage() {
  const terms = useTerminology();
  useDocumentTitle(terms.overview);
  const user = useUser();
  const [params] = useSearchParams();
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  // The three answers are asked for now, in parallel with the sections' chunk.
  const overview = useInvestorOverview();
  const onboarding = useProfileOnboarding();
  const news = useLatestNews();

  return (
    <Stack gap="xl">
      {params.get('verified') === '1' && (
        <Alert
          color="success"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          title="Email verified"
        >
          Thank you. Your email address is verified and your account is ready.
        </Alert>
      )}
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {greeting(new Date().getHours())}, {firstName}
        </Title>
        <Text c="dimmed" mt={4}>
          Welcome to your {inSentence(terms.investor)} portal.
        </Text>
      </div>
      <Suspense fallback={<Skeleton height={160} radius="md" aria-label="Loading your overview" />}>
        <OverviewSections overview={overview} onboarding={onboarding} news={news} />
      </Suspense>
    </Stack>
  );
}
