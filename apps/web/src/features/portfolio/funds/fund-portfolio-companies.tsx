import { Stack, Text } from '@mantine/core';
import type { PortfolioFundCompany } from '@portico/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { FundCompanyStatusBadge } from '../../fund-companies/components/fund-company-status-badge';
import { formatMultiple } from '../figures';

/**
 * The fund's portfolio companies (issue 20), as its investors see them: each company's status since its date,
 * what the fund paid, got back and holds it at, and the multiple. Figures are the fund's, in its currency.
 */
export function FundPortfolioCompanies({
  companies,
  currency,
}: {
  companies: readonly PortfolioFundCompany[];
  currency: string;
}) {
  const money = (value: string) => formatMoney(value, currency);
  const columns: DataTableColumn<PortfolioFundCompany>[] = [
    {
      key: 'name',
      header: 'Company',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.name}</Text>
          {row.industry && (
            <Text size="xs" c="dimmed">
              {row.industry}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <FundCompanyStatusBadge status={row.status} />
          {row.status_on && (
            <Text size="xs" c="dimmed">
              since {formatDate(row.status_on)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'first',
      header: 'First invested',
      nowrap: true,
      visibleFrom: 'sm',
      render: (row) => formatDate(row.first_investment_on),
    },
    {
      key: 'cost',
      header: 'Cost',
      align: 'right',
      nowrap: true,
      visibleFrom: 'sm',
      render: (row) => money(row.cost),
    },
    {
      key: 'realised',
      header: 'Realised',
      align: 'right',
      nowrap: true,
      visibleFrom: 'md',
      render: (row) => money(row.realised),
    },
    {
      key: 'valuation',
      header: 'Valuation',
      align: 'right',
      nowrap: true,
      render: (row) => money(row.valuation),
    },
    {
      key: 'multiple',
      header: 'Multiple',
      align: 'right',
      nowrap: true,
      render: (row) => formatMultiple(row.multiple),
    },
  ];
  return (
    <RecordSection
      title="Portfolio companies"
      description="The companies the fund has invested in, at the fund’s cost and latest valuation."
    >
      {companies.length === 0 ? (
        <Text size="sm" c="dimmed">
          The fund has not invested in a company yet.
        </Text>
      ) : (
        <DataTable
          caption="Portfolio companies"
          columns={columns}
          rows={companies}
          rowKey={(row) => row.id}
          loading={false}
        />
      )}
    </RecordSection>
  );
}
