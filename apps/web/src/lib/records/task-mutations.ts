import { dataOf, taskSchema, type Task } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { recordApiPath, recordKeys, taskKeys, type RecordRef } from './record-keys';

const response = dataOf(taskSchema);

export interface TaskInput {
  title: string;
  description?: string;
  /** ISO 8601 with its offset, or null for no due date */
  due_at?: string | null;
  assignee_id?: number | null;
}

export interface TaskChanges extends Partial<TaskInput> {
  done?: boolean;
}

/** POST /api/{path}/{id}/tasks (investors:update); the assignee is notified. */
export async function addTask(record: RecordRef, input: TaskInput) {
  return (await api.post(recordApiPath(record, 'tasks'), input, response)).data;
}

/** PATCH …/tasks/{taskId} (investors:update): change it, or mark it done (`done: true`). */
export async function changeTask(record: RecordRef, taskId: number, changes: TaskChanges) {
  return (await api.patch(recordApiPath(record, `tasks/${taskId}`), changes, response)).data;
}

/** DELETE …/tasks/{taskId}: one's own task, or anyone's with investors:delete. */
export async function deleteTask(record: RecordRef, taskId: number) {
  await api.delete(recordApiPath(record, `tasks/${taskId}`));
}

/** A task changed: its record's tasks and timeline, and everyone's "my tasks". */
function useRefreshTasks() {
  const queryClient = useQueryClient();
  return (record: RecordRef) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.tasks(record) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity(record) }),
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    ]);
}

export function useAddTask(record: RecordRef) {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (input: TaskInput) => addTask(record, input),
    onSuccess: () => refresh(record),
  });
}

/** Works from any list of tasks ("my tasks" too): the task names its own record. */
export function useChangeTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({ task, changes }: { task: Pick<Task, 'id' | 'subject'>; changes: TaskChanges }) =>
      changeTask(task.subject, task.id, changes),
    onSuccess: (_task, { task }) => refresh(task.subject),
  });
}

export function useDeleteTask(record: RecordRef) {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (taskId: number) => deleteTask(record, taskId),
    onSuccess: () => refresh(record),
  });
}
