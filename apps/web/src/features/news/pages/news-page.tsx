import { Alert, EmptyState, Stack } from '@mantine/core';
import { IconAlertTriangle, IconNews } from '@tabler/icons-react';
import { PageHeader } from '../../../components/layouts/page-header';
import { isApiError } from '../../../lib/api-error';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useState } from 'react';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { useNews, useNewsUnread } from '../api/news';
import { NewsList, NewsListSkeleton } from '../components/news-list';

/** /investor/news (spec §2.2): the live updates about what the investor holds, and general news. */
export function NewsPage() {
  const terms = useTerminology();
  const [page, setPage] = useState(1);
  const news = useNews({ page });
  const unread = useNewsUnread().data ?? 0;
  return (
    <Stack gap={0}>
      <PageHeader
        title={terms.news}
        description={
          unread > 0
            ? `Updates from the companies you hold, and general news. ${unread} new.`
            : 'Updates from the companies you hold, and general news.'
        }
      />
      {news.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The news could not be loaded. {isApiError(news.error) ? news.error.message : 'Please try again.'}
        </Alert>
      ) : news.isPending ? (
        <NewsListSkeleton />
      ) : news.data.data.length === 0 ? (
        <EmptyState
          icon={<IconNews size={28} aria-hidden />}
          title={`No ${inSentence(terms.news)} yet`}
          description="When a company you hold reports to its investors, its update appears here."
          withIndicatorBackground
          size="sm"
        />
      ) : (
        <>
          <NewsList items={news.data.data} hrefOf={(item) => `/investor/news/reports/${item.id}`} />
          <ListPagination
            meta={news.data.meta}
            onPageChange={setPage}
            noun={{ one: 'report', many: 'reports' }}
          />
        </>
      )}
    </Stack>
  );
}
