import { Skeleton } from '@mantine/core';
import { RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useFundCompany } from '../api/get-fund-company';

/** /admin/investments/companies/{id}/key-information: what a VC keeps on a portfolio company. */
export function FundCompanyKeyInformationPage() {
  const id = useRecordId() ?? 0;
  const { data: company } = useFundCompany(id);
  if (!company) return <Skeleton height={200} radius="md" aria-label="Loading" />;
  return (
    <RecordSection title="Key information">
      <RecordFacts
        facts={[
          { label: 'Fund', value: company.fund.name },
          { label: 'Company number', value: company.company_number },
          { label: 'Industry', value: company.industry?.name ?? null },
          { label: 'Country', value: company.country },
          { label: 'Website', value: company.website },
          { label: 'Share class', value: company.share_class },
          {
            label: 'First investment',
            value: company.first_investment_on ? formatDate(company.first_investment_on) : null,
          },
          { label: 'Board seat', value: company.board_seat ? 'Yes' : 'No' },
          { label: 'Lead investor', value: company.lead_investor },
          {
            label: 'Ownership',
            value: company.ownership_percent === null ? null : `${company.ownership_percent}%`,
          },
          { label: 'Description', value: company.description, wide: true },
        ]}
      />
    </RecordSection>
  );
}
