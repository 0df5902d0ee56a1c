import { Box, Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@portico/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { INVESTOR_HOME, type InvestorMenuItem } from '../../config/investor-menu';
import { BrandLogo } from './brand-logo';
import { LogoutButton } from './logout-button';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { UserSummary } from './user-summary';

interface InvestorLayoutProps {
  user: User;
  /** the navigation, in order, labels already in the deployment's words */
  menu: readonly InvestorMenuItem[];
  /** the configured back-to-site address: the logo links there instead of /investor */
  backToSiteUrl?: string | null;
  /** above the header on every page (the risk warning banner), with its height in px */
  banner?: { node: ReactNode; height: number } | null;
  /** in the header, before the user (the notification bell) */
  actions?: ReactNode;
  children: ReactNode;
}

const InvestorNavDrawer = lazy(async () => ({
  default: (await import('./investor-nav-drawer')).InvestorNavDrawer,
}));

/** Spec §2.3's header height, without the banner. */
const HEADER_HEIGHT = 68;

function isActive(item: InvestorMenuItem, pathname: string): boolean {
  if (item.path === INVESTOR_HOME) return pathname === INVESTOR_HOME;
  const section = item.path.split('/').slice(0, 3).join('/');
  return pathname === item.path || pathname.startsWith(`${section}/`);
}

/**
 * The investor portal (spec §2.3): the logo links to /investor (or to the back-to-site address); the
 * navigation shows only once the email address is verified; a logout entry goes to /api/logout.
 */
export function InvestorLayout({
  user,
  menu,
  backToSiteUrl,
  banner,
  actions,
  children,
}: InvestorLayoutProps) {
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items = user.email_verified_at ? menu : [];
  const bannerHeight = banner?.height ?? 0;
  // The phone's navigation drawer loads on the first tap of the burger, and stays for its closing.
  const [navMounted, setNavMounted] = useState(false);
  if (opened && !navMounted) setNavMounted(true);

  return (
    // A fixed header over the page, as Mantine's AppShell lays it out, without AppShell's code (and the
    // scroll-lock library its header brings) on the investor's first page.
    <>
      <SkipLink />
      <Box
        component="header"
        pos="fixed"
        top={0}
        left={0}
        right={0}
        h={HEADER_HEIGHT + bannerHeight}
        style={{ zIndex: 100 }}
      >
        {banner?.node}
        <Box bg="primary.6" h={HEADER_HEIGHT}>
          <Container size="xl" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap">
              {/* The logo gives way first, so the bell and Log out stay on a 320 px screen. */}
              <Group gap="md" wrap="nowrap" miw={0}>
                {items.length > 0 && (
                  <Burger
                    opened={opened}
                    onClick={toggle}
                    hiddenFrom="md"
                    size="sm"
                    color="white"
                    aria-label={opened ? 'Close navigation' : 'Open navigation'}
                    aria-expanded={opened}
                  />
                )}
                {backToSiteUrl ? (
                  <BrandLogo href={backToSiteUrl} inverted />
                ) : (
                  <BrandLogo to={INVESTOR_HOME} inverted />
                )}
                {items.length > 0 && (
                  <nav aria-label="Investor navigation">
                    <Group
                      gap={4}
                      ml="md"
                      visibleFrom="md"
                      component="ul"
                      style={{ listStyle: 'none', margin: 0, padding: 0 }}
                    >
                      {items.map((item) => {
                        const active = isActive(item, pathname);
                        return (
                          <li key={item.id}>
                            <UnstyledButton
                              component={Link}
                              to={item.path}
                              aria-current={active ? 'page' : undefined}
                              px="md"
                              py={8}
                              c="white"
                              fw={active ? 700 : 500}
                              style={{
                                borderRadius: 'var(--mantine-radius-md)',
                                background: active ? 'rgba(255, 255, 255, 0.14)' : undefined,
                                borderBottom: active
                                  ? '2px solid var(--mantine-color-secondary-6)'
                                  : '2px solid transparent',
                              }}
                            >
                              {item.label}
                            </UnstyledButton>
                          </li>
                        );
                      })}
                    </Group>
                  </nav>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap" c="white" style={{ flexShrink: 0 }}>
                {actions}
                {/* On a phone the bell and logout need the room. */}
                <Box visibleFrom="sm">
                  <UserSummary user={user} showRole={false} />
                </Box>
                <LogoutButton variant="light" compactOnPhone />
              </Group>
            </Group>
          </Container>
        </Box>
      </Box>

      {navMounted && (
        <Suspense fallback={null}>
          <InvestorNavDrawer
            items={items}
            opened={opened}
            onClose={close}
            userName={user.name}
            isActive={(item) => isActive(item, pathname)}
          />
        </Suspense>
      )}

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        bg="gray.0"
        mih="100dvh"
        pt={HEADER_HEIGHT + bannerHeight}
      >
        <Container size="xl" py="xl">
          {children}
        </Container>
      </Box>
    </>
  );
}
