import { Alert, Anchor, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SCREENING_KIND_LABELS, type ProfileIdentity, type ScreeningCheck } from '@portico/contracts';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/records/compliance/load-error';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTerm } from '../../../lib/terminology';
import { ProfileNav } from '../../investor/components/profile-nav';
import { useProfileIdentity } from '../api/profile-identity';
import { IdentityEvidenceForm } from '../components/identity-evidence-form';
import { ScreeningStatusBadge } from '../components/screening-status-badge';

/** What the investor is told about their latest check. */
function outcome(check: ScreeningCheck): string {
  switch (check.status) {
    case 'submitted':
      return `Sent on ${formatDate(check.created_at)}. We are checking your documents and will tell you when we have.`;
    case 'referred':
      return `Referred for further checks${check.reason ? `: ${check.reason}` : '.'} We will be in touch.`;
    case 'passed':
      return `Your identity was confirmed on ${formatDate(check.decided_at)}.`;
    case 'failed':
      return `Your identity could not be confirmed${check.reason ? `: ${check.reason}` : '.'} Please send your evidence again.`;
  }
}

function CurrentCheck({ identity }: { identity: ProfileIdentity }) {
  const { current } = identity;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="identity-status"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="identity-status">
            Your identity check
          </Title>
          <ScreeningStatusBadge status={current?.status ?? null} />
        </Group>
        {current ? (
          <>
            <Text size="sm" c={current.status === 'failed' ? 'danger.8' : undefined}>
              {outcome(current)}
            </Text>
            <Text size="xs" c="dimmed">
              Documents sent:{' '}
              {current.evidence.map((item) => `${item.label} (${item.name ?? 'removed'})`).join(', ')}
            </Text>
          </>
        ) : (
          <Text size="sm">
            We are required to confirm who you are and where you live before you invest. Send us an identity
            document and a proof of address; the check uses the details on your profile.
          </Text>
        )}
        {identity.kind === 'international' && (
          <Text size="xs" c="dimmed">
            {SCREENING_KIND_LABELS.international}: you live outside the UK.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function MissingDetails({ identity }: { identity: ProfileIdentity }) {
  if (identity.missing.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Complete your details first"
    >
      <Text size="sm">The check needs these details from your profile:</Text>
      <List size="sm" mt="xs">
        {identity.missing.map((item) => (
          <List.Item key={item.field}>
            <Anchor component={Link} to={item.path}>
              Add your {item.label.toLowerCase()}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function History({ checks }: { checks: ScreeningCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="identity-history"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="identity-history">
          Earlier checks
        </Title>
        <List spacing="xs" listStyleType="none">
          {checks.map((check) => (
            <List.Item key={check.id}>
              <Group gap="xs" wrap="wrap">
                <ScreeningStatusBadge status={check.status} />
                <Text size="sm">
                  Sent {formatDateTime(check.created_at)}
                  {check.reason ? `: ${check.reason}` : ''}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/** /investor/profile/identity: the identity check (user_screening_enabled). */
export function ProfileIdentityPage() {
  useDocumentTitle('Identity check');
  const profile = useTerm('profile');
  const query = useProfileIdentity();
  const identity = query.data;

  return (
    <Stack gap={0}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {profile}
      </Title>
      <ProfileNav />
      <Stack gap="lg" maw={720}>
        {query.isPending && <Skeleton height={160} radius="md" aria-label="Loading your identity check" />}
        {query.isError && (
          <LoadError
            what="Your identity check"
            error={query.error}
            retry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
        {identity && (
          <>
            <CurrentCheck identity={identity} />
            <MissingDetails identity={identity} />
            {identity.can_submit && (
              <Paper
                withBorder
                radius="md"
                p={{ base: 'md', sm: 'lg' }}
                component="section"
                aria-labelledby="send-evidence"
              >
                <Stack gap="md">
                  <div>
                    <Title order={2} fz="lg" id="send-evidence">
                      Send your evidence
                    </Title>
                    <Text size="sm" c="dimmed">
                      Files are kept private: only our compliance team can see them.
                    </Text>
                  </div>
                  <IdentityEvidenceForm
                    onSent={() =>
                      notifications.show({
                        color: 'success',
                        title: 'Evidence sent',
                        message: 'We will tell you when your identity has been checked.',
                      })
                    }
                  />
                </Stack>
              </Paper>
            )}
            {!identity.can_submit &&
              identity.missing.length === 0 &&
              identity.current?.status !== 'passed' && (
                <Alert color="primaryLighter" variant="light" icon={<IconInfoCircle aria-hidden />}>
                  You can send new evidence once this check has been decided.
                </Alert>
              )}
            <History checks={identity.history} />
          </>
        )}
      </Stack>
    </Stack>
  );
}
