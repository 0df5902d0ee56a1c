import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can } from '@portico/contracts/constants';
import { ChangePasswordForm } from '../../../components/form/change-password-form';
import { PageHeader } from '../../../components/layouts/page-header';
import { useUser } from '../../../lib/session';
import { useUpdatePassword } from '../../auth/api/update-password';
import { OutboxPanel } from '../components/outbox-panel';
import { SecurityNav } from '../components/security-nav';

/** Settings → security: every staff user's password; the mail outbox for those who manage users. */
export function SecurityPage() {
  const user = useUser();
  const { mutateAsync } = useUpdatePassword();
  const canSeeOutbox = can(user.role_id, 'user', 'index');

  return (
    <>
      <PageHeader
        title="Security"
        description={
          canSeeOutbox
            ? 'Your password, and the emails the platform has sent.'
            : 'Change the password you sign in with.'
        }
      />
      <SecurityNav />
      <Stack gap="lg">
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="change-password"
        >
          <Stack gap="md">
            <div>
              <Title order={2} fz="lg" id="change-password">
                Change password
              </Title>
              <Text size="sm" c="dimmed">
                Changing your password signs you out everywhere else.
              </Text>
            </div>
            <ChangePasswordForm
              submit={mutateAsync}
              onChanged={(status) =>
                notifications.show({ color: 'success', title: 'Password changed', message: status })
              }
            />
          </Stack>
        </Paper>
        {canSeeOutbox && (
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="email-outbox"
          >
            <Stack gap="md">
              <div>
                <Title order={2} fz="lg" id="email-outbox">
                  Email outbox
                </Title>
                <Text size="sm" c="dimmed">
                  Every email the platform has written, newest first. Open one to read it and follow its
                  links.
                </Text>
              </div>
              <OutboxPanel />
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
