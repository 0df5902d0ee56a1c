import { Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { EmailChangeOutcome, PendingEmailNotice } from '../components/pending-email-notice';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileFrame } from '../components/profile-frame';
import { ProfileLoadError } from '../components/profile-load-error';

export const PROFILE_VIEW_PATH = '/investor/profile/view';

/** /investor/profile/details: the investor edits their own details. */
export function ProfileDetailsPage() {
  const { data: profile, error, refetch, isFetching } = useProfile();
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <ProfileFrame title="My details">
      {profile ? (
        <Stack gap="lg" maw={1100}>
          <EmailChangeOutcome outcome={params.get('email_change')} profile={profile} />
          <PendingEmailNotice profile={profile} />
          <ProfileDetailsForm
            key={profile.updated_at}
            profile={profile}
            submit={(changes) => update.mutateAsync(changes)}
            onCancel={() => void navigate(PROFILE_VIEW_PATH)}
            onSaved={(saved, changes) => {
              const emailAsked = changes.email !== undefined && saved.pending_email === changes.email;
              notifications.show({
                color: 'success',
                title: 'Details saved',
                message: emailAsked
                  ? `Open the link we sent to ${saved.pending_email} to start using it.`
                  : 'Your details are up to date.',
              });
            }}
          />
        </Stack>
      ) : error ? (
        <ProfileLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          what="Your details"
        />
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label="Loading your details">
          <Skeleton height={220} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      )}
    </ProfileFrame>
  );
}
