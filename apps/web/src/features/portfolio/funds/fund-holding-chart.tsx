import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import type { FundMeasures } from '@portico/contracts';
import { chartPounds, formatMoney, formatMoneyShort } from '../../../lib/money';

/**
 * Paid in against what came back (distributed) and what is still in the fund (value). Drawn for the eye
 * (to the pound); screen readers get the three figures in words, and each is in the cards above it.
 */
export function FundHoldingChart({ measures, currency }: { measures: FundMeasures; currency: string }) {
  const bars = [
    { measure: 'Paid in', value: measures.paid_in },
    { measure: 'Distributed', value: measures.distributed },
    { measure: 'Current value', value: measures.value },
  ];
  return (
    <>
      <BarChart
        h={220}
        data={bars.map((bar) => ({ measure: bar.measure, Amount: chartPounds(bar.value) ?? 0 }))}
        dataKey="measure"
        series={[{ name: 'Amount', color: 'primary.6' }]}
        withLegend={false}
        valueFormatter={(value) => formatMoney(String(Math.trunc(value)), currency)}
        yAxisProps={{
          width: 80,
          tickFormatter: (value: number) => formatMoneyShort(String(Math.trunc(value)), currency),
        }}
        barChartProps={{ accessibilityLayer: false }}
        aria-hidden
      />
      <VisuallyHidden>
        {bars.map((bar) => `${bar.measure}: ${formatMoney(bar.value, currency)}`).join('; ')}.
      </VisuallyHidden>
    </>
  );
}
