import { Badge, Group, Paper, Tabs } from '@mantine/core';
import { IconChecklist, IconNote, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCalls } from '../../../lib/records/get-calls';
import { useNotes } from '../../../lib/records/get-notes';
import { useTasks } from '../../../lib/records/get-tasks';
import type { RecordRef } from '../../../lib/records/record-keys';
import { useRecordPermissions } from '../../../lib/records/record-permissions';
import { useUser } from '../../../lib/session';
import { CallsSection } from './calls-section';
import { NotesSection } from './notes-section';
import { TasksSection } from './tasks-section';

export const ENGAGEMENT_SECTIONS = ['notes', 'calls', 'tasks'] as const;
export type EngagementSection = (typeof ENGAGEMENT_SECTIONS)[number];

function isSection(value: string | null): value is EngagementSection {
  return (ENGAGEMENT_SECTIONS as readonly (string | null)[]).includes(value);
}

function TabLabel({
  children,
  count,
  alert = false,
}: {
  children: ReactNode;
  count?: number | undefined;
  alert?: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {children}
      {count !== undefined && count > 0 && (
        <Badge
          size="xs"
          variant={alert ? 'filled' : 'light'}
          color={alert ? 'danger' : 'gray'}
          circle={count < 10}
        >
          {count}
        </Badge>
      )}
    </Group>
  );
}

/**
 * Notes, logged calls and tasks of any record, in one place (spec §2.1's "Notes, Calls and Tasks" tab).
 * The open section is in the address (`?section=tasks`), so a link can open the tasks directly.
 */
export function NotesCallsTasksPanel({ record }: { record: RecordRef }) {
  const user = useUser();
  const permissions = useRecordPermissions(record.type);
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: EngagementSection = isSection(requested) ? requested : 'notes';
  const notes = useNotes(record).data;
  const calls = useCalls(record).data;
  const tasks = useTasks(record).data;
  const openTasks = tasks?.filter((task) => task.done_at === null).length;
  const overdue = tasks?.some((task) => task.overdue) ?? false;

  const props = { record, permissions, userId: user.id };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Tabs
        value={section}
        onChange={(value) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (value === 'notes' || !isSection(value)) next.delete('section');
              else next.set('section', value);
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="notes" leftSection={<IconNote size={16} aria-hidden />}>
            <TabLabel count={notes?.length}>Notes</TabLabel>
          </Tabs.Tab>
          <Tabs.Tab value="calls" leftSection={<IconPhone size={16} aria-hidden />}>
            <TabLabel count={calls?.length}>Calls</TabLabel>
          </Tabs.Tab>
          <Tabs.Tab value="tasks" leftSection={<IconChecklist size={16} aria-hidden />}>
            <TabLabel count={openTasks} alert={overdue}>
              Tasks
            </TabLabel>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notes">
          <NotesSection {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="calls">
          <CallsSection {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="tasks">
          <TasksSection {...props} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
