import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useFundCompanyTransactions } from '../api/fund-company-records';
import { useFundCompany } from '../api/get-fund-company';
import { CompanyFigures } from '../components/company-figures';

// The charts library loads only with a company's page.
const ValuationChart = lazy(async () => ({
  default: (await import('../components/valuation-chart')).ValuationChart,
}));

/** /admin/investments/companies/{id}/details: the key figures and the valuation over time. */
export function FundCompanyDetailsPage() {
  const id = useRecordId() ?? 0;
  const { data: company } = useFundCompany(id);
  const transactions = useFundCompanyTransactions(id);
  if (!company) return <Skeleton height={200} radius="md" aria-label="Loading" />;
  const currency = company.fund.currency;
  return (
    <Stack gap="lg">
      <RecordSection
        title="Key figures"
        description={
          company.status_on
            ? `In ${company.fund.name} · status since ${formatDate(company.status_on)}`
            : `In ${company.fund.name}`
        }
      >
        <CompanyFigures figures={company} currency={currency} label="Key figures" />
        {company.ownership_percent && (
          <Text size="sm" mt="sm">
            The fund owns {company.ownership_percent}% of the company.
          </Text>
        )}
      </RecordSection>
      <RecordSection title="Valuation over time">
        {transactions.isError ? (
          <ListLoadError error={transactions.error} />
        ) : transactions.isPending ? (
          <Skeleton height={220} radius="sm" aria-label="Loading the chart" />
        ) : (
          <Suspense fallback={<Skeleton height={220} radius="sm" aria-label="Loading the chart" />}>
            <ValuationChart transactions={transactions.data} currency={currency} />
          </Suspense>
        )}
      </RecordSection>
    </Stack>
  );
}
