import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { RISK_BANNER_LINK } from '@portico/contracts/constants';
import { lazy, Suspense, useState, type ReactNode } from 'react';

const RiskSummaryModal = lazy(async () => ({
  default: (await import('./risk-summary-modal')).RiskSummaryModal,
}));

/**
 * "Take 2 mins to learn more.": a link, inline in a sentence, that opens the configured risk summary
 * (spec §2.3), wherever the words appear (the banner, the first investment's personalised warning).
 */
export function RiskSummaryLink({ summary, children }: { summary: string; children?: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted on the first opening and kept, so that closing animates.
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        onClick={open}
        fz="inherit"
        fw={700}
        c="inherit"
        underline="always"
        aria-haspopup="dialog"
      >
        {children ?? RISK_BANNER_LINK}
      </Anchor>
      {mounted && (
        <Suspense fallback={null}>
          <RiskSummaryModal opened={opened} onClose={close} text={summary} />
        </Suspense>
      )}
    </>
  );
}

/** The words of a warning that end with its "learn more" link, split so the link can be one. */
export function splitLearnMore(text: string): { before: string; link: string | null } {
  const match = /\s*(Take 2 mins? to learn more\.?)\s*$/i.exec(text);
  if (!match?.[1]) return { before: text, link: null };
  return { before: text.slice(0, match.index), link: match[1] };
}
