import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { NewsItem } from '@portico/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';
import type { useLatestNews } from '../api/investor-overview';
import { LoadFailed } from './load-failed';

function NewsLine({ item }: { item: NewsItem }) {
  const unread = item.read_at === null;
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/investor/news/reports/${item.id}`} fw={unread ? 700 : 600}>
            {item.title}
          </Anchor>
          {unread && (
            <Badge size="sm" variant="light" color="blue">
              Unread
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDate(item.published_at)}
          {item.opportunity
            ? ` · ${item.opportunity.name}`
            : item.fund
              ? ` · ${item.fund.name}`
              : ' · General news'}
        </Text>
        {item.excerpt && (
          <Text size="sm" lineClamp={2}>
            {item.excerpt}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The three newest updates for this investor; left out while the server has no news (404). */
export function LatestNews({ query }: { query: ReturnType<typeof useLatestNews> }) {
  const terms = useTerminology();
  if (query.data === null) return null;
  const items = query.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="latest-news">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} fz="xl" id="latest-news">
          Latest {inSentence(terms.news)}
        </Title>
        {query.isSuccess && (
          <Anchor component={Link} to="/investor/news" size="sm" fw={600}>
            All {inSentence(terms.news)}
          </Anchor>
        )}
      </Group>
      {query.isPending && <Skeleton height={96} radius="md" aria-label="Loading the latest news" />}
      {query.isError && (
        <LoadFailed retrying={query.isFetching} onRetry={() => void query.refetch()}>
          {`The latest ${inSentence(terms.news)} could not be loaded.`}
        </LoadFailed>
      )}
      {query.isSuccess && items.length === 0 && <Text c="dimmed">No {inSentence(terms.news)} yet.</Text>}
      {items.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <NewsLine key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
