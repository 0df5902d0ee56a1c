import { Skeleton, Stack } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { ErrorPage } from '../../../components/errors/error-page';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDateTime } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useApplication } from '../api/get-application';
import { ApplicationDecision } from '../components/application-decision';
import { requestSummary } from '../components/application-request';
import { ApplicationStatusBadge } from '../components/application-status-badge';
import { ApplicationSummary } from '../components/application-summary';
import { applicationPath } from '../components/applications-table';

/** /admin/investors/organisation-applications/{id}/details: read it, then approve or reject it. */
export function ApplicationDetailsPage() {
  const id = useRecordId();
  const user = useUser();
  const { data: application, isError, error, refetch, isFetching } = useApplication(id);

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const listPath = ADMIN_SCREENS.organisationApplications.path;
  const mayDecide = can(user.role_id, 'investors', 'update');

  return (
    <RecordPage
      title={application && requestSummary(application)}
      description={
        application && `From ${application.investor.name}, received ${formatDateTime(application.created_at)}`
      }
      back={{ label: 'Organisation applications', to: listPath }}
      badges={application && <ApplicationStatusBadge status={application.status} />}
      actions={
        application?.status === 'pending' && mayDecide && <ApplicationDecision application={application} />
      }
      basePath={applicationPath(id)}
      tabs={[]}
    >
      {isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={listPath}
        />
      ) : application ? (
        <Stack gap="lg">
          <ApplicationSummary application={application} />
        </Stack>
      ) : (
        <Skeleton height={220} radius="md" aria-label="Loading" />
      )}
    </RecordPage>
  );
}
