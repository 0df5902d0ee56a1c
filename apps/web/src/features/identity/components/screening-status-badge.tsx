import { Badge } from '@mantine/core';
import { SCREENING_CHECK_STATUS_LABELS, type ScreeningCheckStatus } from '@portico/contracts';

const COLOURS: Record<ScreeningCheckStatus | 'none', string> = {
  none: 'gray',
  submitted: 'yellow',
  referred: 'orange',
  passed: 'success',
  failed: 'danger',
};

/** Where a screening check stands; "Not started" when there is none. */
export function ScreeningStatusBadge({ status }: { status: ScreeningCheckStatus | null }) {
  return (
    <Badge color={COLOURS[status ?? 'none']} variant="light">
      {status ? SCREENING_CHECK_STATUS_LABELS[status] : 'Not started'}
    </Badge>
  );
}
