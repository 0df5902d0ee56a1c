import {
  Alert,
  Anchor,
  Badge,
  Checkbox,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { SubjectType, Task } from '@portico/contracts';
import { IconChecklist } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { recordPath } from '../../config/records';
import { isApiError } from '../../lib/api-error';
import { useMyTasks } from '../../lib/records/get-my-tasks';
import { useRecordPermissions } from '../../lib/records/record-permissions';
import { useTerminology } from '../../lib/terminology';
import { TaskDue } from './engagements/task-due';
import { useToggleTask } from './engagements/use-toggle-task';

const PAGE = 10;

interface MyTasksCardProps {
  /** on a page whose main subject is something else (a list), the card is left out while it is empty */
  hideWhenEmpty?: boolean;
}

/**
 * "My tasks" (issue 4): the signed-in staff member's open tasks across every record, overdue ones in red,
 * ticked done in place, each linking to its record's notes, calls and tasks.
 */
export function MyTasksCard({ hideWhenEmpty = false }: MyTasksCardProps) {
  const { data, isPending, isError, error } = useMyTasks({ status: 'open', perPage: PAGE });
  const permissions = useRecordPermissions();
  const toggle = useToggleTask();
  const terminology = useTerminology();
  const headingId = useId();
  const tasks = data?.data ?? [];
  const total = data?.meta.total ?? 0;
  const overdue = tasks.filter((task) => task.overdue).length;

  if (hideWhenEmpty && (isPending || isError || total === 0)) return null;

  const kindOf = (type: SubjectType) =>
    type === 'investor'
      ? terminology.investor
      : type.replace('_', ' ').replace(/^\w/, (c) => c.toUpperCase());
  const linkOf = (task: Task) =>
    permissions.show
      ? `${recordPath(task.subject.type, task.subject.id, 'notes-calls-tasks')}?section=tasks`
      : undefined;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg" id={headingId}>
            My tasks
          </Title>
          <Group gap="xs">
            {overdue > 0 && (
              <Badge color="danger" variant="filled">
                {overdue} overdue
              </Badge>
            )}
            {total > 0 && (
              <Text size="sm" c="dimmed">
                {total} open
              </Text>
            )}
          </Group>
        </Group>
        {isPending && <Skeleton height={48} radius="sm" />}
        {isError && (
          <Alert color="danger" variant="light" role="alert">
            Your tasks could not be loaded. {isApiError(error) ? error.message : ''}
          </Alert>
        )}
        {!isPending && !isError && tasks.length === 0 && (
          <EmptyState
            icon={<IconChecklist size={28} aria-hidden />}
            title="No open tasks"
            description={`Tasks assigned to you on ${terminology.investors.toLowerCase()} and other records appear here.`}
            size="xs"
            align="left"
          />
        )}
        {tasks.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label="My open tasks"
          >
            {tasks.map((task) => {
              const link = linkOf(task);
              return (
                <li key={task.id} data-overdue={task.overdue || undefined}>
                  <Group
                    gap="sm"
                    wrap="nowrap"
                    align="flex-start"
                    p="xs"
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      borderLeft: `4px solid var(--mantine-color-${task.overdue ? 'danger-6' : 'gray-2'})`,
                    }}
                  >
                    {permissions.update && (
                      <Checkbox
                        mt={2}
                        checked={false}
                        onChange={() => void toggle(task, true)}
                        aria-label={`Mark “${task.title}” done`}
                      />
                    )}
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {link ? (
                        <Anchor
                          component={Link}
                          to={link}
                          size="sm"
                          fw={600}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {task.title}
                        </Anchor>
                      ) : (
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {task.title}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {kindOf(task.subject.type)}: {task.subject.name}
                      </Text>
                      <TaskDue task={task} />
                    </Stack>
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
        {total > tasks.length && (
          <Text size="xs" c="dimmed">
            The {tasks.length} due soonest of {total}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
