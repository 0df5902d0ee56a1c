import { tasksListQuery, type ParsedListQuery, type SubjectType } from '@portico/contracts';
import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { calls, notes, tasks, users } from '../../db/schema';
import {
  buildListQuery,
  exact,
  partial,
  type FilterHandler,
  type ListQueryBinding,
} from '../../platform/list-query/drizzle';

const author = alias(users, 'author');
const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const of = (table: typeof notes | typeof calls | typeof tasks, type: SubjectType, id: number) =>
  and(eq(table.subject_type, type), eq(table.subject_id, id));

export async function listNotes(db: DbOrTx, type: SubjectType, id: number) {
  return db
    .select({ note: notes, author_name: author.name })
    .from(notes)
    .leftJoin(author, eq(author.id, notes.author_id))
    .where(of(notes, type, id))
    .orderBy(desc(notes.created_at), desc(notes.id));
}

export async function listCalls(db: DbOrTx, type: SubjectType, id: number) {
  return db
    .select({ call: calls, author_name: author.name })
    .from(calls)
    .leftJoin(author, eq(author.id, calls.author_id))
    .where(of(calls, type, id))
    .orderBy(desc(calls.occurred_at), desc(calls.id));
}

const taskSelection = { task: tasks, assignee_name: assignee.name, creator_name: creator.name };
export type TaskRow = {
  task: typeof tasks.$inferSelect;
  assignee_name: string | null;
  creator_name: string | null;
};

const tasksJoined = (db: DbOrTx) =>
  db
    .select(taskSelection)
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignee_id))
    .leftJoin(creator, eq(creator.id, tasks.created_by));

export async function listTasks(db: DbOrTx, type: SubjectType, id: number): Promise<TaskRow[]> {
  // Open tasks first, soonest due first; then done ones, most recent first.
  return tasksJoined(db)
    .where(of(tasks, type, id))
    .orderBy(
      sql`${tasks.done_at} is not null`,
      sql`${tasks.due_at} asc nulls last`,
      desc(tasks.done_at),
      desc(tasks.id),
    );
}

export async function findTask(db: DbOrTx, taskId: number): Promise<TaskRow | undefined> {
  const [row] = await tasksJoined(db).where(eq(tasks.id, taskId));
  return row;
}

const values = (value: string | boolean | Array<string | boolean>) =>
  (Array.isArray(value) ? value : [value]).map(String);

/** GET /api/tasks: "me" is the signed-in user; statuses open, done, overdue. */
export function tasksPlan(query: ParsedListQuery, me: number) {
  const assigneeFilter: FilterHandler = (value) =>
    or(
      ...values(value).map((item) =>
        item === 'me'
          ? eq(tasks.assignee_id, me)
          : /^\d+$/.test(item)
            ? eq(tasks.assignee_id, Number(item))
            : sql`false`,
      ),
    );
  const statusFilter: FilterHandler = (value) =>
    or(
      ...values(value).map((status) => {
        if (status === 'open') return isNull(tasks.done_at);
        if (status === 'done') return isNotNull(tasks.done_at);
        if (status === 'overdue') return and(isNull(tasks.done_at), lt(tasks.due_at, new Date()));
        return sql`false`;
      }),
    );
  const binding: ListQueryBinding<typeof tasksListQuery> = {
    spec: tasksListQuery,
    filters: {
      assignee: assigneeFilter,
      status: statusFilter,
      subject_type: exact(tasks.subject_type),
      search: partial(tasks.title),
    },
    sorts: { due_at: tasks.due_at, created_at: tasks.created_at, title: tasks.title },
    tiebreaker: tasks.id,
  };
  return buildListQuery(binding, query);
}

export async function pageTasks(db: DbOrTx, query: ParsedListQuery, me: number) {
  const plan = tasksPlan(query, me);
  const rows = await tasksJoined(db)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(plan.where);
  return { rows, total: total?.value ?? 0 };
}
