import type { FundMeasures } from '@portico/contracts';
import { MoneyBarChart } from '../../../components/charts/money-bar-chart';

/** Called, paid in, distributed and value side by side; every figure is in the cards above it. */
export function FundMeasuresChart({ measures, currency }: { measures: FundMeasures; currency: string }) {
  return (
    <MoneyBarChart
      currency={currency}
      bars={[
        { label: 'Called', value: measures.called },
        { label: 'Paid-in', value: measures.paid_in },
        { label: 'Distributed', value: measures.distributed },
        { label: 'Value', value: measures.value },
      ]}
    />
  );
}
