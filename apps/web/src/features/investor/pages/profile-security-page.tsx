import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ChangePasswordForm } from '../../../components/form/change-password-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTerm } from '../../../lib/terminology';
import { useUpdatePassword } from '../../auth/api/update-password';
import { ProfileNav } from '../components/profile-nav';

/** /investor/profile/security: change password. */
export function ProfileSecurityPage() {
  useDocumentTitle('Security');
  const profile = useTerm('profile');
  const { mutateAsync } = useUpdatePassword();
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
        maw={720}
        component="section"
        aria-labelledby="change-password"
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="change-password">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              Changing your password signs you out on every other device.
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
    </Stack>
  );
}
