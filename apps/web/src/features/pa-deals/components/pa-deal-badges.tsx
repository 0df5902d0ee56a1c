import { Badge, Group, Stack, Text } from '@mantine/core';
import { PA_DEAL_STATUS_LABELS, type PaDealInsiderWarning, type PaDealStatus } from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';

const STATUS_COLOURS: Record<PaDealStatus, string> = {
  pending: 'yellow',
  approved: 'primary',
  refused: 'danger',
  executed: 'success',
  withdrawn: 'gray',
};

/** A personal account deal's status: awaiting a decision, approved, refused, executed or withdrawn. */
export function PaDealStatusBadge({ status, lapsed = false }: { status: PaDealStatus; lapsed?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={STATUS_COLOURS[status]}>
        {PA_DEAL_STATUS_LABELS[status]}
      </Badge>
      {lapsed && (
        <Badge variant="outline" color="gray">
          Pre-clearance lapsed
        </Badge>
      )}
    </Group>
  );
}

/** The insider lists on which the dealing person is an insider for the issuer: an alert icon and the text. */
export function InsiderWarning({ warnings }: { warnings: readonly PaDealInsiderWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap={2}>
      {warnings.map((warning) => (
        <Group key={`${warning.subject_type}:${warning.subject_id}`} gap={4} wrap="nowrap" c="danger.7">
          <IconAlertTriangle size={16} aria-hidden />
          <Text size="sm" c="danger.7">
            {warning.message}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
