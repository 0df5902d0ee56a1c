import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from './common';

export const MAIL_STATUSES = ['stored', 'queued', 'sent', 'failed'] as const;

export const outboxMailSchema = z
  .object({
    id: idSchema,
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    status: z.enum(MAIL_STATUSES),
    error: z.string().nullable(),
    sent_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxListSchema = paginatedSchema(outboxMailSchema.partial());

export const outboxListQuery = defineListQuery({
  table: 'mail_outbox',
  filters: { to: 'partial', subject: 'partial', status: 'exact' },
  sorts: ['created_at', 'to', 'subject'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: ['id', 'to', 'subject', 'text', 'html', 'status', 'error', 'sent_at', 'created_at'],
  appends: [],
});
