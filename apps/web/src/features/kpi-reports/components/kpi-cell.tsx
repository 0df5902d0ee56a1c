import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { KpiPortfolioCell } from '@portico/contracts';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import {
  changeDirection,
  formatChangeRate,
  formatKpiChange,
  formatKpiValue,
  isNumericUnit,
  kpiCoordinate,
} from '../kpi-values';

const TONE = { up: 'green.8', down: 'red.8', flat: 'dimmed' } as const;
const WORD = { up: 'up', down: 'down', flat: 'unchanged' } as const;

/** The change against the previous period: an arrow and a colour for the eye, words for everyone. */
export function KpiChange({ cell, currency }: { cell: KpiPortfolioCell; currency: string }) {
  const direction = changeDirection(cell.change);
  if (cell.change === null || direction === null || !cell.previous)
    return (
      <Text size="xs" c="dimmed">
        No earlier period
      </Text>
    );
  const Arrow =
    direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconArrowRight;
  const amount = formatKpiChange(cell.change, cell.unit, currency);
  const rate = cell.change_rate === null ? '' : ` (${formatChangeRate(cell.change_rate)})`;
  return (
    <Group gap={2} wrap="nowrap" c={TONE[direction]} data-direction={direction}>
      <Arrow size={14} aria-hidden />
      <Text size="xs" fw={600} c="inherit" aria-hidden>
        {amount}
        {rate}
      </Text>
      <VisuallyHidden>
        {`${WORD[direction]} ${amount.replace(/^[+−]/, '')}${rate} on ${cell.previous.label}`}
      </VisuallyHidden>
    </Group>
  );
}

/** One KPI of one company: its latest value and period, the change, and the trend of its last periods. */
export function KpiCell({ cell, currency }: { cell: KpiPortfolioCell | undefined; currency: string }) {
  if (!cell?.latest)
    return (
      <Text size="sm" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>Not reported</VisuallyHidden>
      </Text>
    );
  const points = cell.trend.map((point) => kpiCoordinate(point.value));
  return (
    <Stack gap={2} miw={130}>
      <Group gap={6} wrap="nowrap" align="baseline">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatKpiValue(cell.latest.value, cell.unit, currency)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {cell.latest.label}
        </Text>
      </Group>
      {isNumericUnit(cell.unit) && <KpiChange cell={cell} currency={currency} />}
      {isNumericUnit(cell.unit) && points.filter((point) => point !== null).length > 1 && (
        <Sparkline
          w={120}
          h={28}
          data={points}
          curveType="linear"
          trendColors={{ positive: 'green.6', negative: 'red.6', neutral: 'gray.5' }}
          fillOpacity={0.2}
          aria-hidden
        />
      )}
    </Stack>
  );
}
