import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { formatMoney, formatPrice } from '../../lib/money';

/**
 * An opportunity's raise as investors read it (issue 18): the same labels and the same formatting on the
 * opportunity's page, on the invest step and in the staff preview. "Remaining" is the server's figure
 * (what the commitment gate leaves, pre-emption holds included), never worked out here.
 */
export interface RaiseFigures {
  target_amount: string | null;
  maximum_amount: string | null;
  minimum_investment: string | null;
  /** the server's remaining_amount; undefined when the answer does not carry it */
  remaining_amount?: string | null;
  share_price: string | null;
  closing_date?: string | null;
}

export const RAISE_FACTS = [
  'target_amount',
  'maximum_amount',
  'minimum_investment',
  'remaining_amount',
  'share_price',
  'closing_date',
] as const;
export type RaiseFact = (typeof RAISE_FACTS)[number];

export const RAISE_FACT_LABELS: Record<RaiseFact, string> = {
  target_amount: 'Target',
  maximum_amount: 'Maximum',
  minimum_investment: 'Minimum investment',
  remaining_amount: 'Remaining',
  share_price: 'Share price',
  closing_date: 'Closing date',
};

/** One fact's value, the one way it is written everywhere. */
export function raiseFactValue(fact: RaiseFact, figures: RaiseFigures, currency = 'GBP'): string {
  switch (fact) {
    case 'target_amount':
      return figures.target_amount ? formatMoney(figures.target_amount, currency) : 'Not set';
    case 'maximum_amount':
      return figures.maximum_amount ? formatMoney(figures.maximum_amount, currency) : 'No maximum';
    case 'minimum_investment':
      return figures.minimum_investment ? formatMoney(figures.minimum_investment, currency) : 'No minimum';
    case 'remaining_amount':
      // No maximum: nothing caps what may still be invested.
      return figures.remaining_amount ? formatMoney(figures.remaining_amount, currency) : 'No maximum';
    case 'share_price':
      return formatPrice(figures.share_price, currency);
    case 'closing_date':
      return formatDate(figures.closing_date ?? null);
  }
}

/** The facts present in the figures, in the one order. */
export function raiseFactsOf(figures: RaiseFigures, only: readonly RaiseFact[] = RAISE_FACTS): RaiseFact[] {
  return only.filter((fact) => fact !== 'remaining_amount' || figures.remaining_amount !== undefined);
}

export function RaiseFacts({
  figures,
  currency,
  only,
}: {
  figures: RaiseFigures;
  currency?: string;
  /** which facts, in the one order (all by default) */
  only?: readonly RaiseFact[];
}) {
  const facts = raiseFactsOf(figures, only);
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(facts.length, 3) }} spacing="md" component="dl" m={0}>
      {facts.map((fact) => (
        <Stack key={fact} gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
            {RAISE_FACT_LABELS[fact]}
          </Text>
          <Text fw={600} component="dd" m={0}>
            {raiseFactValue(fact, figures, currency)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
