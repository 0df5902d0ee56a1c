import { Anchor, Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CLIENT_TYPE_LABELS, type Investor } from '@portico/contracts';
import type { ReactNode } from 'react';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { formatDate, formatDateTime, isPast } from '../../../lib/format';
import { useFeature } from '../../../lib/branding';
import { useTerminology } from '../../../lib/terminology';
import { categoryLabel, OnboardingBadge } from './investor-badges';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Text>
    </div>
  );
}

const SCREENING: Record<Investor['screening_status'], string> = {
  not_started: 'Not started',
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
};

function address(investor: Investor): string | null {
  const parts = [
    investor.address_line_1,
    investor.address_line_2,
    investor.city,
    investor.postcode,
    investor.country,
  ];
  const filled = parts.filter(Boolean);
  return filled.length > 0 ? filled.join(', ') : null;
}

/** The key facts of an investor at a glance, at the top of their Activity tab. */
export function InvestorSummary({ investor }: { investor: Investor }) {
  const terminology = useTerminology();
  const screening = useFeature('screening');
  const expires = investor.category_expires_at;
  const expired = isPast(expires);

  const facts: Array<[string, ReactNode]> = [
    [
      'Email',
      <Anchor href={`mailto:${investor.email}`} size="sm">
        {investor.email}
      </Anchor>,
    ],
    [
      'Phone',
      investor.phone ? (
        <Anchor href={`tel:${investor.phone}`} size="sm">
          {investor.phone}
        </Anchor>
      ) : null,
    ],
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
    ['Address', address(investor)],
    [
      'Organisations',
      investor.organisations.length > 0
        ? investor.organisations
            .map((organisation) => `${organisation.name} (${organisation.role})`)
            .join(', ')
        : null,
    ],
  ];

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="investor-summary"
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id="investor-summary">
          Summary
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3, xxl: 4 }} spacing="md" m={0}>
          {facts.map(([label, value]) => (
            <Fact key={label} label={label}>
              {value}
            </Fact>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
