import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import type { FundCompanyTransaction } from '@portico/contracts';
import { formatDate } from '../../../lib/format';
import { chartPounds, formatMoney, formatMoneyShort } from '../../../lib/money';

/**
 * The holding's valuations over time (a write-off or an exit takes it to nothing), leaving out reversed ones
 * and reversals. Drawn for the eye; screen readers get the first and latest in words, and every transaction
 * is in the Transactions tab.
 */
export function ValuationChart({
  transactions,
  currency,
}: {
  transactions: readonly FundCompanyTransaction[];
  currency: string;
}) {
  const points = transactions
    .filter(
      (row) =>
        row.reverses_id === null &&
        row.reversed_by_id === null &&
        (row.kind === 'valuation' || row.kind === 'write_off' || row.kind === 'exit'),
    )
    .map((row) => ({ date: row.date, value: row.kind === 'valuation' ? (row.valuation ?? '0') : '0' }))
    .sort((a, b) => a.date.localeCompare(b.date));
  if (points.length < 2)
    return (
      <Text size="sm" c="dimmed">
        The chart appears once there are valuations at two dates.
      </Text>
    );
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <>
      <LineChart
        h={220}
        data={points.map((point) => ({ date: formatDate(point.date), Valuation: chartPounds(point.value) }))}
        dataKey="date"
        series={[{ name: 'Valuation', color: 'primary.6' }]}
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
      {first && last && (
        <VisuallyHidden>
          Valuation over time: {formatMoney(first.value, currency)} on {formatDate(first.date)},{' '}
          {formatMoney(last.value, currency)} on {formatDate(last.date)}.
        </VisuallyHidden>
      )}
    </>
  );
}
