import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { InvestorOverview, OverviewPreEmption } from '@portico/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { inSentence, pluralOf, useTerminology } from '../../../lib/terminology';
import { CoolingOff } from '../../investor-investments/components/cooling-off';
import { LoadFailed } from './load-failed';

// The copy buttons' tooltips (Floating UI) load only when there is a cash call to show.
const CashCallCard = lazy(async () => ({ default: (await import('./cash-call-card')).CashCallCard }));

/** A round the investor may take part in before others: its deadline and where to choose. */
function PreEmptionChoice({ right }: { right: OverviewPreEmption }) {
  const headingId = `pre-emption-${right.opportunity.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap={6} align="flex-start">
        <Text fw={700} id={headingId}>
          Your pre-emption right in {right.opportunity.name}
        </Text>
        <Text size="sm">
          As a holder of {right.existing_investment.name}, you may take part in this round before others
          {right.entitlement
            ? `: your entitlement is ${formatMoney(right.entitlement, right.opportunity.currency)}`
            : ''}
          .
        </Text>
        <Text size="sm" fw={600}>
          {right.ends_on ? `Choose by ${formatDate(right.ends_on)}` : 'No deadline has been set yet'}
        </Text>
        <Anchor
          component={Link}
          to={`/investor/investments/${right.opportunity.slug}`}
          size="sm"
          fw={600}
          aria-label={`Make your choice on ${right.opportunity.name}`}
        >
          Make your choice
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** How many things wait for the investor. */
export function attentionCount(overview: InvestorOverview): number {
  return overview.cash_calls.length + overview.pre_emptions.length + (overview.cooling_off ? 1 : 0);
}

/**
 * "Needs your attention": cash calls to pay, pre-emption choices to make, the first investment's
 * cooling-off; each with what to do next.
 */
export function NeedsAttention({
  overview,
  loading,
  failed,
  retrying,
  onRetry,
}: {
  overview: InvestorOverview | undefined;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const cashCalls = pluralOf(useTerminology().cash_call);
  return (
    <Stack gap="sm" component="section" aria-labelledby="needs-attention">
      <Title order={2} fz="xl" id="needs-attention">
        Needs your attention
      </Title>
      {loading && <Skeleton height={120} radius="md" aria-label="Loading what needs your attention" />}
      {failed && (
        <LoadFailed retrying={retrying} onRetry={onRetry}>
          What needs your attention could not be loaded.
        </LoadFailed>
      )}
      {overview && attentionCount(overview) === 0 && (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="success" variant="light" radius="xl" size={28}>
            <IconCircleCheck size={18} aria-hidden />
          </ThemeIcon>
          <Text c="dimmed">Nothing needs you right now.</Text>
        </Group>
      )}
      {overview && overview.cash_calls.length > 0 && (
        <Stack gap="sm" aria-label={`${cashCalls} due`} role="list">
          <Suspense
            fallback={
              <Skeleton height={160} radius="md" aria-label={`Loading your ${inSentence(cashCalls)}`} />
            }
          >
            {overview.cash_calls.map((call) => (
              <div role="listitem" key={call.investment_id}>
                <CashCallCard call={call} />
              </div>
            ))}
          </Suspense>
        </Stack>
      )}
      {overview && overview.pre_emptions.length > 0 && (
        <Stack gap="sm" aria-label="Pre-emption choices" role="list">
          {overview.pre_emptions.map((right) => (
            <div role="listitem" key={right.opportunity.id}>
              <PreEmptionChoice right={right} />
            </div>
          ))}
        </Stack>
      )}
      {overview?.cooling_off && (
        <CoolingOff
          key={overview.cooling_off.seconds_left}
          secondsLeft={overview.cooling_off.seconds_left}
          endsAt={overview.cooling_off.ends_at}
          onElapsed={onRetry}
        />
      )}
    </Stack>
  );
}
