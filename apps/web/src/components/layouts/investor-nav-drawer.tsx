import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { InvestorMenuItem } from '../../config/investor-menu';
import { LogoutButton } from './logout-button';

interface InvestorNavDrawerProps {
  items: readonly InvestorMenuItem[];
  opened: boolean;
  onClose: () => void;
  isActive: (item: InvestorMenuItem) => boolean;
  /** who is signed in, shown above Log out */
  userName: string;
}

/** The investor navigation on a phone: its own chunk, loaded on the first tap of the burger. */
export function InvestorNavDrawer({ items, opened, onClose, isActive, userName }: InvestorNavDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Navigation" size="xs" hiddenFrom="md">
      <Stack gap="lg">
        <nav aria-label="Investor navigation">
          <Stack gap={2}>
            {items.map((item) => (
              <NavLink
                key={item.id}
                component={Link}
                to={item.path}
                label={item.label}
                active={isActive(item)}
                onClick={onClose}
              />
            ))}
          </Stack>
        </nav>
        <Divider />
        <Text size="sm" c="dimmed">
          Signed in as {userName}
        </Text>
        <LogoutButton variant="default" />
      </Stack>
    </Drawer>
  );
}
