import { Alert, Badge, Button, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  multiplyDecimal,
  TAX_RELIEF_LABELS,
  TAX_RELIEF_SCHEME_LABELS,
  type TaxReliefLine,
  type TaxReliefYearTotal,
} from '@portico/contracts';
import { IconAlertTriangle, IconDownload, IconReceiptTax } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { RecordSection } from '../../components/records/record-section';
import { isApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { taxReliefPdfHref, useTaxReliefStatement } from './tax-relief-api';

const percent = (rate: string) => `${multiplyDecimal(rate, '100', 0)}%`;

/** Received (with its reference and date) or awaited. */
export function CertificateCell({ certificate }: { certificate: TaxReliefLine['certificate'] }) {
  const scheme = TAX_RELIEF_SCHEME_LABELS[certificate.scheme];
  if (certificate.status === 'awaited')
    return (
      <Badge color="warning" variant="light">
        {scheme} awaited
      </Badge>
    );
  return (
    <Stack gap={0}>
      <Badge color="success" variant="light">
        {scheme} received
      </Badge>
      <Text size="xs" c="dimmed">
        {certificate.reference} · {formatDate(certificate.issued_on)}
      </Text>
    </Stack>
  );
}

const columns: DataTableColumn<TaxReliefLine>[] = [
  { key: 'date', header: 'Date', nowrap: true, render: (line) => formatDate(line.date) },
  {
    key: 'company',
    header: 'Company',
    render: (line) => (
      <Stack gap={0}>
        <Text size="sm">{line.company_name}</Text>
        {line.fund && (
          <Text size="xs" c="dimmed">
            Through {line.fund.name}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'scheme',
    header: 'Scheme',
    nowrap: true,
    // on a phone: date, company, relief and certificate; the rest from `sm`
    visibleFrom: 'sm',
    render: (line) => `${TAX_RELIEF_LABELS[line.relief]} ${percent(line.rate)}`,
  },
  {
    key: 'amount',
    header: 'Invested',
    align: 'right',
    nowrap: true,
    visibleFrom: 'sm',
    render: (line) => formatMoney(line.amount, line.currency),
  },
  {
    key: 'relief',
    header: 'Relief',
    align: 'right',
    nowrap: true,
    render: (line) => formatMoney(line.relief_amount, line.currency),
  },
  {
    key: 'certificate',
    header: 'Certificate',
    render: (line) => <CertificateCell certificate={line.certificate} />,
  },
];

function YearTotals({ totals }: { totals: TaxReliefYearTotal[] }) {
  return (
    <Group gap="lg">
      {totals.map((total) => (
        <Text key={total.currency} size="sm">
          Invested <strong>{formatMoney(total.amount, total.currency)}</strong> · Relief{' '}
          <strong>{formatMoney(total.relief_amount, total.currency)}</strong>
          {total.awaited > 0 && ` · ${total.awaited} certificate${total.awaited === 1 ? '' : 's'} awaited`}
        </Text>
      ))}
    </Group>
  );
}

/**
 * The investor's EIS/SEIS relief statement (issue 20): each share issue that qualifies, by UK tax year (newest
 * first), with the relief (30% EIS, 50% SEIS) and whether its certificate has been received, and the statement
 * as a PDF to download. Mounted on the portfolio page.
 */
export function TaxReliefSection() {
  const { data, isPending, isError, error } = useTaxReliefStatement();
  const download = data && data.lines.length > 0 && (
    <Button
      component="a"
      href={taxReliefPdfHref()}
      download
      variant="light"
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      Download relief statement (PDF)
    </Button>
  );
  const years = data
    ? data.totals.map((total) => total.tax_year).filter((year, index, all) => all.indexOf(year) === index)
    : [];

  return (
    <RecordSection title="EIS and SEIS tax relief" actions={download}>
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          Your relief statement could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Skeleton height={160} radius="md" aria-label="Loading relief statement" />
      ) : data.lines.length === 0 ? (
        <EmptyState
          icon={<IconReceiptTax size={28} aria-hidden />}
          title="No EIS or SEIS relief"
          description="Shares you are allotted in an EIS or SEIS round, or through an EIS fund, will be listed here with the relief and its certificate."
          withIndicatorBackground
          size="sm"
        />
      ) : (
        <Stack gap="lg">
          {years.map((year) => {
            const totals = data.totals.filter((total) => total.tax_year === year);
            const label = totals[0]?.tax_year_label ?? String(year);
            return (
              <Stack key={year} gap="xs">
                <Title order={3} size="h5">
                  Tax year {label}
                </Title>
                <YearTotals totals={totals} />
                <DataTable
                  caption={`Relief in tax year ${label}`}
                  columns={columns}
                  rows={data.lines.filter((line) => line.tax_year === year)}
                  rowKey={(line) => `${line.source}-${line.share_issue_id}`}
                  loading={false}
                />
              </Stack>
            );
          })}
          <Text size="xs" c="dimmed">
            Relief is 30% (EIS) or 50% (SEIS) of the amount subscribed, for the tax year of the share issue (6
            April to 5 April), and is claimed with the certificate. This is not tax advice.
          </Text>
        </Stack>
      )}
    </RecordSection>
  );
}
