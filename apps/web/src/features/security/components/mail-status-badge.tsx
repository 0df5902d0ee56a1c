import { Badge } from '@mantine/core';
import type { OutboxMail } from '@portico/contracts';

const LOOK: Record<OutboxMail['status'], { label: string; color: string }> = {
  stored: { label: 'Stored', color: 'gray' },
  queued: { label: 'Queued', color: 'primaryLighter' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'danger' },
};

export function MailStatusBadge({ status }: { status: OutboxMail['status'] }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}
