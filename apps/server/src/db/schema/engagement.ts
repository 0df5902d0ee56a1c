import { CALL_OUTCOMES, DOCUMENT_VISIBILITIES, SUBJECT_TYPES } from '@portico/contracts';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, reference, timestamps, timestamptz } from './columns';
import { users } from './users';

/** The record each row hangs off (subject_type + subject_id). */
const subject = () => ({
  subject_type: text('subject_type', { enum: SUBJECT_TYPES }).notNull(),
  subject_id: reference('subject_id').notNull(),
});

/** A stored file on a record: public is visible in the investor portal, private only to staff. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    ...subject(),
    name: text('name').notNull(),
    storage_key: text('storage_key').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    visibility: text('visibility', { enum: DOCUMENT_VISIBILITIES }).notNull().default('private'),
    category: text('category'),
    uploaded_by: reference('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('documents_subject_index').on(table.subject_type, table.subject_id, table.created_at)],
);

export const notes = pgTable(
  'notes',
  {
    id: id(),
    ...subject(),
    body: text('body').notNull(),
    author_id: reference('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [index('notes_subject_index').on(table.subject_type, table.subject_id, table.created_at)],
);

export const calls = pgTable(
  'calls',
  {
    id: id(),
    ...subject(),
    occurred_at: timestamptz('occurred_at').notNull(),
    duration_minutes: integer('duration_minutes').notNull().default(0),
    outcome: text('outcome', { enum: CALL_OUTCOMES }).notNull(),
    summary: text('summary'),
    author_id: reference('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [index('calls_subject_index').on(table.subject_type, table.subject_id, table.occurred_at)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    ...subject(),
    title: text('title').notNull(),
    description: text('description'),
    due_at: timestamptz('due_at'),
    assignee_id: reference('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    done_at: timestamptz('done_at'),
    ...timestamps(),
  },
  (table) => [
    index('tasks_subject_index').on(table.subject_type, table.subject_id, table.created_at),
    index('tasks_assignee_index').on(table.assignee_id, table.done_at, table.due_at),
  ],
);
