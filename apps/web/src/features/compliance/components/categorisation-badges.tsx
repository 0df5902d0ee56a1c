import { Badge } from '@mantine/core';
import {
  CATEGORISATION_STATUS_LABELS,
  type Categorisation,
  type CategorisationStatus,
} from '@portico/contracts';
import { formatDate } from '../../../lib/format';

const STATUS_COLOURS: Record<CategorisationStatus, string> = {
  pending: 'yellow',
  approved: 'success',
  rejected: 'danger',
};

export function CategorisationStatusBadge({ status }: { status: CategorisationStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" title="Status">
      {CATEGORISATION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The investor is reminded this many days before their categorisation expires (the server's job). */
export const EXPIRES_SOON_DAYS = 30;
const DAY = 86_400_000;

export type ExpiryState = 'expired' | 'soon' | 'valid';

export function expiryState(
  categorisation: Pick<Categorisation, 'expires_at' | 'is_expired'>,
  now: number = Date.now(),
): ExpiryState {
  const expires = Date.parse(categorisation.expires_at);
  if (categorisation.is_expired || expires < now) return 'expired';
  return expires - now <= EXPIRES_SOON_DAYS * DAY ? 'soon' : 'valid';
}

/** "Expired" or "Expires soon"; nothing while the statement has long to run. */
export function ExpiryBadge({
  categorisation,
}: {
  categorisation: Pick<Categorisation, 'expires_at' | 'is_expired' | 'status'>;
}) {
  if (categorisation.status === 'rejected') return null;
  const state = expiryState(categorisation);
  if (state === 'valid') return null;
  return state === 'expired' ? (
    <Badge color="danger" variant="filled" title={`Expired on ${formatDate(categorisation.expires_at)}`}>
      Expired
    </Badge>
  ) : (
    <Badge color="orange" variant="light" title={`Expires on ${formatDate(categorisation.expires_at)}`}>
      Expires soon
    </Badge>
  );
}
