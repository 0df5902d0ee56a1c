import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { useNews } from '../api/news';
import { NewsList, NewsListSkeleton } from './news-list';

/** A holding's page: the live updates about it, each opening in the holding's context. */
export function HoldingUpdates({ opportunityId }: { opportunityId: number }) {
  const news = useNews({ opportunityId, perPage: 100 });
  // general news is everyone's, not this holding's
  const items = news.data?.data.filter((item) => item.opportunity?.id === opportunityId);
  return (
    <RecordSection title="Updates" description="What the company has reported to its investors.">
      {news.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The updates could not be loaded. {isApiError(news.error) ? news.error.message : ''}
        </Alert>
      ) : items === undefined ? (
        <NewsListSkeleton rows={2} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No updates have been published about this investment yet.
        </Text>
      ) : (
        <NewsList
          items={items}
          hideCompany
          hrefOf={(item) => `/investor/portfolio/${opportunityId}/reports/${item.id}`}
        />
      )}
    </RecordSection>
  );
}
