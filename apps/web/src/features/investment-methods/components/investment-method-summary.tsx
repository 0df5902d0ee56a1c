import { Anchor } from '@mantine/core';
import { INVESTMENT_METHOD_TYPE_LABELS, type InvestmentMethod } from '@portico/contracts';
import { EmailLink, PhoneLink, RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatNumber } from '../../../lib/format';

/** The investment method at a glance, at the top of its details. */
export function InvestmentMethodSummary({ method }: { method: InvestmentMethod }) {
  const { email, phone, website } = method;
  return (
    <RecordSection title="Details">
      <RecordFacts
        facts={[
          { label: 'Type', value: INVESTMENT_METHOD_TYPE_LABELS[method.type] },
          { label: 'Provider', value: method.provider },
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
          { label: 'Accounts', value: formatNumber(method.entities_count) },
          { label: 'Added', value: formatDate(method.created_at) },
          { label: 'Last changed', value: formatDate(method.updated_at) },
          { label: 'Description', value: method.description, wide: true },
        ]}
      />
    </RecordSection>
  );
}
