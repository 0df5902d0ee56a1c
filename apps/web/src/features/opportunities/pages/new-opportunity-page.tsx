import { Alert, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, opportunityPhase } from '@portico/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { RecordLoadError } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useFeature } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { useFund } from '../../funds/api/get-fund';
import { fundPath } from '../../funds/fund-paths';
import { followOnRoundsKey } from '../../pre-emption/components/follow-on-rounds';
import { useOpportunity } from '../api/get-opportunity';
import { useCreateOpportunity } from '../api/opportunity-mutations';
import { fundOpportunityValues, newRoundValues, OpportunityForm } from '../components/opportunity-form';
import { NEW_ROUND_PARAM } from '../new-round';

/** `?fund={id}`: a new fund opportunity raising for that fund (from the fund's page). */
export const FUND_PARAM = 'fund';

const positiveId = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/**
 * /admin/investments/opportunities/new-opportunity: a draft from its key details. With `?round_of={id}`
 * of an existing investment, a new round of it (decision 015): the company, share class, tax relief,
 * share price and classification are filled in, and its holders' pre-emption choices are made with the
 * draft (they are told when it goes live). With `?fund={id}` (funds feature on, a role that may create
 * fund opportunities), the fund is chosen and the currency is the fund's.
 */
export function NewOpportunityPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync } = useCreateOpportunity();
  const [params] = useSearchParams();
  const roundOf = positiveId(params.get(NEW_ROUND_PARAM));
  const user = useUser();
  const fundsOn = useFeature('funds');
  const forFund =
    roundOf === undefined && fundsOn && can(user.role_id, 'funds_opportunity', 'create')
      ? positiveId(params.get(FUND_PARAM))
      : undefined;
  const existing = useOpportunity(roundOf);
  // The fund's currency when the role may read funds; the fund alone otherwise (the server checks both).
  const fund = useFund(forFund !== undefined && can(user.role_id, 'funds', 'show') ? forFund : undefined);
  const fundSettled = forFund === undefined || !fund.isPending || fund.fetchStatus === 'idle';
  const fundCurrency = fund.data?.currency;
  const start = useMemo(() => {
    if (existing.data) return newRoundValues(existing.data);
    if (forFund !== undefined && fundSettled) return fundOpportunityValues(forFund, fundCurrency);
    return undefined;
  }, [existing.data, forFund, fundSettled, fundCurrency]);
  const extra = useMemo(() => (roundOf ? { pre_emption_of_id: roundOf } : undefined), [roundOf]);

  const cancel = () =>
    void navigate(
      roundOf
        ? `/admin/investments/existing/${roundOf}/details`
        : forFund
          ? fundPath(forFund)
          : ADMIN_SCREENS.opportunities.path,
    );
  const form = (
    <OpportunityForm
      // A different existing investment (or none) is a different form: its values start again.
      key={roundOf ?? (forFund ? `fund-${forFund}` : 'new')}
      submit={mutateAsync}
      start={start}
      extra={extra}
      onCancel={cancel}
      onSaved={(opportunity) => {
        // The existing investment's "Follow-on rounds" lists the new one.
        if (roundOf) void queryClient.invalidateQueries({ queryKey: followOnRoundsKey(roundOf) });
        notifications.show({
          color: 'success',
          title: 'Draft created',
          message: roundOf
            ? `${opportunity.name} is a draft with its holders' pre-emption. They are told when it goes live.`
            : `${opportunity.name} is a draft. Add its key points, team and documents.`,
        });
        void navigate(`/admin/investments/opportunities/${opportunity.id}/edit`);
      }}
    />
  );

  if (!roundOf)
    return (
      <>
        <PageHeader
          title={forFund ? 'New fund opportunity' : 'New opportunity'}
          description={
            forFund
              ? `A draft raising for ${fund.data?.name ?? 'the fund'}: investors commit to the fund through it. Investors see nothing until it goes live.`
              : "Start a draft: investors see nothing until it goes live. Add its page's content next."
          }
        />
        {forFund === undefined || start ? (
          form
        ) : (
          <Stack gap="lg" aria-label="Loading">
            <Skeleton height={240} radius="md" />
          </Stack>
        )}
      </>
    );

  const notExisting = existing.data && opportunityPhase(existing.data.stage) !== 'existing';
  return (
    <>
      <PageHeader
        title="New round"
        description={
          existing.data
            ? `A draft raising again for ${existing.data.name}. Its holders get their pre-emption right: a choice to keep their share of the company.`
            : 'A draft raising again for an existing investment.'
        }
      />
      {notExisting ? (
        <Alert color="warning" variant="light" role="alert" title="Not an existing investment">
          Only a completed or matured opportunity raises a new round.
        </Alert>
      ) : start ? (
        // once filled in, the form stays even if a later refetch fails: what was typed is kept
        form
      ) : existing.isError ? (
        <RecordLoadError
          error={existing.error}
          retry={() => void existing.refetch()}
          retrying={existing.isFetching}
          listPath={ADMIN_SCREENS.opportunities.path}
        />
      ) : (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={240} radius="md" />
        </Stack>
      )}
    </>
  );
}
