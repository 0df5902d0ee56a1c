import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export interface SubNavItem {
  label: string;
  path: string;
}

/** Links between the pages of one section (Security | Account details). */
export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} gap="xs" mb="lg">
      {items.map((item) => {
        const active = pathname === item.path;
        return (
          <Button
            key={item.path}
            component={Link}
            to={item.path}
            variant={active ? 'filled' : 'default'}
            size="sm"
            radius="xl"
            aria-current={active ? 'page' : undefined}
          >
            {item.label}
          </Button>
        );
      })}
    </Group>
  );
}
