import { SimpleGrid } from '@mantine/core';
import type { PortfolioRangeFigures } from '@portico/contracts';
import { formatMoney } from '../../../lib/money';
import { formatMultiple, formatRate, RETURN_BASIS_HINTS, toneOf } from '../figures';
import { Figure } from './figure-cards';

const RANGE_BASIS_HINTS = {
  cumulative: 'Under twelve months: the return over the period, not annualised.',
  annualised: RETURN_BASIS_HINTS.annualised.replace('today’s value', 'the value at the end'),
} as const;

/** The figures of a period in one currency (issue 20): direct and fund holdings together. */
export function RangeCards({ figures }: { figures: PortfolioRangeFigures }) {
  const { currency } = figures;
  const hasFees = !/^-?0*(\.0*)?$/.test(figures.fees);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Figure label="Value at start" value={formatMoney(figures.opening, currency)} />
      <Figure label="Paid in" value={formatMoney(figures.paid_in, currency)} />
      <Figure
        label="Received"
        value={formatMoney(figures.received, currency)}
        hint="Exits, dividends and fund distributions."
      />
      <Figure
        label="Value at end"
        value={formatMoney(figures.closing, currency)}
        hint={hasFees ? `After ${formatMoney(figures.fees, currency)} of fund fees.` : undefined}
      />
      <Figure label="Gain" value={formatMoney(figures.gain, currency)} tone={toneOf(figures.gain)} />
      <Figure
        label="TVPI"
        value={formatMultiple(figures.tvpi)}
        hint="(Value at end + received) ÷ (value at start + paid in)."
      />
      <Figure label="DPI" value={formatMultiple(figures.dpi)} hint="Received ÷ (value at start + paid in)." />
      <Figure
        label={figures.return_basis === 'cumulative' ? 'Return over the period' : 'IRR over the period'}
        value={formatRate(figures.return_rate)}
        tone={toneOf(figures.return_rate)}
        hint={RANGE_BASIS_HINTS[figures.return_basis]}
      />
    </SimpleGrid>
  );
}
