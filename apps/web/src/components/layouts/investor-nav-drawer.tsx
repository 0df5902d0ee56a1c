import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { InvestorMenuItem } from '../../config/investor-menu';

interface InvestorNavDrawerProps {
  items: readonly InvestorMenuItem[];
  opened: boolean;
  onClose: () => void;
  isActive: (item: InvestorMenuItem) => boolean;
}

/** The investor navigation on a phone: its own chunk, loaded on the first tap of the burger. */
export function InvestorNavDrawer({ items, opened, onClose, isActive }: InvestorNavDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Navigation" size="xs" hiddenFrom="md">
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
    </Drawer>
  );
}
