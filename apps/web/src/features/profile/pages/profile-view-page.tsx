import {
  Anchor,
  Badge,
  DataList,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { CLIENT_TYPE_LABELS, type Profile } from '@portico/contracts';
import { IconChevronRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NotificationEmailsSwitch } from '../../../components/account/notification-emails-switch';
import { useCountryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useProfileSubscription } from '../api/get-subscription';
import { ContactSupportButton } from '../components/contact-support-button';
import { ProfileFrame } from '../components/profile-frame';
import { ProfileLoadError } from '../components/profile-load-error';
import { SubscriptionStatusBadge } from '../components/subscription-details';

/** A card of the hub: what the view holds, in brief, and the way to it. */
function HubCard({
  title,
  to,
  action,
  children,
}: {
  title: string;
  to: string;
  action: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="sm">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {children}
        </Stack>
        <Anchor component={Link} to={to} fw={600} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            {action}
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}

function DetailsSummary({ profile }: { profile: Profile }) {
  const countryName = useCountryName();
  const address = [
    profile.address_line_1,
    profile.city,
    profile.postcode,
    profile.country && countryName(profile.country),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <DataList withDivider labelWidth={120}>
      <DataList.Item>
        <DataList.ItemLabel>Name</DataList.ItemLabel>
        <DataList.ItemValue>{[profile.title, profile.name].filter(Boolean).join(' ')}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Email</DataList.ItemLabel>
        <DataList.ItemValue>
          <Group gap="xs">
            {/* A long address breaks anywhere rather than widening a phone's screen. */}
            <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
              {profile.email}
            </Text>
            <Badge color={profile.email_verified_at ? 'success' : 'gray'} variant="light" size="sm">
              {profile.email_verified_at ? 'Verified' : 'Not verified'}
            </Badge>
          </Group>
          {profile.pending_email && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Waiting for you to confirm {profile.pending_email}
            </Text>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Phone</DataList.ItemLabel>
        <DataList.ItemValue>{profile.phone ?? 'Not given'}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Address</DataList.ItemLabel>
        <DataList.ItemValue>{address || 'Not given'}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}

function MembershipSummary() {
  const { data, isPending, isError } = useProfileSubscription();
  if (isPending) return <Skeleton height={40} aria-label="Loading your membership" />;
  if (isError) return <Text size="sm">Your membership could not be loaded.</Text>;
  if (!data) return <Text size="sm">You have no membership plan with us.</Text>;
  return (
    <Group gap="xs">
      <Text size="sm" fw={600}>
        {data.plan_name}
      </Text>
      <SubscriptionStatusBadge status={data.status} />
      {data.renews_at && (
        <Text size="sm" c="dimmed">
          renews {formatDate(data.renews_at)}
        </Text>
      )}
    </Group>
  );
}

/** /investor/profile/view: the profile's hub: a summary of each view and the way to it. */
export function ProfileViewPage() {
  const user = useUser();
  const { data: profile, error, refetch, isFetching } = useProfile();

  return (
    <ProfileFrame title="Overview">
      <Stack gap="lg" maw={1100}>
        {profile ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <HubCard title="My details" to="/investor/profile/details" action="Edit my details">
              <DetailsSummary profile={profile} />
            </HubCard>
            <HubCard title="Client type" to="/investor/profile/type" action="Change client type">
              <Text size="sm">
                {profile.client_type ? CLIENT_TYPE_LABELS[profile.client_type] : 'Not chosen yet'}
                {profile.trading_name ? `: ${profile.trading_name}` : ''}
              </Text>
            </HubCard>
            <HubCard title="Membership" to="/investor/profile/subscription" action="See my membership">
              <MembershipSummary />
            </HubCard>
            <HubCard title="Security" to="/investor/profile/security" action="Change my password">
              <Text size="sm">Member since {formatDate(user.created_at)}.</Text>
            </HubCard>
          </SimpleGrid>
        ) : error ? (
          <ProfileLoadError
            error={error}
            retry={() => void refetch()}
            retrying={isFetching}
            what="Your profile"
          />
        ) : (
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing="lg"
            aria-busy="true"
            aria-label="Loading your profile"
          >
            <Skeleton height={200} radius="md" />
            <Skeleton height={200} radius="md" />
          </SimpleGrid>
        )}
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="profile-help"
        >
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="lg" id="profile-help">
              Help and settings
            </Title>
            <NotificationEmailsSwitch />
            <Text size="sm" c="dimmed">
              A question about your account or an investment? Our support team replies by email.
            </Text>
            <ContactSupportButton />
          </Stack>
        </Paper>
      </Stack>
    </ProfileFrame>
  );
}
