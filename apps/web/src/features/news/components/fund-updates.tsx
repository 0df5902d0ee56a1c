import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { useNews } from '../api/news';
import { NewsList, NewsListSkeleton } from './news-list';

/** The investor's fund page (issue 20): the fund's live reports, each opening in the fund's context. */
export function FundUpdates({ fundId }: { fundId: number }) {
  const news = useNews({ fundId, perPage: 100 });
  // general news is everyone's, not this fund's
  const items = news.data?.data.filter((item) => item.fund?.id === fundId);
  return (
    <RecordSection title="Reports" description="What the fund manager has reported to the fund’s investors.">
      {news.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The reports could not be loaded. {isApiError(news.error) ? news.error.message : ''}
        </Alert>
      ) : items === undefined ? (
        <NewsListSkeleton rows={2} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reports have been published about this fund yet.
        </Text>
      ) : (
        <NewsList
          items={items}
          hideCompany
          hrefOf={(item) => `/investor/portfolio/fund/${fundId}/reports/${item.id}`}
        />
      )}
    </RecordSection>
  );
}
