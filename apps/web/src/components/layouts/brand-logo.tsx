import { Box, Group, Image, Text, UnstyledButton } from '@mantine/core';
import type { Branding } from '@portico/contracts';
import { Link } from 'react-router';
import { useAppName, useBranding } from '../../lib/branding';

/** The built-in mark, for a deployment without a logo; on a dark header it swaps its colours. */
function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const back = inverted ? 'var(--mantine-color-secondary-6)' : 'var(--mantine-color-primary-6)';
  const front = inverted ? 'var(--mantine-color-primary-6)' : 'var(--mantine-color-secondary-6)';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill={back} />
      <path d="M9 25V7h8a6 6 0 0 1 0 12h-4v6z" fill={front} />
      <path d="M13 11v4h4a2 2 0 0 0 0-4z" fill={back} />
    </svg>
  );
}

/**
 * Which uploaded logo suits the background: the light logo on a dark header, the logo on a light one.
 * With only the other one uploaded, it sits on a pad of the colour it was made for.
 */
export function logoFor(
  branding: Pick<Branding, 'logo' | 'logoLight'> | null,
  inverted: boolean,
): { src: string; pad?: 'white' | 'dark' } | undefined {
  const preferred = inverted ? branding?.logoLight : branding?.logo;
  if (preferred) return { src: preferred };
  const other = inverted ? branding?.logo : branding?.logoLight;
  if (other) return { src: other, pad: inverted ? 'white' : 'dark' };
  return undefined;
}

interface BrandLogoProps {
  /** an in-app destination */
  to?: string;
  /** an address outside the app (the investor portal's back-to-site link) */
  href?: string;
  /** on a dark background */
  inverted?: boolean;
}

/** The brand's logo (or the product's name and mark); it links home when given a destination. */
export function BrandLogo({ to, href, inverted = false }: BrandLogoProps) {
  const branding = useBranding();
  const appName = useAppName();
  const logo = logoFor(branding, inverted);
  const alt = branding?.logo_alt || appName;

  const content = logo ? (
    <Box
      px={logo.pad ? 8 : 0}
      py={logo.pad ? 4 : 0}
      bg={logo.pad === 'white' ? 'white' : logo.pad === 'dark' ? 'primary.6' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)', lineHeight: 0 }}
    >
      <Image src={logo.src} alt={alt} h={36} w="auto" maw={200} fit="contain" />
    </Box>
  ) : (
    <Group gap={8} wrap="nowrap">
      <LogoMark inverted={inverted} />
      <Text fw={700} fz="lg" c={inverted ? 'white' : 'primary.6'} lh={1}>
        {appName}
      </Text>
    </Group>
  );

  if (href) {
    return (
      <UnstyledButton component="a" href={href} rel="noopener" aria-label={`Back to ${alt}`}>
        {content}
      </UnstyledButton>
    );
  }
  if (!to) return content;
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${alt} home`}>
      {content}
    </UnstyledButton>
  );
}
