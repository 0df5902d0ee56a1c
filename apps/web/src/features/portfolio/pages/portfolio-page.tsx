import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  PORTFOLIO_COLUMN_KEYS,
  PORTFOLIO_COLUMNS,
  portfolioDefaultLabel,
  type PortfolioColumnKey,
  type PortfolioHolding,
} from '@portico/contracts';
import { IconAlertTriangle, IconBriefcase } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { RecordSection } from '../../../components/records/record-section';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { usePortfolio, usePortfolioHistory } from '../api/portfolio';
import { FigureCards } from '../components/figure-cards';
import { ReturnsSection } from '../components/returns-section';
import { ValueChart } from '../components/value-chart';
import { formatMultiple, formatReturn, gainOf } from '../figures';

const TaxReliefSection = lazy(async () => ({
  default: (await import('../../tax-relief/tax-relief-section')).TaxReliefSection,
}));

/** A row's key: a company by its opportunity, a fund by the fund (issue 20). */
const rowKey = (row: PortfolioHolding) =>
  row.kind === 'fund' ? `fund-${row.fund_id}` : `direct-${row.opportunity_id}`;

/**
 * Each column the settings can show (settings → investor → portfolio), without its header: the header is
 * the label the layout gives. Some hide on small screens so the table still fits a phone.
 */
const COLUMN_CELLS: Record<PortfolioColumnKey, Omit<DataTableColumn<PortfolioHolding>, 'key' | 'header'>> = {
  company: {
    render: (row) =>
      row.kind === 'fund' ? (
        <div>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={`/investor/portfolio/fund/${row.fund_id}`} fw={600}>
              {row.name}
            </Anchor>
            <Badge size="xs" variant="light">
              Fund
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Called {formatMoney(row.called, row.currency)} of {formatMoney(row.committed, row.currency)}
          </Text>
        </div>
      ) : (
        <div>
          <Anchor component={Link} to={`/investor/portfolio/${row.opportunity_id}`} fw={600}>
            {row.company_name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.name}
          </Text>
          {row.last_reported_on && (
            <Text size="xs" c="dimmed">
              Last reported on {formatDate(row.last_reported_on)}
            </Text>
          )}
        </div>
      ),
  },
  date: { nowrap: true, visibleFrom: 'md', render: (row) => formatDate(row.first_invested_on) },
  invested: { align: 'right', nowrap: true, render: (row) => formatMoney(row.invested, row.currency) },
  shares: {
    align: 'right',
    visibleFrom: 'lg',
    // a fund holds no shares of its own: its TVPI is in the multiple column
    render: (row) => (row.kind === 'fund' ? '—' : formatShares(row.shares)),
  },
  price: {
    align: 'right',
    nowrap: true,
    visibleFrom: 'lg',
    render: (row) => (row.kind === 'fund' ? '—' : formatPrice(row.price, row.currency)),
  },
  value: { align: 'right', nowrap: true, render: (row) => formatMoney(row.value, row.currency) },
  gain: {
    align: 'right',
    nowrap: true,
    visibleFrom: 'md',
    render: (row) => formatMoney(gainOf(row), row.currency),
  },
  multiple: { align: 'right', visibleFrom: 'sm', render: (row) => formatMultiple(row.moic) },
  irr: {
    align: 'right',
    nowrap: true,
    visibleFrom: 'sm',
    // the cumulative return under twelve months, else the annual rate: the cell says which
    render: (row) => formatReturn(row),
  },
  realised: {
    align: 'right',
    nowrap: true,
    visibleFrom: 'lg',
    render: (row) => formatMoney(row.realised, row.currency),
  },
  unrealised: {
    align: 'right',
    nowrap: true,
    visibleFrom: 'lg',
    render: (row) => formatMoney(row.unrealised, row.currency),
  },
};

/**
 * /investor/portfolio (spec §2.2): totals, value over time and every holding from completed rounds, and
 * the funds the investor has committed to (a Fund badge, linking to the fund's page).
 */
export function PortfolioPage() {
  const terms = useTerminology();
  useDocumentTitle(terms.portfolio);
  const portfolio = usePortfolio();
  const history = usePortfolioHistory();

  const layout = portfolio.data?.layout;
  // the settings' columns and labels (GET /api/portfolio `layout`); before it loads, the defaults
  const columns: DataTableColumn<PortfolioHolding>[] = (
    layout?.columns ??
    PORTFOLIO_COLUMN_KEYS.filter((key) => PORTFOLIO_COLUMNS[key].shown).map((key) => ({
      key,
      label: portfolioDefaultLabel('column', key, terms),
    }))
  ).map(({ key, label }) => ({ ...COLUMN_CELLS[key], key, header: label }));

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {terms.portfolio}
      </Title>
      {portfolio.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          Your {terms.portfolio.toLowerCase()} could not be loaded.{' '}
          {isApiError(portfolio.error) ? portfolio.error.message : ''}
          <Button variant="light" size="xs" ml="sm" onClick={() => void portfolio.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : portfolio.isPending ? (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={90} radius="md" />
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : portfolio.data.holdings.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState
            icon={<IconBriefcase size={28} aria-hidden />}
            title={terms.portfolio_empty}
            description="Holdings appear here once a round you invested in completes."
            withIndicatorBackground
            size="sm"
          />
        </Paper>
      ) : (
        <>
          {/* never added across currencies: one set of figures per currency held */}
          {portfolio.data.totals_by_currency.length > 1 ? (
            portfolio.data.totals_by_currency.map((totals) => (
              <RecordSection key={totals.currency} title={`Holdings in ${totals.currency}`}>
                <FigureCards
                  figures={totals}
                  currency={totals.currency}
                  stats={layout?.stats}
                  holdings={portfolio.data.holdings.filter((row) => row.currency === totals.currency).length}
                />
              </RecordSection>
            ))
          ) : portfolio.data.totals_by_currency[0] ? (
            <FigureCards
              figures={portfolio.data.totals_by_currency[0]}
              currency={portfolio.data.totals_by_currency[0].currency}
              stats={layout?.stats}
              holdings={portfolio.data.holdings.length}
            />
          ) : null}
          {/* never added across currencies: one chart per currency held */}
          {history.isSuccess && history.data.series_by_currency.length > 1 ? (
            history.data.series_by_currency.map((series) => (
              <RecordSection
                key={series.currency}
                title={`Value over time in ${series.currency}`}
                description={`What your holdings in ${series.currency} were worth, against the money invested.`}
              >
                <ValueChart points={series.points} currency={series.currency} />
              </RecordSection>
            ))
          ) : (
            <RecordSection
              title="Value over time"
              description="What your holdings were worth, against the money invested."
            >
              {history.isError ? (
                <Text size="sm" c="danger.7" role="alert">
                  The history could not be loaded.
                </Text>
              ) : history.isPending ? (
                <Skeleton height={260} radius="md" aria-label="Loading the chart" />
              ) : (
                <ValueChart
                  points={history.data.points ?? []}
                  currency={history.data.series_by_currency[0]?.currency}
                />
              )}
            </RecordSection>
          )}
          {/* the figures over a period the investor picks (issue 20): per currency, never added across */}
          <ReturnsSection />
          <RecordSection
            title="Holdings"
            description="Companies valued at their latest share price; funds at your share of the latest net asset value."
          >
            <DataTable
              caption="Holdings"
              columns={columns}
              rows={portfolio.data.holdings}
              rowKey={rowKey}
              loading={false}
            />
          </RecordSection>
        </>
      )}
      {/* The EIS and SEIS relief statement, whatever the holdings' state; its code loads after the page's. */}
      <Suspense fallback={<Skeleton height={160} radius="md" aria-label="Loading relief statement" />}>
        <TaxReliefSection />
      </Suspense>
    </Stack>
  );
}
