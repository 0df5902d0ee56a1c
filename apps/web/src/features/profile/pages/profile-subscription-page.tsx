import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useProfileSubscription } from '../api/get-subscription';
import { ProfileFrame } from '../components/profile-frame';
import { ProfileLoadError } from '../components/profile-load-error';
import { SubscriptionDetails } from '../components/subscription-details';
import { SubscriptionEmpty } from '../components/subscription-empty';

/** /investor/profile/subscription: the investor's membership, as staff set it, read-only. */
export function ProfileSubscriptionPage() {
  const { data: subscription, error, refetch, isFetching, isPending } = useProfileSubscription();
  return (
    <ProfileFrame title="Membership">
      {isPending ? (
        <Skeleton height={220} radius="md" maw={720} aria-label="Loading your membership" />
      ) : error ? (
        <ProfileLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          what="Your membership"
        />
      ) : (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          maw={720}
          component="section"
          aria-label="Membership"
        >
          {subscription ? (
            <Stack gap="md">
              <Title order={2} fz="lg">
                Your membership
              </Title>
              <SubscriptionDetails subscription={subscription} />
            </Stack>
          ) : (
            <SubscriptionEmpty />
          )}
        </Paper>
      )}
    </ProfileFrame>
  );
}
