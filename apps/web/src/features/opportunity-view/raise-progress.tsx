import { Group, Progress, Stack, Text } from '@mantine/core';
import { opportunityPhase } from '@portico/contracts/constants';
import { formatMoney, percentOf } from '../../lib/money';

interface RaiseProgressProps {
  committed: string;
  target: string | null;
  currency?: string;
  /** a smaller version for a list's cell */
  compact?: boolean;
  /** the opportunity's stage: a completed or matured round's money is what it raised */
  stage?: number;
}

/** How much of the raise is committed (or was raised): a bar, the amounts and the percentage. */
export function RaiseProgress({
  committed,
  target,
  currency = 'GBP',
  compact = false,
  stage,
}: RaiseProgressProps) {
  const word = stage !== undefined && opportunityPhase(stage) === 'existing' ? 'raised' : 'committed';
  const percent = percentOf(committed, target);
  const label = target
    ? `${formatMoney(committed, currency)} ${word} of ${formatMoney(target, currency)} (${percent}%)`
    : `${formatMoney(committed, currency)} ${word}`;
  return (
    <Stack gap={4} miw={compact ? 104 : undefined}>
      <Progress value={Math.min(percent, 100)} size={compact ? 'sm' : 'lg'} radius="xl" aria-label={label} />
      {compact ? (
        <Text size="xs" c="dimmed">
          {formatMoney(committed, currency)} · {percent}%
        </Text>
      ) : (
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {formatMoney(committed, currency)} {word}
          </Text>
          <Text size="sm" c="dimmed">
            {target ? `${percent}% of ${formatMoney(target, currency)}` : 'No target set'}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
