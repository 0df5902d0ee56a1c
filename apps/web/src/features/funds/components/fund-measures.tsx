import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { FundKpis } from '@portico/contracts';
import { lazy, Suspense } from 'react';
import { Figure } from '../../../components/records/figure';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { formatMultiple, formatRate } from '../../portfolio/figures';

// The charts library loads only with the fund's money.
const FundMeasuresChart = lazy(async () => ({
  default: (await import('./fund-measures-chart')).FundMeasuresChart,
}));

/** The fund's measures (DOMAIN.md, Fund measures) as cards, then called, paid-in, distributed and value as bars. */
export function FundMeasuresCards({ kpis }: { kpis: FundKpis }) {
  const { fund: measures, currency } = kpis;
  const money = (value: string) => formatMoney(value, currency);
  const figures: Array<[label: string, value: string]> = [
    ['Committed', money(measures.committed)],
    ['Called', money(measures.called)],
    ['Uncalled', money(measures.uncalled)],
    ['Paid-in', money(measures.paid_in)],
    ['Distributed', money(measures.distributed)],
    ['Fees', money(measures.fees)],
    [kpis.nav_on ? `NAV (${formatDate(kpis.nav_on)})` : 'NAV', money(measures.value)],
    ['TVPI', formatMultiple(measures.tvpi)],
    ['DPI', formatMultiple(measures.dpi)],
    ['RVPI', formatMultiple(measures.rvpi)],
    ['IRR', formatRate(measures.irr)],
  ];
  return (
    <Stack gap="md">
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Fund measures"
      >
        {figures.map(([label, value]) => (
          <Paper key={label} component="li" withBorder radius="sm" p="sm">
            <Figure label={label} value={value} />
          </Paper>
        ))}
      </SimpleGrid>
      <Suspense fallback={<Skeleton height={220} radius="sm" aria-label="Loading the chart" />}>
        <FundMeasuresChart measures={measures} currency={currency} />
      </Suspense>
    </Stack>
  );
}
