import { Skeleton, Stack } from '@mantine/core';
import { ActivityTimeline } from '../../../components/records/activity/activity-timeline';
import { RecordSection } from '../../../components/records/record-section';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useInvestmentMethod } from '../api/get-investment-method';
import { InvestmentMethodSummary } from '../components/investment-method-summary';
import { MethodEntities } from '../components/method-entities';

/** The details tab: the method's facts, the accounts held through it, then what happened to it. */
export function InvestmentMethodDetailsPage() {
  const id = useRecordId() ?? 0;
  const { data: method } = useInvestmentMethod(id || undefined);
  if (!method)
    return (
      <Stack gap="lg" aria-label="Loading">
        <Skeleton height={160} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <InvestmentMethodSummary method={method} />
      <MethodEntities method={method} />
      <RecordSection title="Activity">
        <ActivityTimeline record={{ type: 'investment_method', id }} />
      </RecordSection>
    </Stack>
  );
}
