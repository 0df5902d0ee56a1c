import { Anchor } from '@mantine/core';
import { ORGANISATION_TYPE_LABELS, type Organisation } from '@portico/contracts';
import { EmailLink, PhoneLink, RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatNumber } from '../../../lib/format';
import { useCountryName } from '../../../lib/countries';
import { addressOf } from '../../../lib/records/address-of';

/** The organisation at a glance, at the top of its details. */
export function OrganisationSummary({ organisation }: { organisation: Organisation }) {
  const countryName = useCountryName();
  const { email, phone, website } = organisation;
  return (
    <RecordSection title="Details">
      <RecordFacts
        facts={[
          { label: 'Type', value: ORGANISATION_TYPE_LABELS[organisation.type] },
          { label: 'Registration number', value: organisation.registration_number },
          { label: 'Email', value: <EmailLink email={email} /> },
          { label: 'Phone', value: <PhoneLink phone={phone} /> },
          {
            label: 'Website',
            value: website && (
              <Anchor href={website} target="_blank" rel="noreferrer" size="sm">
                {website}
              </Anchor>
            ),
          },
          { label: 'Address', value: addressOf(organisation, countryName) },
          { label: 'Members', value: formatNumber(organisation.members_count) },
          { label: 'Added', value: formatDate(organisation.created_at) },
          { label: 'Last changed', value: formatDate(organisation.updated_at) },
        ]}
      />
    </RecordSection>
  );
}
