import { Anchor } from '@mantine/core';
import type { Nominee } from '@portico/contracts';
import { RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatNumber } from '../../../lib/format';
import { addressOf } from '../../../lib/records/address-of';

/** The nominee at a glance: who it is and how to reach it. */
export function NomineeSummary({ nominee }: { nominee: Nominee }) {
  const { email, phone } = nominee;
  return (
    <RecordSection title="Details">
      <RecordFacts
        facts={[
          { label: 'Company number', value: nominee.company_number },
          { label: 'FCA number', value: nominee.fca_number },
          {
            label: 'Email',
            value: email && (
              <Anchor href={`mailto:${email}`} size="sm">
                {email}
              </Anchor>
            ),
          },
          {
            label: 'Phone',
            value: phone && (
              <Anchor href={`tel:${phone}`} size="sm">
                {phone}
              </Anchor>
            ),
          },
          { label: 'Registered address', value: addressOf(nominee) },
          { label: 'Clients', value: formatNumber(nominee.clients_count) },
          { label: 'Added', value: formatDate(nominee.created_at) },
        ]}
      />
    </RecordSection>
  );
}
