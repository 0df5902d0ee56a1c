import { CLIENT_TYPE_LABELS, type Contact } from '@portico/contracts';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { EmailLink, PhoneLink, RecordFacts, type RecordFact } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { useCountryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/format';
import { addressOf } from '../../../lib/records/address-of';
import { useTerminology } from '../../../lib/terminology';
import { categoryLabel } from './contact-badges';

/** The key facts of a contact at a glance, at the top of their Activity tab. */
export function ContactSummary({ contact }: { contact: Contact }) {
  const terminology = useTerminology();
  const countryName = useCountryName();
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
    { label: 'Address', value: addressOf(contact, countryName) },
    { label: 'Added', value: formatDate(contact.created_at) },
  ];
  return (
    <RecordSection title="Summary">
      <RecordFacts facts={facts} />
    </RecordSection>
  );
}
