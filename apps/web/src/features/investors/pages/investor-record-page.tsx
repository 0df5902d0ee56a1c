import { Alert, Badge, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { INVESTOR_TABS, recordPath, visibleRecordTabs } from '../../../config/records';
import { isApiError } from '../../../lib/api-error';
import { useFeatures } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useInvestor } from '../api/get-investor';
import { useRecordId } from '../../../lib/records/use-record-id';
import { categoryLabel, InvestorStatusBadge } from '../components/investor-badges';
import { InvestorHeaderActions } from '../components/investor-header-actions';

/**
 * /admin/investors/{id}/details and its tabs (spec §2.1): the investor's header, the tabs this role may
 * see, and the open tab below.
 */
export function InvestorRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const terminology = useTerminology();
  const { data: investor, isError, error, refetch, isFetching } = useInvestor(id);

  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;

  const tabs = visibleRecordTabs(INVESTOR_TABS, user.role_id, features);
  return (
    <RecordPage
      title={investor?.name}
      description={investor?.email}
      back={{ label: terminology.investors, to: ADMIN_SCREENS.investors.path }}
      badges={
        investor && (
          <Group gap={6}>
            <InvestorStatusBadge status={investor.status} />
            <LeadStatusBadge status={investor.lead_status} />
            {investor.category && (
              <Badge variant="outline" color="primaryLighter" title={terminology.investor_categorisation}>
                {categoryLabel(terminology, investor.category)}
              </Badge>
            )}
          </Group>
        )
      }
      actions={investor && <InvestorHeaderActions investor={investor} />}
      basePath={recordPath('investor', id)}
      tabs={tabs}
    >
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Stack gap="xs" align="flex-start">
            This record could not be loaded. {isApiError(error) && !error.unanswered ? error.message : ''}
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void refetch()} loading={isFetching}>
                Try again
              </Button>
              <Button size="xs" variant="subtle" component={Link} to={ADMIN_SCREENS.investors.path}>
                Back to the list
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Outlet />
      )}
    </RecordPage>
  );
}
