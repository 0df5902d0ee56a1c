import { Badge } from '@mantine/core';
import { isOpportunityStatus } from '@portico/contracts/constants';
import { useTerminology } from '../../../lib/terminology';
import { STATUS_COLOURS, statusLabel } from './status-words';

/** An opportunity's status, in this deployment's words (Settings → terminology → opportunities). */
export function OpportunityStatusBadge({ status }: { status: number | undefined }) {
  const terminology = useTerminology();
  if (!isOpportunityStatus(status)) return null;
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]} style={{ flexShrink: 0 }}>
      {statusLabel(terminology, status)}
    </Badge>
  );
}
