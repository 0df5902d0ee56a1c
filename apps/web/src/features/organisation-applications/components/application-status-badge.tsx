import { Badge } from '@mantine/core';
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '@portico/contracts';

const COLOURS: Record<ApplicationStatus, string> = {
  pending: 'yellow',
  approved: 'success',
  rejected: 'danger',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge variant="light" color={COLOURS[status]}>
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
