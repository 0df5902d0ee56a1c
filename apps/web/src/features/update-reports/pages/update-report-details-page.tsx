import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBan,
  IconDownload,
  IconEdit,
  IconPencil,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { ReportAttachmentLinks } from '../../news/components/report-attachments';
import { ReportHtml } from '../../news/components/report-html';
import { updateReportPdfHref, useUpdateReport } from '../api/update-reports';
import { CorrectModal } from '../components/correct-modal';
import { UpdateReportStatusBadge } from '../components/update-report-status-badge';
import { VersionsHistory } from '../components/versions-history';
import { WithdrawModal } from '../components/withdraw-modal';
import { formatLondon } from '../../../lib/london-time';
import { updateReportPaths } from '../paths';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** /admin/reports/{id}/details: a live (or withdrawn) update as investors read it, with its history. */
export function UpdateReportDetailsPage() {
  const user = useUser();
  const id = useRecordId();
  const { data: report, isPending, isError, error } = useUpdateReport(id);
  const [dialog, setDialog] = useState<'correct' | 'withdraw' | null>(null);
  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;
  const mayUpdate = can(user.role_id, 'update_reports', 'update');

  return (
    <Stack gap={0}>
      <Anchor component={Link} to={updateReportPaths.list} size="sm" mb="xs">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Updates
        </Group>
      </Anchor>
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          This update could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Stack gap="md" aria-label="Loading" aria-busy>
          <Skeleton height={36} width="40%" />
          <Skeleton height={80} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : (
        <>
          <PageHeader
            title={report.title}
            actions={
              <Group gap="xs">
                {report.status === 'live' && mayUpdate && (
                  <>
                    <Button
                      variant="default"
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setDialog('correct')}
                    >
                      Correct
                    </Button>
                    <Button
                      variant="default"
                      color="danger"
                      leftSection={<IconBan size={16} aria-hidden />}
                      onClick={() => setDialog('withdraw')}
                    >
                      Withdraw
                    </Button>
                  </>
                )}
                {(report.status === 'draft' || report.status === 'scheduled') && mayUpdate && (
                  <Button
                    component={Link}
                    to={updateReportPaths.edit(report.id)}
                    leftSection={<IconEdit size={16} aria-hidden />}
                  >
                    Edit
                  </Button>
                )}
                {report.status !== 'draft' && (
                  <Button
                    component="a"
                    href={updateReportPdfHref(report.id)}
                    download
                    variant="light"
                    leftSection={<IconDownload size={16} aria-hidden />}
                  >
                    Download PDF
                  </Button>
                )}
              </Group>
            }
          />
          <Stack gap="lg">
            {report.status === 'withdrawn' && (
              <Alert color="danger" variant="light" icon={<IconBan aria-hidden />}>
                Withdrawn {formatDateTime(report.withdrawn_at)}
                {report.withdrawn_reason ? `: ${report.withdrawn_reason}` : ''}. Investors no longer see it.
              </Alert>
            )}
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" m={0}>
                <Fact label="Status">
                  <UpdateReportStatusBadge status={report.status} />
                </Fact>
                <Fact label="About">{report.opportunity?.name ?? report.fund?.name ?? 'General news'}</Fact>
                <Fact label={report.status === 'scheduled' ? 'Goes live' : 'Published'}>
                  {report.status === 'scheduled'
                    ? formatLondon(report.publish_at)
                    : formatDate(report.published_at)}
                </Fact>
                <Fact label="Recipients">
                  {report.recipients === null ? '—' : formatNumber(report.recipients)}
                </Fact>
              </SimpleGrid>
            </Paper>
            <RecordSection
              title="As investors read it"
              description={report.version > 1 ? `Version ${report.version}, corrected.` : undefined}
            >
              <Title order={3} fz="xl">
                {report.title}
              </Title>
              <ReportHtml html={report.body} />
              <ReportAttachmentLinks attachments={report.attachments} />
            </RecordSection>
            {report.status !== 'draft' && (
              <RecordSection title="Versions" description="Every published version is kept.">
                <VersionsHistory versions={report.versions} />
              </RecordSection>
            )}
          </Stack>
          {report.status === 'live' && (
            <>
              <CorrectModal report={report} opened={dialog === 'correct'} onClose={() => setDialog(null)} />
              <WithdrawModal report={report} opened={dialog === 'withdraw'} onClose={() => setDialog(null)} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
