import { Alert, Avatar, DataList, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_AVATAR } from '@portico/contracts/constants';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NotificationEmailsSwitch } from '../../../components/account/notification-emails-switch';
import { PageHeader } from '../../../components/layouts/page-header';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useRoleName } from '../../../lib/terminology';
import { useAccount } from '../api/get-account';
import { SecurityNav } from '../components/security-nav';

/** Settings → security → account details: who you are signed in as. */
export function AccountDetailsPage() {
  const { data: account, isPending, isError } = useAccount();
  const roleName = useRoleName();

  return (
    <>
      <PageHeader title="Account details" description="The account you are signed in with." />
      <SecurityNav />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
        {isError ? (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            Your account details could not be loaded. Please try again later.
          </Alert>
        ) : isPending ? (
          <Stack aria-label="Loading account details">
            <Skeleton height={48} circle />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height={16} />
            ))}
          </Stack>
        ) : (
          <Stack gap="lg">
            <Group gap="md">
              <Avatar src={account.avatar || DEFAULT_AVATAR} alt="" size={56} radius="xl" />
              <div>
                <Title order={2} fz="lg">
                  {account.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {roleName(account.role_id)}
                </Text>
              </div>
            </Group>
            <DataList withDivider labelWidth={140}>
              <DataList.Item>
                <DataList.ItemLabel>Name</DataList.ItemLabel>
                <DataList.ItemValue>{account.name}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Email</DataList.ItemLabel>
                <DataList.ItemValue>{account.email}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Role</DataList.ItemLabel>
                <DataList.ItemValue>{roleName(account.role_id)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Last login</DataList.ItemLabel>
                <DataList.ItemValue>
                  {account.last_login_at ? formatDateTime(account.last_login_at) : 'Never'}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Member since</DataList.ItemLabel>
                <DataList.ItemValue>{formatDate(account.created_at)}</DataList.ItemValue>
              </DataList.Item>
            </DataList>
            <NotificationEmailsSwitch />
          </Stack>
        )}
      </Paper>
    </>
  );
}
