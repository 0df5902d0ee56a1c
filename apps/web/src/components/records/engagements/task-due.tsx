import { Badge, Group, Text } from '@mantine/core';
import type { Task } from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';

/** A task's due time, with a red "Overdue" badge when it is open and past due. */
export function TaskDue({ task }: { task: Pick<Task, 'due_at' | 'overdue' | 'done_at'> }) {
  if (!task.due_at && !task.overdue) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {task.due_at && (
        <Text size="xs" c={task.overdue ? 'danger.7' : 'dimmed'} fw={task.overdue ? 600 : undefined}>
          Due {formatDateTime(task.due_at)}
        </Text>
      )}
      {task.overdue && !task.done_at && (
        <Badge
          color="danger"
          variant="filled"
          size="sm"
          leftSection={<IconAlertTriangle size={12} aria-hidden />}
        >
          Overdue
        </Badge>
      )}
    </Group>
  );
}
