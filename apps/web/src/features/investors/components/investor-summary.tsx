import { Badge, Text } from '@mantine/core';
import { CLIENT_TYPE_LABELS, ORGANISATION_ROLE_LABELS, type Investor } from '@portico/contracts';
import type { ReactNode } from 'react';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { EmailLink, PhoneLink, RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { useCountryName } from '../../../lib/countries';
import { addressOf } from '../../../lib/records/address-of';
import { formatDate, formatDateTime, isPast } from '../../../lib/format';
import { useFeature } from '../../../lib/branding';
import { useTerminology } from '../../../lib/terminology';
import { categoryLabel, OnboardingBadge } from './investor-badges';

const SCREENING: Record<Investor['screening_status'], string> = {
  not_started: 'Not started',
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
  referred: 'Referred',
};

/** "Beneficial owner", not beneficial_owner: the role an investor holds in an organisation. */
const roleLabel = (role: string) =>
  role in ORGANISATION_ROLE_LABELS
    ? ORGANISATION_ROLE_LABELS[role as keyof typeof ORGANISATION_ROLE_LABELS]
    : role.replace(/_/g, ' ');

/** The key facts of an investor at a glance, at the top of their Activity tab. */
export function InvestorSummary({ investor }: { investor: Investor }) {
  const countryName = useCountryName();
  const terminology = useTerminology();
  const screening = useFeature('screening');
  const expires = investor.category_expires_at;
  const expired = isPast(expires);

  const facts: Array<[string, ReactNode]> = [
    ['Email', <EmailLink email={investor.email} />],
    ['Phone', <PhoneLink phone={investor.phone} />],
    ['Client type', investor.client_type ? CLIENT_TYPE_LABELS[investor.client_type] : null],
    ['Lead status', investor.lead_status ? <LeadStatusBadge status={investor.lead_status} /> : null],
    ['Owner', investor.owner?.name ?? null],
    ['Adviser', investor.adviser?.name ?? null],
    ['Source', investor.source],
    [
      terminology.investor_categorisation,
      investor.category ? (
        <>
          {categoryLabel(terminology, investor.category)}
          {expires && (
            <Text span size="xs" c={expired ? 'danger.7' : 'dimmed'} display="block">
              {expired ? 'Expired' : 'Expires'} {formatDate(expires)}
            </Text>
          )}
        </>
      ) : (
        'Not categorised'
      ),
    ],
    ['Onboarding', <OnboardingBadge state={investor.onboarding_state} />],
    [
      'Appropriateness test',
      investor.compliance_passed === 1 ? (
        <Badge color="success" variant="light">
          Passed
        </Badge>
      ) : (
        'Not passed'
      ),
    ],
    ...(screening
      ? [['AML/KYC screening', SCREENING[investor.screening_status]] as [string, ReactNode]]
      : []),
    ['Email verified', investor.email_verified_at ? formatDate(investor.email_verified_at) : 'Not yet'],
    ['Registered', formatDate(investor.created_at)],
    ['Last login', investor.last_login_at ? formatDateTime(investor.last_login_at) : 'Never'],
    ['Address', addressOf(investor, countryName)],
    [
      'Organisations',
      investor.organisations.length > 0
        ? investor.organisations
            .map((organisation) => `${organisation.name} (${roleLabel(organisation.role)})`)
            .join(', ')
        : null,
    ],
  ];

  return (
    <RecordSection title="Summary">
      <RecordFacts facts={facts.map(([label, value]) => ({ label, value }))} />
    </RecordSection>
  );
}
