import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { chartPounds, formatMoney, formatMoneyShort } from '../../lib/money';

export interface MoneyBar {
  /** the bar's label: "Paid in" */
  label: string;
  /** a decimal string */
  value: string;
}

/**
 * A few amounts side by side, drawn for the eye (to the pound). Screen readers get the same figures in
 * words; each is also in the cards beside the chart.
 */
export function MoneyBarChart({ bars, currency }: { bars: readonly MoneyBar[]; currency: string }) {
  return (
    <>
      <BarChart
        h={220}
        data={bars.map((bar) => ({ label: bar.label, Amount: chartPounds(bar.value) ?? 0 }))}
        dataKey="label"
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
        {bars.map((bar) => `${bar.label}: ${formatMoney(bar.value, currency)}`).join('; ')}.
      </VisuallyHidden>
    </>
  );
}
