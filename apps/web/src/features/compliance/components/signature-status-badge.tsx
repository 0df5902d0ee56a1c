import { Badge } from '@mantine/core';
import { SIGNATURE_STATUS_LABELS, type SignatureStatus } from '@portico/contracts';

const COLOURS: Record<SignatureStatus, string> = {
  awaiting: 'yellow',
  signed: 'success',
  cancelled: 'gray',
};

export function SignatureStatusBadge({ status }: { status: SignatureStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {SIGNATURE_STATUS_LABELS[status]}
    </Badge>
  );
}
