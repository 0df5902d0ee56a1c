import { Alert, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { opportunityPhase } from '@portico/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { RecordLoadError } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { followOnRoundsKey } from '../../pre-emption/components/follow-on-rounds';
import { useOpportunity } from '../api/get-opportunity';
import { useCreateOpportunity } from '../api/opportunity-mutations';
import { newRoundValues, OpportunityForm } from '../components/opportunity-form';
import { NEW_ROUND_PARAM } from '../new-round';

/**
 * /admin/investments/opportunities/new-opportunity: a draft from its key details. With `?round_of={id}`
 * of an existing investment, a new round of it (decision 015): the company, share class, tax relief,
 * share price and classification are filled in, and its holders' pre-emption choices are made with the
 * draft (they are told when it goes live).
 */
export function NewOpportunityPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync } = useCreateOpportunity();
  const [params] = useSearchParams();
  const given = Number(params.get(NEW_ROUND_PARAM));
  const roundOf = Number.isInteger(given) && given > 0 ? given : undefined;
  const existing = useOpportunity(roundOf);
  const start = useMemo(() => (existing.data ? newRoundValues(existing.data) : undefined), [existing.data]);
  const extra = useMemo(() => (roundOf ? { pre_emption_of_id: roundOf } : undefined), [roundOf]);

  const cancel = () =>
    void navigate(
      roundOf ? `/admin/investments/existing/${roundOf}/details` : ADMIN_SCREENS.opportunities.path,
    );
  const form = (
    <OpportunityForm
      // A different existing investment (or none) is a different form: its values start again.
      key={roundOf ?? 'new'}
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
          title="New opportunity"
          description="Start a draft: investors see nothing until it goes live. Add its page's content next."
        />
        {form}
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
