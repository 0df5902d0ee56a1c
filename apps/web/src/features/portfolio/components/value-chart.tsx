import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import type { PortfolioPoint } from '@portico/contracts';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { chartCoordinate, timeOf, timeTicks } from '../figures';

/**
 * Value against money invested over time, a step at each transaction or price change. Drawn for the
 * eye; screen readers get the first and latest points in words (the figures are in the tables).
 */
export function ValueChart({
  points,
  currency = 'GBP',
}: {
  points: readonly PortfolioPoint[];
  currency?: string;
}) {
  if (points.length < 2)
    return (
      <Text size="sm" c="dimmed">
        The chart appears once there is more than one day of history.
      </Text>
    );
  // a time axis: each point at its date, so a quiet year takes a year's width, not one step's
  const data = points.map((point) => ({
    time: timeOf(point.date),
    Value: chartCoordinate(point.value),
    Invested: chartCoordinate(point.invested),
  }));
  const first = points[0];
  const last = points[points.length - 1];
  const from = data[0]?.time ?? 0;
  const to = data[data.length - 1]?.time ?? 0;
  // the chart may ask for a label before it has a point (an empty tooltip): no date, no text
  const valid = (time: unknown) => Number.isFinite(Number(time)) && time !== null && time !== '';
  const dayText = (time: unknown) =>
    valid(time) ? formatDate(new Date(Number(time)).toISOString().slice(0, 10)) : '';
  const monthText = (time: unknown) =>
    valid(time)
      ? new Date(Number(time)).toLocaleDateString('en-GB', {
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        })
      : '';
  const ticks = timeTicks(from, to);
  const withinMonth = to - from < 62 * 86_400_000;
  return (
    <>
      <AreaChart
        h={260}
        data={data}
        dataKey="time"
        xAxisProps={{
          type: 'number',
          scale: 'time',
          domain: [from, to],
          ticks,
          tickFormatter: withinMonth ? dayText : monthText,
        }}
        tooltipProps={{ labelFormatter: dayText }}
        series={[
          { name: 'Value', color: 'primary.6' },
          { name: 'Invested', color: 'gray.5' },
        ]}
        curveType="stepAfter"
        withLegend
        withDots={false}
        fillOpacity={0.15}
        valueFormatter={(value) => formatMoney(String(Math.trunc(value)), currency)}
        areaChartProps={{ accessibilityLayer: false }}
        aria-hidden
      />
      {first && last && (
        <VisuallyHidden>
          Value over time: {formatMoney(first.value, currency)} on {formatDate(first.date)},{' '}
          {formatMoney(last.value, currency)} on {formatDate(last.date)}, against{' '}
          {formatMoney(last.invested, currency)} invested.
        </VisuallyHidden>
      )}
    </>
  );
}
