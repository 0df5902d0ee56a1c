import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { taskInputSchema } from '@portico/contracts';
import { fromLocalInput } from '../../../lib/datetime-local';
import type { RecordRef } from '../../../lib/records/record-keys';
import { useAddTask, type TaskInput } from '../../../lib/records/task-mutations';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useUser } from '../../../lib/session';
import { FormError } from '../../form/form-error';
import { useServerForm } from '../../form/use-server-form';
import { zodResolver } from '../../form/zod-resolver';

interface TaskValues extends Record<string, unknown> {
  title: string;
  description: string;
  due_at: string;
  assignee_id: string | null;
}

function toPayload(values: TaskValues): TaskInput {
  const description = values.description.trim();
  const due = fromLocalInput(values.due_at);
  return {
    title: values.title.trim(),
    ...(description ? { description } : {}),
    due_at: due === '' ? null : due,
    assignee_id: values.assignee_id ? Number(values.assignee_id) : null,
  };
}

const validatePayload = zodResolver(taskInputSchema);

/** A new task on a record: what, by when, and who does it (the assignee is notified). */
export function TaskForm({ record, onDone }: { record: RecordRef; onDone: () => void }) {
  const user = useUser();
  const { mutateAsync } = useAddTask(record);
  const staff = useStaffOptions();
  const form = useForm<TaskValues>({
    initialValues: { title: '', description: '', due_at: '', assignee_id: String(user.id) },
    validate: (values) => validatePayload(toPayload(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => mutateAsync(toPayload(values)),
    onSuccess: (task) => {
      notifications.show({
        color: 'success',
        title: 'Task added',
        message:
          task.assignee && task.assignee.id !== user.id
            ? `${task.assignee.name} has been told about it.`
            : 'It is in your tasks.',
      });
      form.reset();
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" required maxLength={200} data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          description="Optional."
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label="Due"
            description="Optional: overdue tasks are highlighted."
            {...form.getInputProps('due_at')}
          />
          <Select
            label="Assignee"
            description={staff.complete ? 'Any active staff member.' : 'You can assign tasks to yourself.'}
            data={staff.options}
            searchable
            clearable
            placeholder="Nobody"
            nothingFoundMessage="No one by that name"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('assignee_id')}
          />
        </SimpleGrid>
        <FormError message={formError} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={submitting}>
            Add task
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
