import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Profile } from '@portico/contracts';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateProfile } from '../api/update-profile';

/** A change of address waiting for its link: the old one stays in use; it can be withdrawn. */
export function PendingEmailNotice({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [failed, setFailed] = useState(false);
  if (!profile.pending_email) return null;

  const withdraw = async () => {
    setFailed(false);
    try {
      await update.mutateAsync({ email: profile.email });
      notifications.show({ color: 'success', message: `Your email address stays ${profile.email}.` });
    } catch {
      setFailed(true);
    }
  };

  return (
    <Alert color="primaryLighter" variant="light" icon={<IconMailForward aria-hidden />} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          We sent a link to <strong>{profile.pending_email}</strong>. Your email address stays{' '}
          <strong>{profile.email}</strong> until you open it (the link works for 60 minutes).
        </Text>
        {failed && (
          <Text size="sm" c="danger.7" role="alert">
            Something went wrong submitting.
          </Text>
        )}
        <Button size="xs" variant="light" onClick={() => void withdraw()} loading={update.isPending}>
          Keep my current address
        </Button>
      </Stack>
    </Alert>
  );
}

const OUTCOMES: Record<string, { color: string; text: (profile: Profile) => string }> = {
  valid: { color: 'success', text: (profile) => `Your email address is now ${profile.email}.` },
  expired: {
    color: 'yellow',
    text: () => 'That link has expired. Enter the new address again to get a fresh link.',
  },
  invalid: {
    color: 'danger',
    text: () => 'That link is not valid any more. It may have been used already, or a newer one was sent.',
  },
  taken: {
    color: 'danger',
    text: () => 'That address now belongs to another account, so your email address was not changed.',
  },
};

/** What became of an opened confirmation link (/investor/profile/details?email_change=…). */
export function EmailChangeOutcome({ outcome, profile }: { outcome: string | null; profile: Profile }) {
  const shown = outcome ? OUTCOMES[outcome] : undefined;
  if (!shown) return null;
  return (
    <Alert color={shown.color} variant="light" role="status">
      {shown.text(profile)}
    </Alert>
  );
}
