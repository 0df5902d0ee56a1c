import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Task } from '@portico/contracts';
import { IconChecklist, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useTasks } from '../../../lib/records/get-tasks';
import type { RecordRef } from '../../../lib/records/record-keys';
import type { RecordPermissions } from '../../../lib/records/record-permissions';
import { useDeleteTask } from '../../../lib/records/task-mutations';
import { ConfirmModal } from '../../modals/confirm-modal';
import { SectionEmpty } from './section-empty';
import { TaskDue } from './task-due';
import { TaskForm } from './task-form';
import { useToggleTask } from './use-toggle-task';

interface TasksSectionProps {
  record: RecordRef;
  permissions: RecordPermissions;
  userId: number;
}

function TaskItem({
  task,
  mayUpdate,
  mayDelete,
  onToggle,
  onDelete,
}: {
  task: Task;
  mayUpdate: boolean;
  mayDelete: boolean;
  onToggle: (task: Task, done: boolean) => void;
  onDelete: (task: Task) => void;
}) {
  const done = task.done_at !== null;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-overdue={task.overdue || undefined}
      style={task.overdue ? { borderColor: 'var(--mantine-color-danger-5)', borderLeftWidth: 4 } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          {mayUpdate && (
            <Checkbox
              mt={2}
              checked={done}
              onChange={(event) => onToggle(task, event.currentTarget.checked)}
              aria-label={done ? `Reopen “${task.title}”` : `Mark “${task.title}” done`}
            />
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text
              size="sm"
              fw={600}
              td={done ? 'line-through' : undefined}
              c={done ? 'dimmed' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {task.title}
            </Text>
            {task.description && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {task.description}
              </Text>
            )}
            <TaskDue task={task} />
            <Text size="xs" c="dimmed">
              {task.assignee ? `Assigned to ${task.assignee.name}` : 'Not assigned'}
              {task.created_by ? ` · added by ${task.created_by.name}` : ''}
              {done ? ' · done' : ''}
            </Text>
          </Stack>
        </Group>
        {mayDelete && (
          <Tooltip label="Delete task">
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={`Delete “${task.title}”`}
              onClick={() => onDelete(task)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}

/** A record's tasks: open first (overdue ones in red), soonest due first; add, tick done, delete. */
export function TasksSection({ record, permissions, userId }: TasksSectionProps) {
  const { data: tasks, isPending, isError, error } = useTasks(record);
  const remove = useDeleteTask(record);
  const toggle = useToggleTask();
  const [formOpened, formToggle] = useDisclosure(false);
  const [deleting, setDeleting] = useState<Task>();

  return (
    <Stack gap="md">
      {permissions.update && (
        <>
          {!formOpened && (
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={formToggle.open}
              >
                Add a task
              </Button>
            </Group>
          )}
          {formOpened && (
            <Paper withBorder radius="md" p="sm">
              <TaskForm record={record} onDone={formToggle.close} />
            </Paper>
          )}
        </>
      )}
      {isError && (
        <Alert color="danger" variant="light" role="alert">
          The tasks could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      )}
      {isPending && <Skeleton height={72} radius="md" />}
      {tasks?.length === 0 && !formOpened && (
        <SectionEmpty
          icon={<IconChecklist size={24} aria-hidden />}
          title="No tasks yet"
          description={
            permissions.update
              ? 'Add a task to follow up, for yourself or a colleague.'
              : 'Tasks appear here.'
          }
        />
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Tasks">
        {tasks?.map((task) => (
          <TaskItem
            key={task.id}
            task={task}
            mayUpdate={permissions.update}
            mayDelete={permissions.update && (task.created_by?.id === userId || permissions.delete)}
            onToggle={(item, done) => void toggle(item, done)}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete task"
        confirmLabel="Delete task"
        danger
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      >
        Delete the task <strong>{deleting?.title}</strong>? This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
