import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney } from '../../../lib/money';
import type { Investing } from '../api/investing-schemas';
import { CoolingOff } from './cooling-off';
import { FirstInvestmentWarning } from './first-investment-warning';
import { InvestingReasons } from './investing-reasons';

/** The reasons the first-investment panels already explain, by the words of their codes. */
const FRICTION_CODE = /warning|cooling/i;

/**
 * What the investor may do now on an opportunity's page: reserve an allocation, or see what is missing
 * (the onboarding checklist), and on a first investment the personalised warning and its cooling-off.
 */
export function InvestAction({ slug, investing }: { slug: string; investing: UseQueryResult<Investing> }) {
  const terms = useTerminology();
  if (investing.isPending) return <Skeleton h={44} radius="md" aria-label="Loading" />;
  if (investing.isError) {
    // 404: the opportunity is no longer open to this investor (closed, or withdrawn).
    if (isApiError(investing.error) && investing.error.status === 404)
      return <Text c="dimmed">This opportunity is not taking investments from you.</Text>;
    return (
      <Alert color="danger" variant="light" role="alert" title="We could not check whether you can invest">
        <Button size="compact-sm" variant="light" onClick={() => void investing.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = investing.data;
  const shownAt = data.risk_warning?.shown_at;
  const reasons = data.first_investment
    ? data.reasons.filter((reason) => !FRICTION_CODE.test(reason.code))
    : data.reasons;
  const committed = (data.my_investments ?? []).filter(
    (investment) => investment.status !== 'cancelled' && investment.amount,
  );

  return (
    <Stack gap="md" component="section" aria-label="Invest">
      {data.first_investment && <FirstInvestmentWarning investing={data} />}
      {data.first_investment && shownAt && data.cooling_off_seconds_left > 0 && (
        <CoolingOff
          key={data.cooling_off_seconds_left}
          secondsLeft={data.cooling_off_seconds_left}
          endsAt={data.risk_warning?.cooling_off_ends_at}
          onElapsed={() => void investing.refetch()}
        />
      )}
      <InvestingReasons reasons={reasons} />
      {committed.length > 0 && (
        <Text size="sm">
          You have {committed.length === 1 ? 'an allocation' : `${committed.length} allocations`} here:{' '}
          {committed.map((investment) => formatMoney(investment.amount)).join(', ')}.{' '}
          <Text component={Link} to="/investor/investments" size="sm" c="primary.7" td="underline">
            See {terms.reserved_allocations}
          </Text>
        </Text>
      )}
      {data.can_invest && (
        <Group>
          <Button component={Link} to={`/investor/investments/${slug}/investor-type`} size="md">
            {terms.reserve_allocation}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
