import { Badge } from '@mantine/core';
import {
  CATEGORY_TERMS,
  CONTACT_STATE_LABELS,
  type ContactState,
  type InvestorCategory,
  type Terminology,
} from '@portico/contracts';

const STATE_COLOURS: Record<ContactState, string> = {
  1: 'success',
  2: 'gray',
  3: 'primaryLighter',
};

/** Spec §4: 1 active, 2 inactive, 3 investment (they became an investor). */
export function ContactStateBadge({ state }: { state: ContactState | undefined }) {
  if (state === undefined) return null;
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" title="Contact state">
      {CONTACT_STATE_LABELS[state]}
    </Badge>
  );
}

/** A category in the deployment's words. */
export function categoryLabel(terminology: Terminology, category: InvestorCategory | null | undefined) {
  return category ? terminology[CATEGORY_TERMS[category]] : '—';
}
