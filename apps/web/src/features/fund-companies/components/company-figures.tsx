import { Paper, SimpleGrid } from '@mantine/core';
import type { FundCompanyFigures } from '@portico/contracts';
import { Figure } from '../../../components/records/figure';
import { formatMoney } from '../../../lib/money';
import { formatMultiple } from './multiple';

/** Cost, valuation, realised and multiple as cards (computed on the server, in the fund's currency). */
export function CompanyFigures({
  figures,
  currency,
  label,
}: {
  figures: FundCompanyFigures;
  currency: string;
  label: string;
}) {
  const cards: Array<[string, string]> = [
    ['Cost', formatMoney(figures.cost, currency)],
    ['Valuation', formatMoney(figures.valuation, currency)],
    ['Realised', formatMoney(figures.realised, currency)],
    ['Multiple', formatMultiple(figures.multiple)],
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={label}
    >
      {cards.map(([name, value]) => (
        <Paper key={name} component="li" withBorder radius="sm" p="sm">
          <Figure label={name} value={value} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
