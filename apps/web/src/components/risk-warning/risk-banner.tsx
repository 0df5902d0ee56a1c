import { Anchor, Box, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { RISK_BANNER_LINK, RISK_BANNER_TEXT } from '@portico/contracts/constants';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The summary's Modal loads when the link is first followed, not with every investor page.
const RiskSummaryModal = lazy(async () => ({
  default: (await import('./risk-summary-modal')).RiskSummaryModal,
}));

/** Spec §9: the banner is 70 px high. */
export const RISK_BANNER_HEIGHT = 70;

/**
 * The regulator's risk warning at the top of every investor page (spec §2.3): its exact words, and a
 * link that opens the configured risk summary.
 */
export function RiskBanner({ summary }: { summary: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted on the first opening and kept, so that closing animates.
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  return (
    <>
      <Box
        component="aside"
        aria-label="Risk warning"
        px="md"
        bg="gray.1"
        c="dark.9"
        style={{
          height: RISK_BANNER_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 'var(--mantine-spacing-sm)',
          overflowY: 'auto',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <IconAlertTriangle size={20} aria-hidden style={{ flex: 'none' }} />
        <Text fz={{ base: 11, sm: 13 }} lh={1.35} maw={1100}>
          {RISK_BANNER_TEXT}{' '}
          <Anchor
            component="button"
            type="button"
            onClick={open}
            fz="inherit"
            fw={700}
            c="inherit"
            underline="always"
          >
            {RISK_BANNER_LINK}
          </Anchor>
        </Text>
      </Box>
      {mounted && (
        <Suspense fallback={null}>
          <RiskSummaryModal opened={opened} onClose={close} text={summary} />
        </Suspense>
      )}
    </>
  );
}
