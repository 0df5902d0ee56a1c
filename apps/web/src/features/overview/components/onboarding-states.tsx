import { EmptyState, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { formatNumber } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useOverviewOnboarding } from '../api/get-overview-parts';
import { PartError } from './part-error';
import { SectionCard } from './section-card';

/** Active investors by onboarding state, and how many have invested. */
export function OnboardingStates() {
  const { data, isError, refetch, isFetching } = useOverviewOnboarding();
  const terms = useTerminology();
  const title = `${terms.investors} by onboarding state`;
  if (isError)
    return <PartError what="The onboarding figures" retry={() => void refetch()} retrying={isFetching} />;
  return (
    <SectionCard title={title} description={`Active ${inSentence(terms.investors)}, where each has got to`}>
      {!data ? (
        <Stack gap="sm" aria-busy aria-label="Loading the onboarding figures">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={28} />
          ))}
        </Stack>
      ) : data.total === 0 ? (
        <EmptyState
          icon={<IconUsers size={28} aria-hidden />}
          title={`No ${inSentence(terms.investors)} yet`}
          description={`${terms.investors} appear here as soon as they register.`}
          withIndicatorBackground
          size="sm"
        />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {[...data.states, { state: 'invested', label: 'Invested', count: data.invested }].map((line) => {
            const share = data.total > 0 ? Math.round((line.count / data.total) * 100) : 0;
            return (
              <li key={line.state} aria-label={`${line.label}: ${line.count}`}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{line.label}</Text>
                  <Text size="sm" fw={700}>
                    {formatNumber(line.count)}
                  </Text>
                </Group>
                <Progress value={share} size="sm" mt={4} aria-hidden />
              </li>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
