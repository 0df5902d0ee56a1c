import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  compareDecimal,
  FUND_TYPE_LABELS,
  INVESTMENT_STATUS_TERMS,
  investorStatusOf,
  TAX_RELIEF_LABELS,
  type PortfolioFundCall,
  type PortfolioFundCommitment,
  type PortfolioFundMovement,
  type TermKey,
} from '@portico/contracts';
import { IconAlertTriangle, IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordSection } from '../../../components/records/record-section';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney } from '../../../lib/money';
import { FundUpdates } from '../../news/components/subject-updates';
import { formatMultiple, formatRate } from '../figures';
import { fundStatementHref, useFundHolding } from './fund-holding-api';
import { FundHoldingChart } from './fund-holding-chart';
import { FundPortfolioCompanies } from './fund-portfolio-companies';

/** One labelled figure of the fund, as the portfolio's cards show theirs. */
function Card({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="sm" c="dimmed">
          {label}
        </Text>
        <Text component="dd" m={0} fz={{ base: 20, sm: 24 }} fw={600}>
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

/**
 * /investor/portfolio/fund/{id} (spec §2.2, issue 20): the investor's commitment to a fund, what has been
 * called, paid in and distributed, its current value and multiples, the capital calls and distributions,
 * and the capital account statement to download.
 */
export function FundHoldingPage() {
  const terms = useTerminology();
  const id = useRecordId();
  const { data: detail, isPending, isError, error, refetch } = useFundHolding(id);
  useDocumentTitle(detail ? `${detail.fund.name} · ${terms.portfolio}` : terms.portfolio);
  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;

  const currency = detail?.fund.currency ?? 'GBP';
  const money = (value: string) => formatMoney(value, currency);

  const commitmentColumns: DataTableColumn<PortfolioFundCommitment>[] = [
    { key: 'through', header: 'Through', render: (row) => row.opportunity_name },
    { key: 'amount', header: 'Commitment', align: 'right', nowrap: true, render: (row) => money(row.amount) },
    { key: 'called', header: 'Called', align: 'right', nowrap: true, render: (row) => money(row.called) },
    { key: 'paid', header: 'Paid in', align: 'right', nowrap: true, render: (row) => money(row.paid) },
    {
      key: 'status',
      header: 'Status',
      render: (row) =>
        terms[
          INVESTMENT_STATUS_TERMS[
            investorStatusOf({ status: row.status, called_amount: row.called, paid_amount: row.paid })
          ] as TermKey
        ],
    },
    {
      key: 'reference',
      header: 'Payment reference',
      visibleFrom: 'sm',
      render: (row) => row.payment_reference ?? '—',
    },
  ];
  const callColumns: DataTableColumn<PortfolioFundCall>[] = [
    { key: 'date', header: 'Called on', nowrap: true, render: (row) => formatDate(row.date) },
    { key: 'due', header: 'Due by', nowrap: true, render: (row) => formatDate(row.due_date) },
    { key: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (row) => money(row.amount) },
    { key: 'paid', header: 'Paid', align: 'right', nowrap: true, render: (row) => money(row.paid) },
    {
      key: 'state',
      header: 'State',
      render: (row) =>
        compareDecimal(row.paid, row.amount) >= 0 ? (
          <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>
            Paid
          </Badge>
        ) : (
          <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
            Open
          </Badge>
        ),
    },
  ];
  const movementColumns: DataTableColumn<PortfolioFundMovement>[] = [
    { key: 'date', header: 'Date', nowrap: true, render: (row) => formatDate(row.date) },
    {
      key: 'what',
      header: 'Type',
      render: (row) =>
        `${row.reverses_id === null ? '' : 'Reversal: '}${row.type === 'fee' ? 'Fee' : 'Distribution'}: ${row.label}`,
    },
    { key: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (row) => money(row.amount) },
  ];

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/investor/portfolio" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {terms.portfolio}
        </Group>
      </Anchor>
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          This fund could not be loaded. {isApiError(error) ? error.message : ''}
          <Button variant="light" size="xs" ml="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : isPending ? (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={40} width="50%" />
          <Skeleton height={90} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Group gap="sm" align="center">
                <Title order={1} fz={{ base: 26, sm: 32 }}>
                  {detail.fund.name}
                </Title>
                <Badge variant="light">Fund</Badge>
              </Group>
              <Text c="dimmed">
                {[
                  FUND_TYPE_LABELS[detail.fund.type],
                  detail.fund.vintage === null ? null : `Vintage ${detail.fund.vintage}`,
                  detail.fund.tax_relief === 'none'
                    ? null
                    : `${TAX_RELIEF_LABELS[detail.fund.tax_relief]} relief`,
                  currency,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Button
              component="a"
              href={fundStatementHref(detail.fund.id)}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download statement (PDF)
            </Button>
          </Group>
          {detail.fund.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {detail.fund.description}
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <Card label="Commitment" value={money(detail.measures.committed)} />
            <Card label="Called" value={money(detail.measures.called)} />
            <Card label="Uncalled" value={money(detail.measures.uncalled)} />
            <Card label="Paid in" value={money(detail.measures.paid_in)} />
            <Card label="Distributed" value={money(detail.measures.distributed)} />
            <Card
              label="Current value"
              value={money(detail.measures.value)}
              hint={
                detail.holding.nav_on === null
                  ? 'At cost: the fund has no net asset value yet.'
                  : `Your share of the net asset value of ${formatDate(detail.holding.nav_on)}.`
              }
            />
            <Card
              label="TVPI"
              value={formatMultiple(detail.measures.tvpi)}
              hint="Distributed and value, per pound paid in."
            />
            <Card
              label="DPI"
              value={formatMultiple(detail.measures.dpi)}
              hint="Distributed, per pound paid in."
            />
            <Card
              label="IRR"
              value={formatRate(detail.measures.irr)}
              hint="The annual rate over your payments, distributions and today’s value."
            />
          </SimpleGrid>
          <RecordSection
            title="Paid in, distributed and value"
            description="What you have paid in, against what has come back and what your share is worth now."
          >
            <FundHoldingChart measures={detail.measures} currency={currency} />
          </RecordSection>
          <RecordSection title="Your commitments">
            <DataTable
              caption="Your commitments"
              columns={commitmentColumns}
              rows={detail.commitments}
              rowKey={(row) => row.investment_id}
              loading={false}
            />
          </RecordSection>
          <RecordSection title="Capital calls">
            {detail.capital_calls.length === 0 ? (
              <Text size="sm" c="dimmed">
                No capital has been called yet.
              </Text>
            ) : (
              <DataTable
                caption="Capital calls"
                columns={callColumns}
                rows={detail.capital_calls}
                rowKey={(row) => row.call_id}
                loading={false}
              />
            )}
          </RecordSection>
          <RecordSection title="Distributions and fees">
            {detail.movements.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing has been distributed or charged yet.
              </Text>
            ) : (
              <DataTable
                caption="Distributions and fees"
                columns={movementColumns}
                rows={detail.movements}
                rowKey={(row) => row.movement_id}
                loading={false}
              />
            )}
          </RecordSection>
          <RecordSection title="Net asset value">
            {detail.navs.length === 0 ? (
              <Text size="sm" c="dimmed">
                The fund has not reported a net asset value yet.
              </Text>
            ) : (
              <DataTable
                caption="Net asset value"
                columns={[
                  { key: 'date', header: 'Date', nowrap: true, render: (row) => formatDate(row.date) },
                  {
                    key: 'nav',
                    header: 'Net asset value',
                    align: 'right',
                    nowrap: true,
                    render: (row) => money(row.nav),
                  },
                ]}
                rows={[...detail.navs].reverse()}
                rowKey={(row) => row.date}
                loading={false}
              />
            )}
          </RecordSection>
          <FundPortfolioCompanies companies={detail.companies} currency={detail.fund.currency} />
          <FundUpdates fundId={detail.fund.id} />
        </>
      )}
    </Stack>
  );
}
