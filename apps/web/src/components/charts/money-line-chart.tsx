import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { chartPounds, formatMoney, formatMoneyShort } from '../../lib/money';

export interface MoneyPoint {
  /** a London date, YYYY-MM-DD */
  date: string;
  /** a decimal string */
  value: string;
}

interface MoneyLineChartProps {
  /** oldest first */
  points: readonly MoneyPoint[];
  currency: string;
  /** the series' name in the tooltip: "NAV", "Valuation" */
  name: string;
  /** what screen readers hear before the first and latest values: "Net asset value over time" */
  summary: string;
  /** shown instead of a chart with fewer than two points */
  emptyText: string;
  height?: number;
}

/**
 * One amount over time, drawn for the eye (to the pound). Screen readers get the first and latest values in
 * words; every value is in a table beside it.
 */
export function MoneyLineChart({
  points,
  currency,
  name,
  summary,
  emptyText,
  height = 240,
}: MoneyLineChartProps) {
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length < 2 || !first || !last)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <>
      <LineChart
        h={height}
        data={points.map((point) => ({ date: formatDate(point.date), [name]: chartPounds(point.value) }))}
        dataKey="date"
        series={[{ name, color: 'primary.6' }]}
        curveType="linear"
        withLegend={false}
        valueFormatter={(value) => formatMoney(String(Math.trunc(value)), currency)}
        yAxisProps={{
          width: 80,
          tickFormatter: (value: number) => formatMoneyShort(String(value), currency),
        }}
        lineChartProps={{ accessibilityLayer: false }}
        aria-hidden
      />
      <VisuallyHidden>
        {summary}: {formatMoney(first.value, currency)} on {formatDate(first.date)},{' '}
        {formatMoney(last.value, currency)} on {formatDate(last.date)}.
      </VisuallyHidden>
    </>
  );
}
