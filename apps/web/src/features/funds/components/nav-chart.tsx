import type { FundNav } from '@portico/contracts';
import { MoneyLineChart } from '../../../components/charts/money-line-chart';

/** The fund's current NAVs over time, oldest first; every NAV is in the table beside it. */
export function NavChart({ navs, currency }: { navs: readonly FundNav[]; currency: string }) {
  const points = navs
    .filter((nav) => nav.replaced_at === null)
    .map((nav) => ({ date: nav.effective_on, value: nav.nav }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return (
    <MoneyLineChart
      points={points}
      currency={currency}
      name="NAV"
      summary="Net asset value over time"
      emptyText="The chart appears once there are NAVs at two dates."
    />
  );
}
