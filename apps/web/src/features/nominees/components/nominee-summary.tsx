import type { Nominee } from '@portico/contracts';
import { EmailLink, PhoneLink, RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatNumber } from '../../../lib/format';
import { useCountryName } from '../../../lib/countries';
import { addressOf } from '../../../lib/records/address-of';

/** The nominee at a glance: who it is and how to reach it. */
export function NomineeSummary({ nominee }: { nominee: Nominee }) {
  const countryName = useCountryName();
  const { email, phone } = nominee;
  return (
    <RecordSection title="Details">
      <RecordFacts
        facts={[
          { label: 'Company number', value: nominee.company_number },
          { label: 'FCA number', value: nominee.fca_number },
          { label: 'Email', value: <EmailLink email={email} /> },
          { label: 'Phone', value: <PhoneLink phone={phone} /> },
          { label: 'Registered address', value: addressOf(nominee, countryName) },
          { label: 'Clients', value: formatNumber(nominee.clients_count) },
          { label: 'Added', value: formatDate(nominee.created_at) },
        ]}
      />
    </RecordSection>
  );
}
