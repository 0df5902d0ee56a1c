import { NavLink, Stack } from '@mantine/core';
import {
  IconBriefcase,
  IconChartBar,
  IconGauge,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { AdminMenuIcon, AdminMenuItem } from '../../config/admin-menu';
import { useTerminology } from '../../lib/terminology';

const ICONS: Record<AdminMenuIcon, ReactNode> = {
  overview: <IconGauge size={20} stroke={1.6} aria-hidden />,
  investors: <IconUsers size={20} stroke={1.6} aria-hidden />,
  investments: <IconBriefcase size={20} stroke={1.6} aria-hidden />,
  reports: <IconChartBar size={20} stroke={1.6} aria-hidden />,
  compliance: <IconShieldLock size={20} stroke={1.6} aria-hidden />,
  settings: <IconSettings size={20} stroke={1.6} aria-hidden />,
};

interface AdminNavProps {
  items: readonly AdminMenuItem[];
  onNavigate?: () => void;
}

interface EntryProps {
  item: AdminMenuItem;
  depth: number;
  /** every path of the menu, to tell which entry a page belongs to */
  paths: readonly string[];
  onNavigate?: () => void;
}

/** Every path in the menu, at any depth. */
function menuPaths(items: readonly AdminMenuItem[]): string[] {
  return items.flatMap((item) => [...(item.path ? [item.path] : []), ...menuPaths(item.children ?? [])]);
}

function Entry({ item, depth, paths, onNavigate }: EntryProps) {
  const { pathname } = useLocation();
  const terminology = useTerminology();
  const icon = item.icon ? ICONS[item.icon] : undefined;
  const children = item.children ?? [];
  const label = item.term ? terminology[item.term] : item.label;

  if (item.path === undefined) {
    return (
      <NavLink
        component="button"
        type="button"
        label={label}
        leftSection={icon}
        defaultOpened
        active={false}
        childrenOffset={28}
      >
        {children.map((child) => (
          <Entry
            key={child.id}
            item={child}
            depth={depth + 1}
            paths={paths}
            {...(onNavigate ? { onNavigate } : {})}
          />
        ))}
      </NavLink>
    );
  }

  const path = item.path;
  const here = pathname === path;
  // A section stays highlighted on its records' pages, unless a deeper entry of the menu (one of its
  // own, or a sibling under it such as Contacts under Investors) is the page's.
  const inSection =
    item.section === true &&
    pathname.startsWith(`${path}/`) &&
    !paths.some(
      (other) => other.length > path.length && (pathname === other || pathname.startsWith(`${other}/`)),
    );
  const active = here || inSection;
  return (
    <>
      <NavLink
        component={Link}
        to={item.path}
        label={label}
        leftSection={icon}
        active={active}
        aria-current={here ? 'page' : undefined}
        onClick={onNavigate}
        variant={depth === 0 ? 'filled' : 'light'}
        color={depth === 0 ? 'primary' : 'primaryLighter'}
      />
      {children.length > 0 && (
        <Stack gap={0} pl="md">
          {children.map((child) => (
            <Entry
              key={child.id}
              item={child}
              depth={depth + 1}
              paths={paths}
              {...(onNavigate ? { onNavigate } : {})}
            />
          ))}
        </Stack>
      )}
    </>
  );
}

/**
 * The permission- and feature-filtered admin menu (spec §2.1: entries show only when the role permits
 * them), labelled by the deployment's terminology.
 */
export function AdminNav({ items, onNavigate }: AdminNavProps) {
  const paths = menuPaths(items);
  return (
    <nav aria-label="Admin menu">
      <Stack gap={2}>
        {items.map((item) => (
          <Entry key={item.id} item={item} depth={0} paths={paths} {...(onNavigate ? { onNavigate } : {})} />
        ))}
      </Stack>
    </nav>
  );
}
