import { notifications } from '@mantine/notifications';
import type { Task } from '@portico/contracts';
import { isApiError } from '../../../lib/api-error';
import { useChangeTask } from '../../../lib/records/task-mutations';

/** Ticks a task done (or open again); tells the user when the server refuses. */
export function useToggleTask() {
  const change = useChangeTask();
  return async (task: Task, done: boolean) => {
    try {
      await change.mutateAsync({ task, changes: { done } });
      notifications.show({
        color: 'success',
        title: done ? 'Task done' : 'Task reopened',
        message: task.title,
      });
    } catch (caught) {
      notifications.show({
        color: 'danger',
        title: 'The task was not changed',
        message: isApiError(caught) && !caught.unanswered ? caught.message : 'Please try again.',
      });
    }
  };
}
