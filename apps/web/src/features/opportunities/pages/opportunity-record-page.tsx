import { canSeeInvestmentTab, opportunityAdminPath, opportunityPhase } from '@portico/contracts/constants';
import { Navigate, useLocation } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { isNotFound } from '../../../components/records/record-load-error';
import { OPPORTUNITY_TABS, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useOpportunity } from '../api/get-opportunity';
import { OpportunityHeaderActions } from '../components/opportunity-header-actions';
import { OpportunityRecordShell } from '../components/opportunity-record-shell';

/**
 * /admin/investments/opportunities/{id}/… for stages 1 to 4 (spec §2.1): the header, then a draft's Edit
 * tab or a live one's Details, Key Information and Notes, Calls and Tasks. An existing investment's
 * address (stages 5 and 6) moves to its own page; a tab of the wrong stage moves to the right one.
 */
export function OpportunityRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const { pathname } = useLocation();
  const query = useOpportunity(id);
  const { data: opportunity, error } = query;

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const base = `/admin/investments/opportunities/${id}`;
  if (opportunity) {
    const phase = opportunityPhase(opportunity.stage);
    const home = opportunityAdminPath(id, opportunity.stage);
    // The bare address, an existing investment's, and the other phase's first tab go to this stage's page.
    const tab = pathname.slice(base.length).replace(/^\//, '').split('/')[0] ?? '';
    const wrongTab =
      (phase === 'draft' && (tab === 'details' || tab === 'transactions')) ||
      (phase === 'live' && tab === 'edit');
    if (phase === 'existing' || tab === '' || wrongTab) return <Navigate to={home} replace />;
  }

  const tabs = visibleRecordTabs(OPPORTUNITY_TABS, user.role_id, features).filter((tab) => {
    if (tab.id === 'notes-calls-tasks') return canSeeInvestmentTab(user.role_id, 'opportunities', tab.id);
    if (tab.id === 'key-information') return canSeeInvestmentTab(user.role_id, 'opportunities', tab.id);
    // A draft takes no investments: its Transactions tab opens once it goes live.
    if (tab.id === 'transactions') return opportunity !== undefined && opportunity.stage > 1;
    if (!opportunity) return tab.id !== 'details';
    return opportunity.stage === 1 ? tab.id !== 'details' : tab.id !== 'edit';
  });

  return (
    <OpportunityRecordShell
      query={query}
      basePath={base}
      tabs={tabs}
      actions={(loaded) => (
        <OpportunityHeaderActions opportunity={loaded} previewHref={`${base}/details/preview`} />
      )}
    />
  );
}
