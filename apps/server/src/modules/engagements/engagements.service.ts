import {
  can,
  isStaffRole,
  parseListQuery,
  tasksListQuery,
  type Call,
  type callInputSchema,
  type Note,
  type SubjectType,
  type Task,
  type taskInputSchema,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { calls, notes, tasks, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, forbidden, notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SubjectRegistry } from '../records/subjects';
import { findUserById } from '../users/users.repository';
import { findTask, listCalls, listNotes, listTasks, pageTasks, type TaskRow } from './engagements.repository';

type CallInput = z.output<typeof callInputSchema>;
type TaskInput = z.output<typeof taskInputSchema>;

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

/**
 * Notes, logged calls and tasks on any record: one service for every record type. Editing or deleting
 * someone else's note or call needs the delete permission; a task's assignee is notified.
 */
export function createEngagementsService(
  ctx: AppContext,
  subjects: SubjectRegistry,
  notifications: NotificationsService,
) {
  const { db } = ctx;

  async function requireSubject(tx: DbOrTx, type: SubjectType, id: number) {
    const subject = await subjects.get(type).find(tx, id);
    if (!subject) throw notFound();
    return subject;
  }

  async function toTask(row: TaskRow): Promise<Task> {
    const subject = await subjects.get(row.task.subject_type).find(db, row.task.subject_id);
    const { task } = row;
    return {
      id: task.id,
      subject: { type: task.subject_type, id: task.subject_id, name: subject?.name ?? 'Removed record' },
      title: task.title,
      description: task.description,
      due_at: toApiTimestampOrNull(task.due_at),
      assignee: ref(task.assignee_id, row.assignee_name),
      created_by: ref(task.created_by, row.creator_name),
      done_at: toApiTimestampOrNull(task.done_at),
      overdue: !task.done_at && task.due_at !== null && task.due_at.getTime() < Date.now(),
      created_at: toApiTimestamp(task.created_at),
    };
  }

  /** The author may change their own entry; others need the delete permission. */
  function mayChange(user: UserRow, authorId: number | null) {
    if (authorId !== user.id && !can(user.role_id, 'investors', 'delete')) throw forbidden();
  }

  async function checkAssignee(tx: DbOrTx, assigneeId: number | null | undefined) {
    if (!assigneeId) return undefined;
    const assignee = await findUserById(tx, assigneeId);
    if (!assignee || !isStaffRole(assignee.role_id) || assignee.deactivated_at)
      throw fieldError('assignee_id', 'The selected assignee must be an active staff member.');
    return assignee;
  }

  async function notifyAssignee(assignee: UserRow | undefined, actor: UserRow, task: Task) {
    if (!assignee || assignee.id === actor.id) return;
    await notifications.notify([assignee], {
      type: 'App\\Notifications\\TaskAssigned',
      audience: 'admin',
      data: {
        message: `**${actor.name}** assigned you a task: **${task.title}** (${task.subject.name})`,
        cta: subjects.get(task.subject.type).notesUrl(task.subject.id),
        icon: 'default',
      },
    });
  }

  return {
    async notes(type: SubjectType, id: number): Promise<Note[]> {
      await requireSubject(db, type, id);
      return (await listNotes(db, type, id)).map(({ note, author_name }) => ({
        id: note.id,
        subject_type: note.subject_type,
        subject_id: note.subject_id,
        body: note.body,
        author: ref(note.author_id, author_name),
        created_at: toApiTimestamp(note.created_at),
        updated_at: toApiTimestamp(note.updated_at),
      }));
    },

    async addNote(actor: Actor, type: SubjectType, id: number, body: string): Promise<Note> {
      const noteId = await db.transaction(async (tx) => {
        await requireSubject(tx, type, id);
        const [note] = await tx
          .insert(notes)
          .values({ subject_type: type, subject_id: id, body, author_id: actor.userId })
          .returning();
        await recordAudit(tx, actor, {
          action: 'note.added',
          subjectType: type,
          subjectId: id,
          after: { note_id: note?.id, body },
        });
        return note?.id;
      });
      const added = (await this.notes(type, id)).find((note) => note.id === noteId);
      if (!added) throw notFound();
      return added;
    },

    async changeNote(
      user: UserRow,
      actor: Actor,
      type: SubjectType,
      id: number,
      noteId: number,
      body: string | null,
    ) {
      await db.transaction(async (tx) => {
        const [note] = await tx
          .select()
          .from(notes)
          .where(and(eq(notes.id, noteId), eq(notes.subject_type, type), eq(notes.subject_id, id)));
        if (!note) throw notFound('No note with that id.');
        mayChange(user, note.author_id);
        if (body === null) await tx.delete(notes).where(eq(notes.id, noteId));
        else await tx.update(notes).set({ body, updated_at: new Date() }).where(eq(notes.id, noteId));
        await recordAudit(tx, actor, {
          action: body === null ? 'note.deleted' : 'note.updated',
          subjectType: type,
          subjectId: id,
          before: { note_id: noteId, body: note.body },
          after: body === null ? null : { note_id: noteId, body },
        });
      });
    },

    async calls(type: SubjectType, id: number): Promise<Call[]> {
      await requireSubject(db, type, id);
      return (await listCalls(db, type, id)).map(({ call, author_name }) => ({
        id: call.id,
        subject_type: call.subject_type,
        subject_id: call.subject_id,
        occurred_at: toApiTimestamp(call.occurred_at),
        duration_minutes: call.duration_minutes,
        outcome: call.outcome,
        summary: call.summary,
        author: ref(call.author_id, author_name),
        created_at: toApiTimestamp(call.created_at),
      }));
    },

    async logCall(actor: Actor, type: SubjectType, id: number, input: CallInput): Promise<Call> {
      const occurred = new Date(input.occurred_at);
      if (occurred.getTime() > Date.now() + 5 * 60_000)
        throw fieldError('occurred_at', 'A call cannot be logged in the future.');
      let callId = 0;
      await db.transaction(async (tx) => {
        await requireSubject(tx, type, id);
        const [call] = await tx
          .insert(calls)
          .values({
            subject_type: type,
            subject_id: id,
            occurred_at: occurred,
            duration_minutes: input.duration_minutes,
            outcome: input.outcome,
            summary: input.summary ?? null,
            author_id: actor.userId,
          })
          .returning();
        callId = call?.id ?? 0;
        await recordAudit(tx, actor, {
          action: 'call.logged',
          subjectType: type,
          subjectId: id,
          after: {
            call_id: callId,
            occurred_at: occurred.toISOString(),
            outcome: input.outcome,
            duration_minutes: input.duration_minutes,
            summary: input.summary ?? null,
          },
        });
      });
      const logged = (await this.calls(type, id)).find((call) => call.id === callId);
      if (!logged) throw notFound();
      return logged;
    },

    async deleteCall(user: UserRow, actor: Actor, type: SubjectType, id: number, callId: number) {
      await db.transaction(async (tx) => {
        const [call] = await tx
          .select()
          .from(calls)
          .where(and(eq(calls.id, callId), eq(calls.subject_type, type), eq(calls.subject_id, id)));
        if (!call) throw notFound('No call with that id.');
        mayChange(user, call.author_id);
        await tx.delete(calls).where(eq(calls.id, callId));
        await recordAudit(tx, actor, {
          action: 'call.deleted',
          subjectType: type,
          subjectId: id,
          before: {
            call_id: callId,
            occurred_at: call.occurred_at.toISOString(),
            outcome: call.outcome,
            duration_minutes: call.duration_minutes,
            summary: call.summary,
          },
        });
      });
    },

    async tasks(type: SubjectType, id: number) {
      await requireSubject(db, type, id);
      return Promise.all((await listTasks(db, type, id)).map(toTask));
    },

    async addTask(user: UserRow, actor: Actor, type: SubjectType, id: number, input: TaskInput) {
      const { taskId, assignee } = await db.transaction(async (tx) => {
        await requireSubject(tx, type, id);
        const who = await checkAssignee(tx, input.assignee_id);
        const [task] = await tx
          .insert(tasks)
          .values({
            subject_type: type,
            subject_id: id,
            title: input.title,
            description: input.description ?? null,
            due_at: input.due_at ? new Date(input.due_at) : null,
            assignee_id: input.assignee_id ?? null,
            created_by: actor.userId,
            done_at: input.done ? new Date() : null,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'task.created',
          subjectType: type,
          subjectId: id,
          after: {
            task_id: task?.id,
            title: input.title,
            description: input.description ?? null,
            due_at: task?.due_at?.toISOString() ?? null,
            assignee_id: input.assignee_id ?? null,
            done: Boolean(task?.done_at),
          },
        });
        return { taskId: task?.id ?? 0, assignee: who };
      });
      const row = await findTask(db, taskId);
      if (!row) throw notFound();
      const task = await toTask(row);
      await notifyAssignee(assignee, user, task);
      return task;
    },

    async changeTask(
      user: UserRow,
      actor: Actor,
      type: SubjectType,
      id: number,
      taskId: number,
      input: Partial<TaskInput>,
    ) {
      const { assignee, reassigned } = await db.transaction(async (tx) => {
        const before = await findTask(tx, taskId);
        if (!before || before.task.subject_type !== type || before.task.subject_id !== id)
          throw notFound('No task with that id.');
        const who = input.assignee_id !== undefined ? await checkAssignee(tx, input.assignee_id) : undefined;
        await tx
          .update(tasks)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.due_at !== undefined ? { due_at: input.due_at ? new Date(input.due_at) : null } : {}),
            ...(input.assignee_id !== undefined ? { assignee_id: input.assignee_id } : {}),
            ...(input.done !== undefined
              ? { done_at: input.done ? (before.task.done_at ?? new Date()) : null }
              : {}),
            updated_at: new Date(),
          })
          .where(eq(tasks.id, taskId));
        const completed = input.done === true && !before.task.done_at;
        await recordAudit(tx, actor, {
          action: completed
            ? 'task.completed'
            : input.done === false && before.task.done_at
              ? 'task.reopened'
              : 'task.updated',
          subjectType: type,
          subjectId: id,
          before: {
            task_id: taskId,
            title: before.task.title,
            description: before.task.description,
            due_at: before.task.due_at?.toISOString() ?? null,
            assignee_id: before.task.assignee_id,
            done: Boolean(before.task.done_at),
          },
          after: { task_id: taskId, ...input },
        });
        return {
          assignee: who,
          reassigned: input.assignee_id !== undefined && input.assignee_id !== before.task.assignee_id,
        };
      });
      const row = await findTask(db, taskId);
      if (!row) throw notFound();
      const task = await toTask(row);
      if (reassigned) await notifyAssignee(assignee, user, task);
      return task;
    },

    async deleteTask(user: UserRow, actor: Actor, type: SubjectType, id: number, taskId: number) {
      await db.transaction(async (tx) => {
        const row = await findTask(tx, taskId);
        if (!row || row.task.subject_type !== type || row.task.subject_id !== id)
          throw notFound('No task with that id.');
        mayChange(user, row.task.created_by);
        await tx.delete(tasks).where(eq(tasks.id, taskId));
        await recordAudit(tx, actor, {
          action: 'task.deleted',
          subjectType: type,
          subjectId: id,
          before: {
            task_id: taskId,
            title: row.task.title,
            description: row.task.description,
            due_at: row.task.due_at?.toISOString() ?? null,
            assignee_id: row.task.assignee_id,
            done: Boolean(row.task.done_at),
          },
        });
      });
    },

    /** GET /api/tasks: staff see their own; with investors.index, anyone's. */
    async listTasks(user: UserRow, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(tasksListQuery, raw);
      const assignee = query.filters.find((filter) => filter.name === 'assignee');
      const onlyMine = !assignee || assignee.value === 'me' || assignee.value === String(user.id);
      if (!onlyMine && !can(user.role_id, 'investors', 'index')) throw forbidden();
      const scoped = assignee
        ? query
        : {
            ...query,
            filters: [...query.filters, { name: 'assignee', kind: 'scope' as const, value: 'me' }],
          };
      const { rows, total } = await pageTasks(db, scoped, user.id);
      return paginate(await Promise.all(rows.map(toTask)), total, query, requestUrl);
    },
  };
}

export type EngagementsService = ReturnType<typeof createEngagementsService>;
