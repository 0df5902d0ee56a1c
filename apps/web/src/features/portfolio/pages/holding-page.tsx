import { Alert, Anchor, Badge, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { HoldingTransaction, HoldingTransactionKind } from '@portico/contracts';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordSection } from '../../../components/records/record-section';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { useRecordId } from '../../../lib/records/use-record-id';
import { formatBytes, formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { usePortfolioHolding } from '../api/portfolio';
import { FigureCards } from '../components/figure-cards';
import { ValueChart } from '../components/value-chart';
import { HoldingKpisSummary } from '../kpis/holding-kpis-summary';
import { HoldingUpdates } from '../../news/components/subject-updates';

export const TRANSACTION_LABELS: Readonly<Record<HoldingTransactionKind, string>> = {
  allotment: 'Allotment',
  follow_on: 'Follow-on',
  exit: 'Exit',
  dividend: 'Dividend',
};

/** /investor/portfolio/{id}: one holding's figures, value over time, transactions and public documents. */
export function HoldingPage() {
  const terms = useTerminology();
  const id = useRecordId();
  const { data: holding, isPending, isError, error } = usePortfolioHolding(id);
  useDocumentTitle(holding ? `${holding.company_name} · ${terms.portfolio}` : terms.portfolio);
  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;

  const currency = holding?.currency ?? 'GBP';
  const columns: DataTableColumn<HoldingTransaction>[] = [
    { key: 'date', header: 'Date', nowrap: true, render: (row) => formatDate(row.occurred_on) },
    { key: 'kind', header: 'Type', render: (row) => TRANSACTION_LABELS[row.kind] },
    {
      key: 'shares',
      header: terms.column_shares,
      align: 'right',
      render: (row) =>
        row.shares === null ? '—' : `${row.kind === 'exit' ? '−' : ''}${formatShares(row.shares)}`,
    },
    {
      key: 'price',
      header: 'Price',
      align: 'right',
      visibleFrom: 'sm',
      render: (row) => formatPrice(row.price, currency),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      nowrap: true,
      render: (row) => formatMoney(row.amount, currency),
    },
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
          This holding could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={40} width="50%" />
          <Skeleton height={90} radius="md" />
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : (
        <>
          <div>
            <Group gap="sm" align="center">
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {holding.company_name}
              </Title>
              {holding.status === 6 && <Badge variant="light">{terms.status_6}</Badge>}
            </Group>
            <Text c="dimmed">
              {holding.name} · {formatShares(holding.shares)} {terms.column_shares.toLowerCase()}
              {holding.price && (
                <>
                  {' '}
                  at {formatPrice(holding.price, currency)}
                  {holding.price_date ? ` (${formatDate(holding.price_date)})` : ''}
                </>
              )}
            </Text>
          </div>
          <HoldingKpisSummary opportunityId={holding.opportunity_id} />
          <FigureCards figures={holding} currency={currency} />
          <RecordSection
            title="Value over time"
            description="What this holding was worth, against the money invested."
          >
            <ValueChart points={holding.history} currency={currency} />
          </RecordSection>
          <RecordSection title="Transactions">
            <DataTable
              caption="Transactions"
              columns={columns}
              rows={holding.transactions}
              rowKey={(row) => row.id}
              loading={false}
            />
          </RecordSection>
          <RecordSection title="Documents">
            {holding.public_documents.length === 0 ? (
              <Text size="sm" c="dimmed">
                No documents have been shared for this investment.
              </Text>
            ) : (
              <List spacing="xs">
                {holding.public_documents.map((document) => (
                  <List.Item key={document.id}>
                    <Anchor href={document.url} target="_blank" rel="noopener noreferrer">
                      {document.name}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      ({formatBytes(document.size_bytes)})
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </RecordSection>
          <HoldingUpdates opportunityId={holding.opportunity_id} />
        </>
      )}
    </Stack>
  );
}
