import type { FundMeasures } from '@portico/contracts';
import { MoneyBarChart } from '../../../components/charts/money-bar-chart';

/**
 * Paid in against what came back (distributed) and what is still in the fund (value); each is in the cards
 * above it.
 */
export function FundHoldingChart({ measures, currency }: { measures: FundMeasures; currency: string }) {
  return (
    <MoneyBarChart
      currency={currency}
      bars={[
        { label: 'Paid in', value: measures.paid_in },
        { label: 'Distributed', value: measures.distributed },
        { label: 'Current value', value: measures.value },
      ]}
    />
  );
}
