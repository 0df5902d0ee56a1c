import { Anchor, Badge, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  can,
  CATEGORISATION_STATUS_LABELS,
  ONBOARDING_ITEM_STATUS_LABELS,
  ONBOARDING_STEP_STATE_LABELS,
  type CategorisationStatus,
  type InvestorOnboardingSteps,
  type OnboardingStep,
  type OnboardingStepState,
} from '@portico/contracts';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/records/compliance/load-error';
import { formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useInvestorOnboardingSteps } from '../../identity/api/investor-onboarding';
import { categoryLabel } from './investor-badges';
import { IdentityEvidence } from './onboarding-evidence-identity';

const COLOURS: Record<OnboardingStepState, string> = {
  done: 'success',
  to_do: 'gray',
  awaiting_review: 'yellow',
  action_needed: 'danger',
  not_required: 'gray',
};

const when = (value: string | null, by?: { name: string } | null) =>
  value ? `${formatDateTime(value)}${by ? ` by ${by.name}` : ''}` : '—';

function Evidence({
  step,
  data,
  investorName,
  mayDecide,
}: {
  step: OnboardingStep;
  data: InvestorOnboardingSteps;
  investorName: string;
  mayDecide: boolean;
}): ReactNode {
  const terminology = useTerminology();
  const { evidence } = data;
  switch (step.key) {
    case 'email':
      return <Text size="sm">Verified: {when(evidence.email.verified_at)}</Text>;
    case 'categorisation': {
      const signed = evidence.categorisation;
      if (!signed) return <Text size="sm">No statement signed.</Text>;
      return (
        <Stack gap={2}>
          <Text size="sm">
            {categoryLabel(terminology, signed.category)} (statement {signed.statement_version}),{' '}
            {CATEGORISATION_STATUS_LABELS[signed.status as CategorisationStatus] ?? signed.status}
          </Text>
          <Text size="sm">
            Signed {when(signed.signed_at, signed.recorded_by)}; expires {formatDateTime(signed.expires_at)}
          </Text>
          {signed.reviewed_at && (
            <Text size="sm">
              Reviewed {when(signed.reviewed_at, signed.reviewed_by)}
              {signed.reason ? `: ${signed.reason}` : ''}
            </Text>
          )}
        </Stack>
      );
    }
    case 'appropriateness':
      return (
        <Text size="sm">
          {evidence.appropriateness.attempts} attempt{evidence.appropriateness.attempts === 1 ? '' : 's'};{' '}
          {evidence.appropriateness.passed
            ? `passed${evidence.appropriateness.passed_at ? ` ${formatDateTime(evidence.appropriateness.passed_at)}` : ''}`
            : 'not passed'}
        </Text>
      );
    case 'identity':
      return (
        <IdentityEvidence
          investorId={data.investor_id}
          investorName={investorName}
          check={evidence.identity}
          mayDecide={mayDecide}
        />
      );
    case 'documents':
      if (evidence.documents.length === 0) return <Text size="sm">No sign-up documents are asked for.</Text>;
      return (
        <List size="sm" spacing={4}>
          {evidence.documents.map((item) => (
            <List.Item key={item.requirement_id}>
              {item.requirement}
              {item.required ? '' : ' (optional)'}: {ONBOARDING_ITEM_STATUS_LABELS[item.status]}
              {item.document && (
                <>
                  {' '}
                  <Anchor href={item.document.url} download={item.document.name} size="sm">
                    <IconDownload size={14} aria-hidden /> {item.document.name}
                  </Anchor>
                </>
              )}
              {item.submitted_at && `; sent ${formatDateTime(item.submitted_at)}`}
              {item.reviewed_at && `; reviewed ${when(item.reviewed_at, item.reviewed_by)}`}
              {item.reason && `: ${item.reason}`}
            </List.Item>
          ))}
        </List>
      );
    case 'terms':
      return (
        <Text size="sm">
          Accepted version {evidence.terms.accepted_version} of {evidence.terms.current_version}
          {evidence.terms.accepted_at ? `, ${formatDateTime(evidence.terms.accepted_at)}` : ''}
        </Text>
      );
  }
}

/** The investor's record: each onboarding step, where it stands and the evidence behind it. */
export function OnboardingEvidence({
  investorId,
  investorName,
}: {
  investorId: number;
  investorName: string;
}) {
  const user = useUser();
  const query = useInvestorOnboardingSteps(investorId);
  const mayDecide = can(user.role_id, 'investors', 'update');
  const data = query.data;
  const required = data?.steps.filter((step) => step.required) ?? [];
  const done = required.filter((step) => step.state === 'done').length;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="investor-onboarding"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="investor-onboarding">
            Onboarding
          </Title>
          {data && (
            <Badge color={data.ready_to_invest ? 'success' : 'gray'} variant="light">
              {data.ready_to_invest ? 'Ready to invest' : `${done} of ${required.length} steps done`}
            </Badge>
          )}
        </Group>
        {query.isPending && <Skeleton height={200} radius="sm" aria-label="Loading onboarding" />}
        {query.isError && (
          <LoadError
            what="Onboarding"
            error={query.error}
            retry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
        {data && (
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.steps.map((step) => (
              <Paper
                key={step.key}
                component="li"
                radius="sm"
                p="sm"
                bg={step.required ? 'gray.0' : undefined}
                withBorder={!step.required}
                aria-label={step.label}
              >
                <Stack gap={6}>
                  <Group gap="xs">
                    <Text fw={700} size="sm">
                      {step.label}
                    </Text>
                    <Badge color={COLOURS[step.state]} variant="light" size="sm">
                      {ONBOARDING_STEP_STATE_LABELS[step.state]}
                    </Badge>
                  </Group>
                  {step.required && (
                    <>
                      <Text size="xs" c="dimmed">
                        {step.detail}
                      </Text>
                      <Evidence step={step} data={data} investorName={investorName} mayDecide={mayDecide} />
                    </>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
