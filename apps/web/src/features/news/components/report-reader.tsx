import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { NewsItem } from '@portico/contracts';
import { IconAlertTriangle, IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { newsPdfHref, useMarkNewsRead, useNewsItem } from '../api/news';
import { ReportAttachmentLinks } from './report-attachments';
import { ReportHtml } from './report-html';

interface ReportReaderProps {
  id: number | undefined;
  /** the way back: to News, or to the holding */
  back: (report: NewsItem | undefined) => { to: string; label: string };
  /** read from a holding's page: a report about another company is not found there */
  opportunityId?: number | undefined;
  /** read from a fund's page (issue 20): a report about anything else is not found there */
  fundId?: number | undefined;
  /** above the report, once it is known (the holding's breadcrumb) */
  breadcrumb?: (report: NewsItem) => ReactNode;
}

/** One live report as an investor reads it; opening it marks it read. */
export function ReportReader({ id, back, opportunityId, fundId, breadcrumb }: ReportReaderProps) {
  const { data: report, isPending, isError, error } = useNewsItem(id);
  const markRead = useMarkNewsRead();
  const marked = useRef<number | null>(null);
  useDocumentTitle(report?.title);

  useEffect(() => {
    if (!report || report.read_at !== null || marked.current === report.id) return;
    marked.current = report.id;
    markRead.mutate(report.id);
  }, [report, markRead]);

  const notFound =
    id === undefined ||
    (isApiError(error) && error.status === 404) ||
    (opportunityId !== undefined && report !== undefined && report.opportunity?.id !== opportunityId) ||
    (fundId !== undefined && report !== undefined && report.fund?.id !== fundId);
  if (notFound) return <ErrorPage status={404} />;

  const way = back(report);
  return (
    <Stack gap="lg">
      {report && breadcrumb ? (
        breadcrumb(report)
      ) : (
        <Anchor component={Link} to={way.to} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden /> {way.label}
          </Group>
        </Anchor>
      )}
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          This report could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Stack gap="md" aria-label="Loading" aria-busy>
          <Skeleton height={36} width="60%" />
          <Skeleton height={16} width="30%" />
          <Skeleton height={240} radius="md" />
        </Stack>
      ) : (
        <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <div>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {report.title}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {report.opportunity?.name ?? report.fund?.name ?? 'General news'} · Published{' '}
                <time dateTime={report.published_at}>{formatDate(report.published_at)}</time>
              </Text>
              {report.version > 1 && (
                <Text size="sm" c="dimmed" fs="italic">
                  Corrected on {formatDate(report.corrected_at)}
                </Text>
              )}
            </div>
            <ReportHtml html={report.body} />
            <ReportAttachmentLinks attachments={report.attachments} />
            <Group>
              <Button
                component="a"
                href={newsPdfHref(report.id)}
                download
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Download PDF
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
