import { Badge } from '@mantine/core';
import { ONBOARDING_ITEM_STATUS_LABELS, type OnboardingItemStatus } from '@portico/contracts';

const COLOURS: Record<OnboardingItemStatus, string> = {
  missing: 'gray',
  pending: 'yellow',
  approved: 'success',
  rejected: 'danger',
};

/** Where an investor stands on one sign-up document: not provided, awaiting review, approved, rejected. */
export function OnboardingStatusBadge({ status }: { status: OnboardingItemStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {ONBOARDING_ITEM_STATUS_LABELS[status]}
    </Badge>
  );
}
