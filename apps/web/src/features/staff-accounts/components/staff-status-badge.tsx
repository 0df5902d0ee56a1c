import { Badge } from '@mantine/core';
import type { StaffStatus } from '@portico/contracts';

const LOOK: Record<StaffStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'success' },
  invited: { label: 'Invited', color: 'primaryLighter' },
  deactivated: { label: 'Deactivated', color: 'gray' },
};

export function StaffStatusBadge({ status }: { status: StaffStatus | undefined }) {
  if (!status) return null;
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}
