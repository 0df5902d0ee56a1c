import { Button, Skeleton, Stack } from '@mantine/core';
import { can } from '@portico/contracts';
import { canSeeInvestmentTab, opportunityAdminPath, opportunityPhase } from '@portico/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { Link, Navigate, Outlet } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { EXISTING_INVESTMENT_TABS, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { OpportunityHeaderActions } from '../components/opportunity-header-actions';
import { useOpportunity } from '../api/get-opportunity';
import { OpportunityStatusBadge } from '../../opportunity-lifecycle/components/opportunity-status-badge';
import { FollowOnRounds } from '../../pre-emption/components/follow-on-rounds';
import { newRoundPath } from '../new-round';

/**
 * /admin/investments/existing/{id}/details (stages 5 and 6, spec §2.1): Key Information, Performance,
 * Transactions, Cap Table, Cap Table Performance, and Notes, Calls and Tasks; Preview, and Delete for
 * a role with delete_unsafe on existing investments (Support, spec §6). An opportunity of another stage
 * moves to its own page.
 */
export function ExistingRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const terminology = useTerminology();
  const { data: opportunity, isError, error, refetch, isFetching } = useOpportunity(id);
  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  if (opportunity && opportunityPhase(opportunity.stage) !== 'existing')
    return <Navigate to={opportunityAdminPath(id, opportunity.stage)} replace />;
  // the Investment Manager sees Key Information only (spec §6)
  const tabs = visibleRecordTabs(EXISTING_INVESTMENT_TABS, user.role_id, features).filter((tab) =>
    canSeeInvestmentTab(user.role_id, 'existing', tab.id),
  );
  return (
    <RecordPage
      title={opportunity?.name}
      description={opportunity?.company_name}
      back={{ label: terminology.opportunities, to: ADMIN_SCREENS.opportunities.path }}
      badges={opportunity && <OpportunityStatusBadge status={opportunity.status} />}
      actions={
        opportunity && (
          <>
            <FollowOnRounds opportunityId={opportunity.id} />
            {can(user.role_id, 'investment_opportunity_live', 'create') && (
              <Button
                variant="default"
                component={Link}
                to={newRoundPath(opportunity.id)}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Raise a new round
              </Button>
            )}
            <OpportunityHeaderActions
              opportunity={opportunity}
              previewHref={`/admin/investments/existing/${opportunity.id}/details/preview`}
            />
          </>
        )
      }
      basePath={`/admin/investments/existing/${id}/details`}
      tabs={tabs}
    >
      {isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={ADMIN_SCREENS.opportunities.path}
        />
      ) : opportunity ? (
        <Outlet />
      ) : (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={160} radius="md" />
        </Stack>
      )}
    </RecordPage>
  );
}
