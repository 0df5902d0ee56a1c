import { Avatar, Badge, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_AVATAR } from '@portico/contracts/constants';
import { NotificationEmailsSwitch } from '../../../components/account/notification-emails-switch';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTerm } from '../../../lib/terminology';
import { formatDate } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { ProfileNav } from '../components/profile-nav';

/** /investor/profile/view: the investor's own details. */
export function ProfileViewPage() {
  const profile = useTerm('profile');
  useDocumentTitle(profile);
  const user = useUser();
  return (
    <Stack gap={0}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {profile}
      </Title>
      <ProfileNav />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
        <Stack gap="lg">
          <Group gap="md">
            <Avatar src={user.avatar || DEFAULT_AVATAR} alt="" size={64} radius="xl" />
            <div>
              <Title order={2} fz="lg">
                {user.name}
              </Title>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
            </div>
          </Group>
          <DataList withDivider labelWidth={160}>
            <DataList.Item>
              <DataList.ItemLabel>Name</DataList.ItemLabel>
              <DataList.ItemValue>{user.name}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Email address</DataList.ItemLabel>
              <DataList.ItemValue>
                <Group gap="xs">
                  {user.email}
                  {user.email_verified_at ? (
                    <Badge color="success" variant="light" size="sm">
                      Verified
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" size="sm">
                      Not verified
                    </Badge>
                  )}
                </Group>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Appropriateness test</DataList.ItemLabel>
              <DataList.ItemValue>
                {user.compliance_passed === 1 ? 'Passed' : 'Not completed'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Member since</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(user.created_at)}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
          <NotificationEmailsSwitch />
        </Stack>
      </Paper>
    </Stack>
  );
}
