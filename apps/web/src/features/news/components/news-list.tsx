import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { NewsItem } from '@portico/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';

interface NewsListProps {
  items: readonly NewsItem[];
  /** where a report opens (the News reader, or the holding's) */
  hrefOf: (item: NewsItem) => string;
  /** the company (or fund) is known from the page (a holding's or a fund's updates) */
  hideCompany?: boolean;
}

/** Reports newest first; an unread one is bold with a "New" badge, said in words to screen readers too. */
export function NewsList({ items, hrefOf, hideCompany = false }: NewsListProps) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => {
        const unread = item.read_at === null;
        return (
          <Paper
            key={item.id}
            component="li"
            withBorder
            radius="md"
            p="md"
            data-unread={unread || undefined}
            style={unread ? { borderLeft: '4px solid var(--mantine-primary-color-filled)' } : undefined}
          >
            <Stack gap={4}>
              <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                <Anchor
                  component={Link}
                  to={hrefOf(item)}
                  fw={unread ? 700 : 500}
                  c="inherit"
                  underline="hover"
                >
                  {item.title}
                  {unread && <VisuallyHidden> (unread)</VisuallyHidden>}
                </Anchor>
                {unread && (
                  <Badge size="sm" variant="filled" aria-hidden>
                    New
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {hideCompany ? '' : `${item.opportunity?.name ?? item.fund?.name ?? 'General news'} · `}
                <time dateTime={item.published_at}>{formatDate(item.published_at)}</time>
              </Text>
              {item.excerpt && (
                <Text size="sm" lineClamp={3}>
                  {item.excerpt}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function NewsListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-label="Loading" aria-busy>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={96} radius="md" />
      ))}
    </Stack>
  );
}
