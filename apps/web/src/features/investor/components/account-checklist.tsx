import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { OnboardingStep, OnboardingStepState } from '@portico/contracts';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconCircleDashed,
  IconClock,
  IconRocket,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTerm } from '../../../lib/terminology';
import type { useProfileOnboarding } from '../../identity/api/get-profile-onboarding';

// Local labels: the contract's live beside zod, which the first page must not load (docs/benchmarks.md).
const STATE_LABELS: Record<OnboardingStepState, string> = {
  done: 'done',
  to_do: 'to do',
  awaiting_review: 'awaiting review',
  action_needed: 'action needed',
  not_required: 'not required',
};

const ICONS: Record<OnboardingStepState, [string, ReactNode]> = {
  done: ['success', <IconCircleCheck key="done" size={18} aria-hidden />],
  to_do: ['gray', <IconCircleDashed key="to-do" size={18} aria-hidden />],
  awaiting_review: ['yellow', <IconClock key="review" size={18} aria-hidden />],
  action_needed: ['danger', <IconAlertCircle key="action" size={18} aria-hidden />],
  not_required: ['gray', <IconCircleDashed key="none" size={18} aria-hidden />],
};

function StepLine({ step }: { step: OnboardingStep }) {
  const [colour, icon] = ICONS[step.state];
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon color={colour} variant="light" radius="xl" size={28}>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {step.state === 'done' ? (
            step.label
          ) : (
            <Anchor component={Link} to={step.path} fw={600} size="sm">
              {step.label}
            </Anchor>
          )}
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            ({STATE_LABELS[step.state]})
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {step.detail}
        </Text>
      </div>
    </Group>
  );
}

/**
 * /investor: the onboarding checklist from GET /api/profile/onboarding (the page's query), and "ready to
 * invest" at its end.
 */
export function AccountChecklist({ query }: { query: ReturnType<typeof useProfileOnboarding> }) {
  const investments = useTerm('investments');
  const steps = query.data?.steps.filter((step) => step.required) ?? [];
  const done = steps.filter((step) => step.state === 'done').length;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="account-status"
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id="account-status">
          Your account
        </Title>
        {query.isPending && <Skeleton height={180} radius="sm" aria-label="Loading your checklist" />}
        {query.isError && (
          <Alert color="danger" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              Your checklist could not be loaded.
              <Button
                size="xs"
                variant="light"
                onClick={() => void query.refetch()}
                loading={query.isFetching}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {query.data && (
          <>
            {query.data.ready_to_invest ? (
              <Alert
                color="success"
                variant="light"
                icon={<IconRocket aria-hidden />}
                title="You are ready to invest"
                role="status"
              >
                <Stack gap="xs" align="flex-start">
                  Every step is done.
                  <Button component={Link} to="/investor/investments" size="xs">
                    {investments}
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <Stack gap={4}>
                <Text size="sm">
                  {done} of {steps.length} steps done
                </Text>
                <Progress
                  value={steps.length ? (done / steps.length) * 100 : 0}
                  aria-label={`${done} of ${steps.length} steps done`}
                />
              </Stack>
            )}
            <List spacing="md" listStyleType="none" aria-labelledby="account-status">
              {steps.map((step) => (
                <List.Item key={step.key}>
                  <StepLine step={step} />
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}
