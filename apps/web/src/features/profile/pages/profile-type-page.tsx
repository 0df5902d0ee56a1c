import { Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CLIENT_TYPE_LABELS } from '@portico/contracts';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ClientTypeForm } from '../components/client-type-form';
import { ProfileFrame } from '../components/profile-frame';
import { ProfileLoadError } from '../components/profile-load-error';

/** /investor/profile/type: business, organisation or sole trader, and what follows from it. */
export function ProfileTypePage() {
  const { data: profile, error, refetch, isFetching } = useProfile();
  const update = useUpdateProfile();
  return (
    <ProfileFrame title="Client type">
      {profile ? (
        <ClientTypeForm
          key={profile.updated_at}
          profile={profile}
          submit={(changes) => update.mutateAsync(changes)}
          onSaved={(saved) =>
            notifications.show({
              color: 'success',
              title: 'Client type saved',
              message: saved.client_type
                ? `You invest as: ${CLIENT_TYPE_LABELS[saved.client_type]}.`
                : 'Saved.',
            })
          }
        />
      ) : error ? (
        <ProfileLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          what="Your client type"
        />
      ) : (
        <Skeleton height={260} radius="md" maw={720} aria-label="Loading your client type" />
      )}
    </ProfileFrame>
  );
}
