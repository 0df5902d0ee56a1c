import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import type { FundNav } from '@portico/contracts';
import { formatDate } from '../../../lib/format';
import { chartPounds, formatMoney, formatMoneyShort } from '../../../lib/money';

/**
 * The fund's current NAVs over time, oldest first. Drawn for the eye (to the pound); screen readers get
 * the first and latest NAVs in words, and every NAV is in the table beside it.
 */
export function NavChart({ navs, currency }: { navs: readonly FundNav[]; currency: string }) {
  const points = navs
    .filter((nav) => nav.replaced_at === null)
    .sort((a, b) => a.effective_on.localeCompare(b.effective_on));
  if (points.length < 2)
    return (
      <Text size="sm" c="dimmed">
        The chart appears once there are NAVs at two dates.
      </Text>
    );
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <>
      <LineChart
        h={240}
        data={points.map((nav) => ({ date: formatDate(nav.effective_on), NAV: chartPounds(nav.nav) }))}
        dataKey="date"
        series={[{ name: 'NAV', color: 'primary.6' }]}
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
          Net asset value over time: {formatMoney(first.nav, currency)} on {formatDate(first.effective_on)},{' '}
          {formatMoney(last.nav, currency)} on {formatDate(last.effective_on)}.
        </VisuallyHidden>
      )}
    </>
  );
}
