import { Anchor, Badge, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { ENTITY_STATUS_LABELS, INVESTMENT_METHOD_TYPE_LABELS } from '@portico/contracts';
import { Link } from 'react-router';
import { LoadError } from '../../../components/records/compliance/load-error';
import { formatDate } from '../../../lib/format';
import { useMyEntity } from '../api/investment-method-entities';
import { ProfilePage } from '../components/profile-page';
import { RecordFactsList } from '../components/record-facts-list';
import { profileSlugPath } from '../profile-slug';

export const ENTITY_STATUS_COLOURS = { pending: 'yellow', active: 'success', closed: 'gray' } as const;

/** /investor/profile/investmentmethod_{id}: the investor's account with an investment method. */
export function EntityPage({ id }: { id: number }) {
  const { data, isPending, isError, error, refetch, isFetching } = useMyEntity(id);
  if (isPending)
    return (
      <ProfilePage title="Investment method">
        <Skeleton height={220} radius="md" aria-label="Loading the account" />
      </ProfilePage>
    );
  if (isError)
    return (
      <ProfilePage title="Investment method">
        <LoadError what="The account" error={error} retry={() => void refetch()} retrying={isFetching} />
      </ProfilePage>
    );
  const method = data.investment_method;
  return (
    <ProfilePage title={data.name}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg">
              {method.name}
            </Title>
            <Badge color={ENTITY_STATUS_COLOURS[data.status]} variant="light">
              {ENTITY_STATUS_LABELS[data.status]}
            </Badge>
          </Group>
          <RecordFactsList
            facts={[
              { label: 'Account name', value: data.name },
              { label: 'Investment method', value: method.name },
              { label: 'Type', value: INVESTMENT_METHOD_TYPE_LABELS[method.type] },
              { label: 'Provider', value: method.provider },
              { label: 'Account reference', value: data.account_reference },
              { label: 'Status', value: ENTITY_STATUS_LABELS[data.status] },
              { label: 'Opened', value: formatDate(data.created_at) },
            ]}
          />
          <Anchor
            component={Link}
            to={profileSlugPath('investmentmethod-documents', data.id)}
            fw={600}
            size="sm"
          >
            Documents of this account
          </Anchor>
        </Stack>
      </Paper>
    </ProfilePage>
  );
}
