import { Badge } from '@mantine/core';
import {
  CATEGORY_TERMS,
  ONBOARDING_STATE_LABELS,
  type InvestorCategory,
  type InvestorStatus,
  type OnboardingState,
  type Terminology,
} from '@portico/contracts';

const STATUS_LOOK: Record<InvestorStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'success' },
  invited: { label: 'Invited', color: 'primaryLighter' },
  deactivated: { label: 'Deactivated', color: 'gray' },
};

/** The account: active, invited (no password yet) or deactivated. */
export function InvestorStatusBadge({ status }: { status: InvestorStatus | undefined }) {
  if (!status) return null;
  const look = STATUS_LOOK[status];
  return (
    <Badge color={look.color} variant="light" title="Account">
      {look.label}
    </Badge>
  );
}

const ONBOARDING_COLOURS: Record<OnboardingState, string> = {
  registered: 'gray',
  verified: 'primaryLighter',
  categorised: 'yellow',
  documents: 'orange',
  complete: 'success',
};

/** Short words for a badge; the full label is its title. */
const ONBOARDING_SHORT: Record<OnboardingState, string> = {
  registered: 'Unverified',
  verified: 'Needs category',
  categorised: 'Needs documents',
  documents: 'Documents in review',
  complete: 'Onboarded',
};

export function OnboardingBadge({ state }: { state: OnboardingState | undefined }) {
  if (!state) return null;
  return (
    <Badge color={ONBOARDING_COLOURS[state]} variant="light" title={ONBOARDING_STATE_LABELS[state]}>
      {ONBOARDING_SHORT[state]}
    </Badge>
  );
}

/** A category by the deployment's name for it. */
export function categoryLabel(
  terminology: Terminology,
  category: InvestorCategory | null | undefined,
): string {
  return category ? terminology[CATEGORY_TERMS[category]] : '—';
}
