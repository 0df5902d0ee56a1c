import { Anchor, Badge, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { ORGANISATION_ROLE_LABELS, ORGANISATION_TYPE_LABELS } from '@portico/contracts';
import { Link } from 'react-router';
import { LoadError } from '../../../components/records/compliance/load-error';
import { useCountryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/format';
import { useMyOrganisation } from '../api/organisations';
import { ProfilePage } from '../components/profile-page';
import { RecordFactsList } from '../components/record-facts-list';
import { profileSlugPath } from '../profile-slug';

/** /investor/profile/organisation_{id}: an organisation the investor is linked to, and their role in it. */
export function OrganisationPage({ id }: { id: number }) {
  const { data, isPending, isError, error, refetch, isFetching } = useMyOrganisation(id);
  const countryName = useCountryName();
  if (isPending)
    return (
      <ProfilePage title="Organisation">
        <Skeleton height={240} radius="md" aria-label="Loading the organisation" />
      </ProfilePage>
    );
  if (isError)
    return (
      <ProfilePage title="Organisation">
        <LoadError what="The organisation" error={error} retry={() => void refetch()} retrying={isFetching} />
      </ProfilePage>
    );
  const address = [
    data.address_line_1,
    data.address_line_2,
    data.city,
    data.postcode,
    data.country ? countryName(data.country) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <ProfilePage title={data.name}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg">
              Details
            </Title>
            <Badge variant="light">Your role: {ORGANISATION_ROLE_LABELS[data.role]}</Badge>
          </Group>
          <RecordFactsList
            facts={[
              { label: 'Type', value: ORGANISATION_TYPE_LABELS[data.type] },
              { label: 'Registration number', value: data.registration_number },
              { label: 'Email', value: data.email },
              { label: 'Phone', value: data.phone },
              { label: 'Website', value: data.website },
              { label: 'Address', value: address },
              { label: 'Linked since', value: formatDate(data.linked_at) },
            ]}
          />
          <Anchor component={Link} to={profileSlugPath('organisation-documents', data.id)} fw={600} size="sm">
            Documents of {data.name}
          </Anchor>
        </Stack>
      </Paper>
    </ProfilePage>
  );
}
