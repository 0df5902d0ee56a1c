import type { FundCompanyTransaction } from '@portico/contracts';
import { MoneyLineChart } from '../../../components/charts/money-line-chart';

/**
 * The holding's valuations over time (a write-off or an exit takes it to nothing), leaving out reversed ones
 * and reversals; every transaction is in the Transactions tab.
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
  return (
    <MoneyLineChart
      points={points}
      currency={currency}
      name="Valuation"
      summary="Valuation over time"
      emptyText="The chart appears once there are valuations at two dates."
      height={220}
    />
  );
}
