import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { updateOwnAccount } from '../../lib/account';
import { setSession, useUser } from '../../lib/session';

/** The user's own choice: a copy of each notification by email, or the bell alone. */
export function NotificationEmailsSwitch() {
  const user = useUser();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const change = async (checked: boolean) => {
    setSaving(true);
    try {
      const updated = await updateOwnAccount(user.id, { notification_emails: checked });
      setSession(queryClient, { status: 'authenticated', user: updated });
      notifications.show({
        color: 'success',
        message: checked
          ? 'You will get an email for each notification.'
          : 'Notifications will only appear here.',
      });
    } catch {
      notifications.show({ color: 'danger', message: 'Your choice could not be saved. Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Switch
      label="Email me a copy of my notifications"
      description="Notifications always appear under the bell; this also sends each one to your email address."
      checked={user.notification_emails}
      disabled={saving}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
}
