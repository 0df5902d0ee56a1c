import { Badge } from '@mantine/core';
import { UPDATE_REPORT_STATUS_LABELS, type UpdateReportStatus } from '@portico/contracts';

const COLOURS: Record<UpdateReportStatus, string> = {
  draft: 'gray',
  scheduled: 'orange',
  live: 'success',
  withdrawn: 'danger',
};

export function UpdateReportStatusBadge({ status }: { status: UpdateReportStatus }) {
  return (
    <Badge variant="light" color={COLOURS[status]}>
      {UPDATE_REPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
