import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { personRefSchema, subjectRefSchema, SUBJECT_TYPES } from './subjects';

/** Notes, logged calls and tasks: one shape for every record that has them. */
export const noteSchema = z
  .object({
    id: idSchema,
    subject_type: z.enum(SUBJECT_TYPES),
    subject_id: z.number().int(),
    body: z.string(),
    author: personRefSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof noteSchema>;

export const noteInputSchema = z
  .object({ body: z.string().trim().min(1).max(20_000) })
  .meta({ id: 'NoteChanges' });

export const CALL_OUTCOMES = ['connected', 'left_voicemail', 'no_answer', 'busy', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  connected: 'Connected',
  left_voicemail: 'Left voicemail',
  no_answer: 'No answer',
  busy: 'Busy',
  wrong_number: 'Wrong number',
};

export const callSchema = z
  .object({
    id: idSchema,
    subject_type: z.enum(SUBJECT_TYPES),
    subject_id: z.number().int(),
    occurred_at: timestampSchema,
    duration_minutes: z.number().int(),
    outcome: z.enum(CALL_OUTCOMES),
    summary: z.string().nullable(),
    author: personRefSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Call' });
export type Call = z.infer<typeof callSchema>;

export const callInputSchema = z
  .object({
    occurred_at: z.iso.datetime({
      offset: true,
      error: 'The :attribute field must be a valid date and time.',
    }),
    duration_minutes: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    outcome: z.enum(CALL_OUTCOMES),
    summary: z.string().trim().max(20_000).optional(),
  })
  .meta({ id: 'CallChanges' });

export const taskSchema = z
  .object({
    id: idSchema,
    subject: subjectRefSchema,
    title: z.string(),
    description: z.string().nullable(),
    due_at: timestampSchema.nullable(),
    assignee: personRefSchema.nullable(),
    created_by: personRefSchema.nullable(),
    done_at: timestampSchema.nullable(),
    /** open and past its due time */
    overdue: z.boolean(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;

export const taskInputSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(20_000).optional(),
    due_at: z.iso
      .datetime({ offset: true, error: 'The :attribute field must be a valid date and time.' })
      .nullable()
      .optional(),
    assignee_id: z.number().int().positive().nullable().optional(),
    done: z.boolean().optional(),
  })
  .meta({ id: 'TaskChanges' });
export type TaskInput = z.input<typeof taskInputSchema>;

/** GET /api/tasks: every task, or "my tasks" (filter[assignee]=me), open, done or overdue. */
export const tasksListQuery = defineListQuery({
  table: 'tasks',
  filters: { assignee: 'scope', status: 'scope', subject_type: 'exact', search: 'scope' },
  sorts: ['due_at', 'created_at', 'title'],
  defaultSort: ['due_at'],
  includes: [],
  fields: [],
  appends: [],
});
export const taskListSchema = paginatedSchema(taskSchema);

/** One line of a record's activity timeline, written from the audit trail. */
export const activitySchema = z
  .object({
    /** "audit-12" or "mail-7": the line's source and its id there */
    id: z.string(),
    action: z.string(),
    description: z.string(),
    actor: personRefSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = paginatedSchema(activitySchema);
