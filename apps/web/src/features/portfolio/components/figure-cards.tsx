import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PortfolioCurrencyTotals } from '@portico/contracts';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney } from '../../../lib/money';
import { formatMultiple, formatRate, RETURN_BASIS_HINTS, toneOf } from '../figures';

const TONE_COLOUR = { gain: 'success.7', loss: 'danger.7', flat: undefined } as const;

export function Figure({
  label,
  value,
  tone,
  hint,
}: {
  label: string;
  value: string;
  tone?: keyof typeof TONE_COLOUR;
  hint?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="sm" c="dimmed">
          {label}
        </Text>
        <Text
          component="dd"
          m={0}
          fz={{ base: 20, sm: 24 }}
          fw={600}
          c={tone ? TONE_COLOUR[tone] : undefined}
        >
          {value}
        </Text>
      </dl>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The headline figures of a portfolio or a holding, with the deployment's column labels. */
export function FigureCards({
  figures,
  currency = 'GBP',
}: {
  figures: Omit<PortfolioCurrencyTotals, 'currency'>;
  currency?: string;
}) {
  const terms = useTerminology();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Figure label={terms.column_invested} value={formatMoney(figures.invested, currency)} />
      <Figure label={terms.column_value} value={formatMoney(figures.value, currency)} />
      <Figure label={terms.column_realised} value={formatMoney(figures.realised, currency)} />
      <Figure
        label={terms.column_unrealised}
        value={formatMoney(figures.unrealised, currency)}
        tone={toneOf(figures.unrealised)}
      />
      <Figure label={terms.column_multiple} value={formatMultiple(figures.moic)} />
      <Figure
        label={figures.return_basis === 'cumulative' ? 'Return to date' : terms.column_irr}
        value={formatRate(figures.return_rate)}
        tone={toneOf(figures.return_rate)}
        hint={RETURN_BASIS_HINTS[figures.return_basis]}
      />
    </SimpleGrid>
  );
}
