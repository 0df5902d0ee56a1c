import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';

/** Uploading investors or contacts from a CSV or Excel file: map columns, preview, run with progress. */
export const IMPORT_KINDS = ['investors', 'contacts'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ['preview', 'running', 'completed', 'failed'] as const;
export const IMPORT_MAX_ROWS = 10_000;
/** The largest import file: far more than 10,000 rows need, within the server's upload limit. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  /** other headings a file may use for it, to map columns automatically */
  aliases: readonly string[];
}

const field = (key: string, label: string, required = false, aliases: string[] = []): ImportField => ({
  key,
  label,
  required,
  aliases,
});

const personFields = [
  field('first_name', 'First name', true, ['first', 'forename', 'given name']),
  field('last_name', 'Last name', true, ['last', 'surname', 'family name']),
  field('email', 'Email', true, ['email address', 'e-mail']),
  field('phone', 'Phone', false, ['telephone', 'mobile', 'phone number']),
  field('client_type', 'Client type', false, ['type']),
  field('lead_status', 'Lead status', false, ['status', 'lead']),
  field('source', 'Source', false, ['lead source', 'introducer']),
  field('address_line_1', 'Address line 1', false, ['address', 'street']),
  field('address_line_2', 'Address line 2'),
  field('city', 'City', false, ['town']),
  field('postcode', 'Postcode', false, ['post code', 'zip', 'zip code']),
  field('country', 'Country code', false, ['country']),
];

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  investors: [
    ...personFields,
    field('date_of_birth', 'Date of birth', false, ['dob', 'birth date']),
    field('nationality', 'Nationality'),
  ],
  contacts: [
    ...personFields.map((item) => (item.key === 'email' ? { ...item, required: false } : item)),
    field('company', 'Company', false, ['organisation', 'organization', 'employer']),
    field('job_title', 'Job title', false, ['title', 'position', 'role']),
  ],
};

export const importSchema = z
  .object({
    id: idSchema,
    kind: z.enum(IMPORT_KINDS),
    status: z.enum(IMPORT_STATUSES),
    file_name: z.string(),
    /** the file's column headings, in order */
    headers: z.array(z.string()),
    /** our field → the file's heading */
    mapping: z.record(z.string(), z.string()),
    total_rows: z.number().int(),
    processed_rows: z.number().int(),
    created_count: z.number().int(),
    updated_count: z.number().int(),
    failed_count: z.number().int(),
    row_errors: z.array(
      z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) }),
    ),
    error: z.string().nullable(),
    created_at: timestampSchema,
    finished_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Import' });
export type Import = z.infer<typeof importSchema>;

/** The first rows under each mapped field, with what is wrong with each row, before running. */
export const importPreviewSchema = z
  .object({
    rows: z.array(
      z.object({
        row: z.number().int(),
        values: z.record(z.string(), z.string()),
        errors: z.record(z.string(), z.array(z.string())),
        /** what running would do with it */
        action: z.enum(['create', 'update', 'skip']),
      }),
    ),
    valid_rows: z.number().int(),
    invalid_rows: z.number().int(),
    creates: z.number().int(),
    updates: z.number().int(),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importMappingInputSchema = z
  .object({ mapping: z.record(z.string(), z.string()) })
  .meta({ id: 'ImportMapping' });

export const importUploadFieldsSchema = z.object({ kind: z.enum(IMPORT_KINDS) });
