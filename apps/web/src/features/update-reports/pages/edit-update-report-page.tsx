import { Alert, Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { isApiError } from '../../../lib/api-error';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUpdateReport } from '../api/update-reports';
import { UpdateReportForm } from '../components/update-report-form';
import { UpdateReportStatusBadge } from '../components/update-report-status-badge';
import { updateReportPaths } from '../paths';

/** /admin/reports/{id}/edit-update: a draft (or scheduled) update; a live one moves to its details. */
export function EditUpdateReportPage() {
  const id = useRecordId();
  const { data: report, isPending, isError, error } = useUpdateReport(id);
  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;
  if (report && (report.status === 'live' || report.status === 'withdrawn'))
    return <Navigate to={updateReportPaths.details(report.id)} replace />;

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
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : (
        <>
          <PageHeader title={report.title} actions={<UpdateReportStatusBadge status={report.status} />} />
          <UpdateReportForm key={report.id} report={report} />
        </>
      )}
    </Stack>
  );
}
