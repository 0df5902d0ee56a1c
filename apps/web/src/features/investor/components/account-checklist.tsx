import { Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { User } from '@portico/contracts';
import { IconCalendar, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';

interface Check {
  label: string;
  detail: string;
  done: boolean | null;
}

function checksFor(user: User): Check[] {
  return [
    {
      label: 'Email address verified',
      detail: user.email_verified_at
        ? `Verified on ${formatDate(user.email_verified_at)}`
        : 'Waiting for you to open the link we emailed',
      done: Boolean(user.email_verified_at),
    },
    {
      label: 'Appropriateness test',
      detail: user.compliance_passed === 1 ? 'Passed' : 'Not completed yet',
      done: user.compliance_passed === 1,
    },
    {
      label: 'Terms and conditions',
      detail:
        user.accepted_terms_version > 0
          ? `Accepted (version ${user.accepted_terms_version})`
          : 'Not accepted yet',
      done: user.accepted_terms_version > 0,
    },
    { label: 'Member since', detail: formatDate(user.created_at), done: null },
  ];
}

function icon(done: boolean | null): ReactNode {
  if (done === null)
    return (
      <ThemeIcon color="primaryLighter" variant="light" radius="xl" size={28}>
        <IconCalendar size={16} aria-hidden />
      </ThemeIcon>
    );
  return done ? (
    <ThemeIcon color="success" variant="light" radius="xl" size={28}>
      <IconCircleCheck size={18} aria-hidden />
    </ThemeIcon>
  ) : (
    <ThemeIcon color="gray" variant="light" radius="xl" size={28}>
      <IconCircleDashed size={18} aria-hidden />
    </ThemeIcon>
  );
}

/** Where the investor's account stands, from GET /api/user. */
export function AccountChecklist({ user }: { user: User }) {
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
        <List spacing="md" listStyleType="none" aria-labelledby="account-status">
          {checksFor(user).map((check) => (
            <List.Item key={check.label}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {icon(check.done)}
                <div>
                  <Text fw={600} size="sm">
                    {check.label}
                    {check.done !== null && (
                      <Text span size="sm" c="dimmed" fw={400}>
                        {' '}
                        ({check.done ? 'done' : 'to do'})
                      </Text>
                    )}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {check.detail}
                  </Text>
                </div>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
