import { Badge } from '@mantine/core';
import { FUND_ACTIVE_LABELS, FUND_STATUS_LABELS, type FundActive, type FundStatus } from '@portico/contracts';

/** Spec §4: a fund's status, Draft (gray) or Live (green). */
export function FundStatusBadge({ status }: { status: FundStatus | undefined }) {
  if (status === undefined) return <>—</>;
  return (
    <Badge variant="light" color={status === 2 ? 'success' : 'gray'}>
      {FUND_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Spec §4: whether a fund is active (taking commitments) or closed. */
export function FundActiveBadge({ active }: { active: FundActive | undefined }) {
  if (active === undefined) return <>—</>;
  return (
    <Badge variant="outline" color={active === 1 ? 'primary' : 'gray'}>
      {FUND_ACTIVE_LABELS[active]}
    </Badge>
  );
}
