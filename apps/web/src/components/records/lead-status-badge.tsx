import { Badge } from '@mantine/core';
import type { LeadStatus } from '@portico/contracts';

/** A lead status in its configured colour (settings → investor → lead-status). */
export function LeadStatusBadge({
  status,
}: {
  status: Pick<LeadStatus, 'name' | 'colour'> | null | undefined;
}) {
  if (!status) return null;
  return (
    <Badge
      variant="dot"
      color={status.colour}
      styles={{ root: { textTransform: 'none' } }}
      title="Lead status"
    >
      {status.name}
    </Badge>
  );
}
