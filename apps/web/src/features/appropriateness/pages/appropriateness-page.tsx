import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { UNLIMITED_COMPLIANCE_TRIES, type ProfileComplianceTest } from '@portico/contracts';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconHourglass,
  IconInfoCircle,
  IconLock,
} from '@tabler/icons-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/records/compliance/load-error';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDateTime } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { ProfileNav } from '../../investor/components/profile-nav';
import { useMyComplianceTest } from '../api/profile-compliance-test';
import { Countdown } from '../components/countdown';
import { TestForm } from '../components/test-form';

const triesText = (state: ProfileComplianceTest) =>
  state.tries_allowed >= UNLIMITED_COMPLIANCE_TRIES
    ? `You have used ${state.tries_used} ${state.tries_used === 1 ? 'try' : 'tries'}; there is no limit.`
    : `You have used ${state.tries_used} of your ${state.tries_allowed} tries.`;

function StateView({ state, refetch }: { state: ProfileComplianceTest; refetch: () => void }) {
  const terms = useTerminology();
  const onWaitOver = useCallback(() => refetch(), [refetch]);
  const lastFailed = state.last_attempt && !state.last_attempt.passed ? state.last_attempt : null;
  switch (state.status) {
    case 'not_required':
      return (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
          You do not need to take the appropriateness test.
        </Alert>
      );
    case 'passed':
      return (
        <Alert
          color="success"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title="Test passed"
          role="status"
        >
          <Stack gap={4}>
            <Text size="sm">{terms.test_success}</Text>
            {state.last_attempt?.passed && (
              <Text size="sm" c="dimmed">
                Passed {formatDateTime(state.last_attempt.created_at)}.
              </Text>
            )}
          </Stack>
        </Alert>
      );
    case 'awaiting_categorisation':
      return (
        <Alert color="blue" variant="light" icon={<IconHourglass aria-hidden />} title="Waiting for approval">
          <Text size="sm">
            Your appropriateness test opens once your investor categorisation has been approved by our team.
            If you have not confirmed your categorisation yet,{' '}
            <Anchor component={Link} to="/investor/profile/investor-type">
              confirm it first
            </Anchor>
            . We will let you know when it has been reviewed.
          </Text>
        </Alert>
      );
    case 'cooldown':
      return (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockHour4 aria-hidden />}
          title="Test failed"
          role="status"
        >
          <Stack gap={6}>
            {lastFailed && <Text size="sm">{terms.test_fail}</Text>}
            {lastFailed && (
              <Text size="sm">
                You answered {lastFailed.score} of {lastFailed.total} questions correctly.
              </Text>
            )}
            <Text size="sm">{terms.test_cooldown}</Text>
            {state.retry_at && state.retry_in_seconds !== null && (
              <Text size="sm">
                You can try again in{' '}
                <Countdown key={state.retry_at} seconds={state.retry_in_seconds} onDone={onWaitOver} /> (
                {formatDateTime(state.retry_at)}).
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {triesText(state)}
            </Text>
          </Stack>
        </Alert>
      );
    case 'no_tries_left':
      return (
        <Alert
          color="danger"
          variant="light"
          icon={<IconLock aria-hidden />}
          title="No tries left"
          role="status"
        >
          <Stack gap={6}>
            {lastFailed && <Text size="sm">{terms.test_fail}</Text>}
            <Text size="sm">
              You have used all {state.tries_allowed} of your tries at the appropriateness test. Please
              contact us to discuss your options.
            </Text>
          </Stack>
        </Alert>
      );
    case 'unavailable':
      return (
        <Alert color="gray" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          The appropriateness test is not available yet. Please try again later or contact us.
        </Alert>
      );
    case 'open':
      return (
        <Stack gap="md">
          <Text size="sm">
            Before you invest we must check that you understand the risks of investing in early-stage
            companies. Answer each question; tick every answer that applies. You need every answer right to
            pass. {triesText(state)} If you do not pass, you can try again after 24 hours.
          </Text>
          <TestForm questions={state.questions} />
        </Stack>
      );
  }
}

/** /investor/profile/appropriateness: the appropriateness test, where the investor stands on it. */
export function AppropriatenessPage() {
  useDocumentTitle('Appropriateness test');
  const profile = useTerminology().profile;
  const { data, isPending, isError, error, refetch, isFetching } = useMyComplianceTest();

  return (
    <Stack gap={0}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {profile}
      </Title>
      <ProfileNav />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        maw={820}
        component="section"
        aria-labelledby="appropriateness-test"
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id="appropriateness-test">
            Appropriateness test
          </Title>
          {isPending ? (
            <Stack gap="sm" aria-label="Loading the appropriateness test">
              <Skeleton height={16} width="80%" />
              <Skeleton height={16} width="60%" />
              <Skeleton height={80} />
            </Stack>
          ) : isError ? (
            <LoadError
              what="The appropriateness test"
              error={error}
              retry={() => void refetch()}
              retrying={isFetching}
            />
          ) : (
            <StateView state={data} refetch={() => void refetch()} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
