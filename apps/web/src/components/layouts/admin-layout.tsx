import { AppShell, Box, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@portico/contracts';
import type { ReactNode } from 'react';
import type { AdminMenuItem } from '../../config/admin-menu';
import { AdminNav } from './admin-nav';
import { BrandLogo } from './brand-logo';
import { LogoutButton } from './logout-button';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { UserSummary } from './user-summary';

interface AdminLayoutProps {
  user: User;
  menu: readonly AdminMenuItem[];
  homePath: string;
  /** in the header, after the logo (the global search) */
  search?: ReactNode;
  /** in the header, before the user (the notification bell) */
  actions?: ReactNode;
  children: ReactNode;
}

/** The back office: header, permission-filtered menu (a drawer behind a burger below 768 px), content. */
export function AdminLayout({ user, menu, homePath, search, actions, children }: AdminLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', md: 'xl' }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-expanded={opened}
              aria-controls="admin-navbar"
            />
            <BrandLogo to={homePath} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {search}
            {actions}
            {/* On a phone the search, the bell and logout need the room. */}
            <Box visibleFrom="sm">
              <UserSummary user={user} />
            </Box>
            <LogoutButton compactOnPhone />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="admin-navbar" p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <AdminNav items={menu} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="gray.0">
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
