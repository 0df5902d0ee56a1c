import { Button } from '@mantine/core';
import { can } from '@portico/contracts';
import { canSeeInvestmentTab, opportunityAdminPath, opportunityPhase } from '@portico/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { isNotFound } from '../../../components/records/record-load-error';
import { EXISTING_INVESTMENT_TABS, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { OpportunityHeaderActions } from '../components/opportunity-header-actions';
import { OpportunityRecordShell } from '../components/opportunity-record-shell';
import { useOpportunity } from '../api/get-opportunity';
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
  const query = useOpportunity(id);
  const { data: opportunity, error } = query;
  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  if (opportunity && opportunityPhase(opportunity.stage) !== 'existing')
    return <Navigate to={opportunityAdminPath(id, opportunity.stage)} replace />;
  // the Investment Manager sees Key Information only (spec §6)
  const tabs = visibleRecordTabs(EXISTING_INVESTMENT_TABS, user.role_id, features).filter((tab) =>
    canSeeInvestmentTab(user.role_id, 'existing', tab.id),
  );
  return (
    <OpportunityRecordShell
      query={query}
      basePath={`/admin/investments/existing/${id}/details`}
      tabs={tabs}
      actions={(loaded) => (
        <>
          <FollowOnRounds opportunityId={loaded.id} />
          {can(user.role_id, 'investment_opportunity_live', 'create') && (
            <Button
              variant="default"
              component={Link}
              to={newRoundPath(loaded.id)}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Raise a new round
            </Button>
          )}
          <OpportunityHeaderActions
            opportunity={loaded}
            previewHref={`/admin/investments/existing/${loaded.id}/details/preview`}
          />
        </>
      )}
    />
  );
}
