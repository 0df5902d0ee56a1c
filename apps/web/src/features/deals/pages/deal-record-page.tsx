import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, canSeeInvestmentTab } from '@portico/contracts/constants';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordHeaderActions } from '../../../components/records/record-header-actions';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { DEAL_TABS, recordPath, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { inSentence, singularOf, useTerminology } from '../../../lib/terminology';
import { useDeleteDeal } from '../api/deal-mutations';
import { dealNoun } from '../api/deal-noun';
import { useDeal } from '../api/get-deal';
import { ConvertDealButton } from '../../opportunities/components/convert-deal-button';
import { useMarketSoundingHref } from '../../market-soundings/api/market-sounding-link';

/**
 * /admin/investments/deals/{id}/… (spec §2.1): the deal's header (its stage; "Convert to opportunity", or
 * the way to the opportunity it became; edit, delete), then its tabs as the role may see them (spec §6).
 */
export function DealRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const terms = useTerminology();
  const noun = dealNoun(terms);
  const navigate = useNavigate();
  const { data: deal, isError, error, refetch, isFetching } = useDeal(id);
  const erase = useDeleteDeal();
  const soundingHref = useMarketSoundingHref({ deal_id: id ?? 0 });

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const tabs = visibleRecordTabs(DEAL_TABS, user.role_id, features).filter((tab) =>
    canSeeInvestmentTab(user.role_id, 'deals', tab.id),
  );

  let body: ReactNode = <Outlet />;
  if (isError)
    body = (
      <RecordLoadError
        error={error}
        retry={() => void refetch()}
        retrying={isFetching}
        listPath={ADMIN_SCREENS.deals.path}
      />
    );

  return (
    <RecordPage
      title={deal?.name}
      description={deal && `${deal.company_name} · ${deal.pipeline.name}`}
      back={{ label: terms.deals, to: ADMIN_SCREENS.deals.path }}
      badges={
        deal && (
          <Badge variant="light" color="primaryLighter">
            {deal.stage.name}
          </Badge>
        )
      }
      actions={
        deal && (
          <>
            {deal.opportunity_id === null ? (
              <ConvertDealButton dealId={deal.id} />
            ) : (
              can(user.role_id, 'investment_opportunity_live', 'show') && (
                <Button component={Link} to={recordPath('opportunity', deal.opportunity_id)} variant="light">
                  Open {singularOf(inSentence(terms.opportunities))}
                </Button>
              )
            )}
            {soundingHref && (
              <Button component={Link} to={soundingHref} variant="default">
                Market sounding
              </Button>
            )}
            <RecordHeaderActions
              editHref={
                can(user.role_id, 'pipeline_deals', 'update')
                  ? ADMIN_SCREENS.dealEdit.path.replace(':id', String(id))
                  : undefined
              }
              deletion={
                can(user.role_id, 'pipeline_deals', 'delete')
                  ? {
                      title: `Delete ${deal.name}`,
                      body: (
                        <>
                          Delete <strong>{deal.name}</strong>? Its documents, notes, calls, tasks and
                          performance figures are deleted with it. This cannot be undone.
                        </>
                      ),
                      run: async () => {
                        await erase.mutateAsync(id);
                        notifications.show({
                          color: 'success',
                          title: `${noun.one.charAt(0).toUpperCase()}${noun.one.slice(1)} deleted`,
                          message: `${deal.name} was deleted.`,
                        });
                        void navigate(ADMIN_SCREENS.deals.path, { replace: true });
                      },
                    }
                  : undefined
              }
            />
          </>
        )
      }
      basePath={recordPath('pipeline_deal', id)}
      tabs={tabs}
    >
      {body}
    </RecordPage>
  );
}
