import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { personRefSchema, SUBJECT_TYPES } from './subjects';

/** spec §4: public documents show in the investor portal; private ones only in the admin portal. */
export const DOCUMENT_VISIBILITIES = ['public', 'private'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

export const DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'text/csv': 'CSV',
} as const;
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const documentSchema = z
  .object({
    id: idSchema,
    subject_type: z.enum(SUBJECT_TYPES),
    subject_id: z.number().int(),
    name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    visibility: z.enum(DOCUMENT_VISIBILITIES),
    category: z.string().nullable(),
    uploaded_by: personRefSchema.nullable(),
    created_at: timestampSchema,
    /** a short-lived signed link (15 minutes) */
    url: z.string(),
    url_expires_at: timestampSchema,
  })
  .meta({ id: 'Document' });
export type Document = z.infer<typeof documentSchema>;

/** Sent with the files of a multipart upload. */
export const documentUploadFieldsSchema = z.object({
  visibility: z.enum(DOCUMENT_VISIBILITIES).default('private'),
  category: z.string().trim().max(80).optional(),
});

export const documentChangesSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    visibility: z.enum(DOCUMENT_VISIBILITIES).optional(),
    category: z.string().trim().max(80).nullable().optional(),
  })
  .meta({ id: 'DocumentChanges' });
