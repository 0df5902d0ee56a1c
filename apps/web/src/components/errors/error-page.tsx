import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Terminology } from '@portico/contracts';
import { isInvestorRole } from '@portico/contracts/constants';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../config/app';
import { INVESTOR_MENU, investorScreen, type InvestorMenuItem } from '../../config/investor-menu';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../lib/session';
import { useTerminology } from '../../lib/terminology';
import { BrandLogo } from '../layouts/brand-logo';

/** The exact texts of spec §2.4 and §8. */
export const ERROR_TEXTS = {
  notFound: {
    heading: "Sorry that page doesn't seem to exist",
    text: 'The page you requested cannot be found.',
    title: '404 page not found',
  },
  other: {
    heading: 'Something went wrong',
    text: 'Click below to return to our homepage or try again later.',
    title: 'Something went wrong...',
  },
} as const;

interface ErrorLink {
  label: string;
  to: string;
}

/**
 * Spec §2.4: logged-out visitors get Login and Register; investors get Overview and Investment
 * Opportunities (the latter once the investments screen exists); other staff get a button to /login.
 */
export function errorLinks(
  roleId: number | undefined,
  menu: readonly InvestorMenuItem[] = INVESTOR_MENU,
  terminology?: Pick<Terminology, 'overview'>,
): { kind: 'links'; links: ErrorLink[] } | { kind: 'button'; link: ErrorLink } {
  if (roleId === undefined) {
    return {
      kind: 'links',
      links: [
        { label: 'Login', to: LOGIN_PATH },
        { label: 'Register', to: '/register' },
      ],
    };
  }
  if (isInvestorRole(roleId)) {
    const links: ErrorLink[] = [];
    const overview = investorScreen('overview', menu);
    if (overview) links.push({ label: terminology?.overview ?? 'Overview', to: overview.path });
    const investments = investorScreen('investments', menu);
    if (investments) links.push({ label: 'Investment Opportunities', to: investments.path });
    return { kind: 'links', links };
  }
  return { kind: 'button', link: { label: 'Back to login', to: LOGIN_PATH } };
}

export function ErrorPage({ status }: { status: number }) {
  const session = useSession();
  const texts = status === 404 ? ERROR_TEXTS.notFound : ERROR_TEXTS.other;
  useDocumentTitle(texts.title, { exact: true });
  const roleId = session.status === 'authenticated' ? session.user.role_id : undefined;
  const terminology = useTerminology();
  const actions = errorLinks(roleId, INVESTOR_MENU, terminology);

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper
        component="main"
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 40 }}
        maw={560}
        w="100%"
        shadow="sm"
      >
        <Stack gap="lg" align="center" ta="center">
          <BrandLogo />
          <Text fz={56} fw={700} c="primary.4" lh={1} aria-hidden>
            {status === 404 ? '404' : 'Oops'}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {texts.heading}
          </Title>
          <Text c="dimmed">{texts.text}</Text>
          {actions.kind === 'button' ? (
            <Button component={Link} to={actions.link.to} size="md">
              {actions.link.label}
            </Button>
          ) : (
            <Group component="nav" aria-label="Helpful links" gap="lg" justify="center">
              {actions.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} fw={600}>
                  {link.label}
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
