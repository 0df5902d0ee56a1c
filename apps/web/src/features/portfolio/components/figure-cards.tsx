import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PortfolioCurrencyTotals, PortfolioLayout } from '@portico/contracts';
import { Fragment } from 'react';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney } from '../../../lib/money';
import { formatMultiple, formatRate, gainOf, RETURN_BASIS_HINTS, toneOf } from '../figures';

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

type StatKey = PortfolioLayout['stats'][number]['key'];
type Figures = Omit<PortfolioCurrencyTotals, 'currency'>;

/** The headline figures of a portfolio or a holding, with the deployment's column labels. */
export function FigureCards({
  figures,
  currency = 'GBP',
  stats,
  holdings,
}: {
  figures: Figures;
  currency?: string;
  /** the portfolio's figures as settings → investor → portfolio-stats choose them; absent: the six defaults */
  stats?: PortfolioLayout['stats'] | undefined;
  /** how many holdings, for the holdings figure */
  holdings?: number;
}) {
  const terms = useTerminology();
  const shown = stats ?? [
    { key: 'invested', label: terms.column_invested },
    { key: 'value', label: terms.column_value },
    { key: 'realised', label: terms.column_realised },
    { key: 'unrealised', label: terms.column_unrealised },
    { key: 'multiple', label: terms.column_multiple },
    { key: 'irr', label: terms.column_irr },
  ];
  if (shown.length === 0) return null;
  const figure = (key: StatKey, label: string) => {
    switch (key) {
      case 'invested':
        return <Figure label={label} value={formatMoney(figures.invested, currency)} />;
      case 'value':
        return <Figure label={label} value={formatMoney(figures.value, currency)} />;
      case 'realised':
        return <Figure label={label} value={formatMoney(figures.realised, currency)} />;
      case 'unrealised':
        return (
          <Figure
            label={label}
            value={formatMoney(figures.unrealised, currency)}
            tone={toneOf(figures.unrealised)}
          />
        );
      case 'multiple':
        return <Figure label={label} value={formatMultiple(figures.moic)} />;
      case 'irr':
        // a return under twelve months is never named as an annual rate, whatever the label
        return (
          <Figure
            label={figures.return_basis === 'cumulative' ? 'Return to date' : label}
            value={formatRate(figures.return_rate)}
            tone={toneOf(figures.return_rate)}
            hint={RETURN_BASIS_HINTS[figures.return_basis]}
          />
        );
      case 'gain': {
        const gain = gainOf(figures);
        return <Figure label={label} value={formatMoney(gain, currency)} tone={toneOf(gain)} />;
      }
      case 'holdings':
        return <Figure label={label} value={String(holdings ?? 0)} />;
    }
  };
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: Math.min(6, shown.length) }} spacing="sm">
      {shown.map(({ key, label }) => (
        <Fragment key={key}>{figure(key, label)}</Fragment>
      ))}
    </SimpleGrid>
  );
}
