import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InvestorOverview, PortfolioCurrencyTotals } from '@portico/contracts';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { inSentence, useTerminology } from '../../../lib/terminology';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="sm" c="dimmed">
          {label}
        </Text>
        <Text component="dd" m={0} fz={{ base: 20, sm: 24 }} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </dl>
    </Paper>
  );
}

/** One currency's totals: never added to another currency's. */
function CurrencyTotals({ totals, titled }: { totals: PortfolioCurrencyTotals; titled: boolean }) {
  const terms = useTerminology();
  const money = (value: string | null) => formatMoney(value, totals.currency);
  return (
    <Stack gap={6} role="group" aria-label={`Totals in ${totals.currency}`}>
      {titled && (
        <Text fw={600} size="sm">
          In {totals.currency}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label={terms.column_invested} value={money(totals.invested)} />
        <Stat label={terms.column_value} value={money(totals.value)} />
        <Stat label={terms.column_realised} value={money(totals.realised)} />
        <Stat label={terms.column_unrealised} value={money(totals.unrealised)} />
      </SimpleGrid>
    </Stack>
  );
}

/** "How you are doing": the portfolio's totals per currency, with a link to the portfolio. */
export function PortfolioTotals({
  overview,
  loading,
  failed,
  retrying,
  onRetry,
}: {
  overview: InvestorOverview | undefined;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const terms = useTerminology();
  const byCurrency = overview?.portfolio.totals_by_currency ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="how-you-are-doing">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} fz="xl" id="how-you-are-doing">
          How you are doing
        </Title>
        {overview && overview.portfolio.holdings > 0 && (
          <Anchor component={Link} to="/investor/portfolio" size="sm" fw={600}>
            View your {inSentence(terms.portfolio)}
          </Anchor>
        )}
      </Group>
      {loading && <Skeleton height={96} radius="md" aria-label="Loading your totals" />}
      {/* One failed request, one alert: "Needs your attention" above says so and offers to try again. */}
      {failed && (
        <Text c="dimmed">
          Your totals could not be loaded.{' '}
          <Anchor component="button" type="button" onClick={onRetry} disabled={retrying}>
            Try again
          </Anchor>
        </Text>
      )}
      {overview && byCurrency.length === 0 && (
        <Text c="dimmed">
          You hold no investments yet.{' '}
          <Anchor component={Link} to="/investor/investments">
            See the {inSentence(terms.investments)} open to you
          </Anchor>
          .
        </Text>
      )}
      {overview && byCurrency.length > 0 && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {overview.portfolio.holdings === 1
              ? 'Your 1 holding'
              : `Your ${overview.portfolio.holdings} holdings`}
            {byCurrency.length > 1 ? ', with totals per currency.' : '.'}
          </Text>
          {byCurrency.map((totals) => (
            <CurrencyTotals key={totals.currency} totals={totals} titled={byCurrency.length > 1} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
