import { ActionIcon, Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { LOGOUT_PATH } from '../../config/app';

/** Logging out is a full-page visit to /api/logout, which ends the session and lands on /login. */
export function LogoutButton({
  variant = 'subtle',
  compactOnPhone = false,
}: {
  variant?: 'subtle' | 'light' | 'default';
  /** below 576 px only the icon shows, so a crowded header fits a phone */
  compactOnPhone?: boolean;
}) {
  if (compactOnPhone) {
    return (
      <>
        <ActionIcon
          component="a"
          href={LOGOUT_PATH}
          variant={variant}
          size="lg"
          aria-label="Log out"
          hiddenFrom="sm"
        >
          <IconLogout size={18} aria-hidden />
        </ActionIcon>
        <Button
          component="a"
          href={LOGOUT_PATH}
          variant={variant}
          leftSection={<IconLogout size={18} aria-hidden />}
          visibleFrom="sm"
        >
          Log out
        </Button>
      </>
    );
  }
  return (
    <Button
      component="a"
      href={LOGOUT_PATH}
      variant={variant}
      leftSection={<IconLogout size={18} aria-hidden />}
    >
      Log out
    </Button>
  );
}
