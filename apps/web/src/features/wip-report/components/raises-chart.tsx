import { BarChart } from '@mantine/charts';
import { Stack, Text, VisuallyHidden } from '@mantine/core';
import type { WipRaise } from '@portico/contracts';
import { formatMoney } from '../../../lib/money';

/**
 * Committed against target for each live raise with a target, a chart per currency (amounts in different
 * currencies share no axis). The bars are a picture only: the hidden table is what assistive technology reads.
 */
export function RaisesChart({ raises }: { raises: WipRaise[] }) {
  const withTarget = raises.filter((raise) => raise.target !== null);
  const currencies = [...new Set(withTarget.map((raise) => raise.currency))].sort();
  if (withTarget.length === 0) return null;
  return (
    <Stack gap="lg">
      {currencies.map((currency) => {
        const rows = withTarget.filter((raise) => raise.currency === currency);
        // The chart draws numbers; every figure shown as text stays the exact decimal string.
        const data = rows.map((raise) => ({
          raise: raise.name,
          Target: Number(raise.target),
          Committed: Number(raise.committed),
        }));
        return (
          <Stack key={currency} gap="xs">
            {currencies.length > 1 && (
              <Text size="sm" fw={600}>
                {currency}
              </Text>
            )}
            <BarChart
              h={Math.max(180, rows.length * 56)}
              data={data}
              dataKey="raise"
              orientation="vertical"
              series={[
                { name: 'Target', color: 'gray.4' },
                { name: 'Committed', color: 'primaryLighter.6' },
              ]}
              valueFormatter={(value) => formatMoney(value.toFixed(2), currency)}
              yAxisProps={{ width: 140 }}
              withLegend
              gridAxis="x"
              barChartProps={{ accessibilityLayer: false }}
              aria-hidden
            />
            <VisuallyHidden>
              <table>
                <caption>{`Committed against target (${currency})`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Raise</th>
                    <th scope="col">Target</th>
                    <th scope="col">Committed</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((raise) => (
                    <tr key={raise.id}>
                      <td>{raise.name}</td>
                      <td>{formatMoney(raise.target, currency)}</td>
                      <td>{formatMoney(raise.committed, currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </Stack>
        );
      })}
    </Stack>
  );
}
