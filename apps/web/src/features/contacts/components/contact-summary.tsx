import { CLIENT_TYPE_LABELS, type Contact } from '@portico/contracts';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { EmailLink, PhoneLink, RecordFacts, type RecordFact } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { categoryLabel } from './contact-badges';

function address(contact: Contact): string | null {
  const parts = [
    contact.address_line_1,
    contact.address_line_2,
    contact.city,
    contact.postcode,
    contact.country,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The key facts of a contact at a glance, at the top of their Activity tab. */
export function ContactSummary({ contact }: { contact: Contact }) {
  const terminology = useTerminology();
  const facts: RecordFact[] = [
    { label: 'Email', value: <EmailLink email={contact.email} /> },
    { label: 'Phone', value: <PhoneLink phone={contact.phone} /> },
    { label: 'Company', value: contact.company },
    { label: 'Job title', value: contact.job_title },
    { label: 'Lead status', value: contact.lead_status && <LeadStatusBadge status={contact.lead_status} /> },
    { label: 'Client type', value: contact.client_type && CLIENT_TYPE_LABELS[contact.client_type] },
    {
      label: terminology.investor_categorisation,
      value: contact.category ? categoryLabel(terminology, contact.category) : 'Not categorised',
    },
    { label: 'Owner', value: contact.owner?.name },
    { label: 'Source', value: contact.source },
    { label: 'Address', value: address(contact) },
    { label: 'Added', value: formatDate(contact.created_at) },
  ];
  return (
    <RecordSection title="Summary">
      <RecordFacts facts={facts} />
    </RecordSection>
  );
}
