import { z } from 'zod';
import { optionalText } from '../crm/subjects';
import { idSchema, timestampSchema } from './common';

/*
 * MAR Article 18 insider lists (issue 21), in the template of Commission Implementing Regulation (EU) 2016/347
 * as amended by (EU) 2022/1210: a deal-specific section per pipeline deal or draft opportunity (template 1) and
 * one permanent-insiders section (template 2). Entries are versioned, never overwritten; every time is UTC.
 */

export const INSIDER_LIST_TYPES = ['deal', 'opportunity', 'permanent'] as const;
export type InsiderListType = (typeof INSIDER_LIST_TYPES)[number];

/** Where an entry comes from: typed in by staff, or derived from an accepted market sounding. */
export const INSIDER_ENTRY_SOURCES = ['manual', 'sounding'] as const;
export type InsiderEntrySource = (typeof INSIDER_ENTRY_SOURCES)[number];

/** Who the insider is on the platform: a staff member, an investor, or someone typed in. */
export const INSIDER_PERSON_KINDS = ['staff', 'investor', 'other'] as const;
export type InsiderPersonKind = (typeof INSIDER_PERSON_KINDS)[number];

/** The template's columns, in its order, with its headings (the export and the web table use them). */
export const INSIDER_LIST_COLUMNS = [
  { key: 'first_names', label: 'First name(s) of the insider' },
  { key: 'surnames', label: 'Surname(s) of the insider' },
  { key: 'birth_surnames', label: 'Birth surname(s) of the insider (if different)' },
  { key: 'professional_phones', label: 'Professional telephone number(s)' },
  { key: 'company_name_address', label: 'Company name and address' },
  { key: 'function_reason', label: 'Function and reason for being insider' },
  {
    key: 'obtained_at',
    label: 'Obtained (date and time at which the person obtained access to inside information)',
  },
  {
    key: 'ceased_at',
    label: 'Ceased (date and time at which the person ceased to have access to inside information)',
  },
  { key: 'date_of_birth', label: 'Date of birth' },
  { key: 'national_id', label: 'National identification number (if applicable)' },
  { key: 'personal_phones', label: 'Personal telephone numbers' },
  {
    key: 'personal_address',
    label: 'Personal full home address (street name, street number, city, post/zip code, country)',
  },
] as const;
export type InsiderListColumnKey = (typeof INSIDER_LIST_COLUMNS)[number]['key'];
/** The permanent section says "Included" where a deal's says "Obtained". */
export const PERMANENT_INCLUDED_LABEL =
  'Included (date and time at which the person was included in the permanent insiders section)';

export const INSIDER_HEADER_LABELS = {
  created_at:
    'Date and time (of creation of this section of the insider list, i.e. when this inside information was identified)',
  permanent_created_at: 'Date and time (creation of the permanent insiders section)',
  last_update_at: 'Date and time (last update)',
  transmitted_at: 'Date of transmission to the competent authority',
} as const;

const personRef = z.object({ id: idSchema, name: z.string() });

export const insiderListSummarySchema = z
  .object({
    type: z.enum(INSIDER_LIST_TYPES),
    /** the deal's or opportunity's id; 0 for the permanent section */
    id: z.number().int().nonnegative(),
    name: z.string(),
    /** when the inside information was identified; null for a permanent section not yet opened */
    created_at: timestampSchema.nullable(),
    /** current insiders whose access has not ceased */
    insiders_count: z.number().int().nonnegative(),
    last_update_at: timestampSchema.nullable(),
  })
  .meta({ id: 'InsiderListSummary' });
export type InsiderListSummary = z.infer<typeof insiderListSummarySchema>;

export const insiderListIndexSchema = z
  .object({
    lists: z.array(insiderListSummarySchema),
    permanent: insiderListSummarySchema,
  })
  .meta({ id: 'InsiderListIndex' });
export type InsiderListIndex = z.infer<typeof insiderListIndexSchema>;

export const insiderEntrySchema = z
  .object({
    /** the person's entry across versions; null for a row derived from a sounding */
    entry_id: idSchema.nullable(),
    version: z.number().int().positive().nullable(),
    source: z.enum(INSIDER_ENTRY_SOURCES),
    person_kind: z.enum(INSIDER_PERSON_KINDS),
    user_id: idSchema.nullable(),
    investor_id: idSchema.nullable(),
    /** the accepted sounding a derived row comes from */
    sounding_id: idSchema.nullable(),
    first_names: z.string(),
    surnames: z.string(),
    birth_surnames: z.string().nullable(),
    professional_phones: z.string().nullable(),
    company_name_address: z.string().nullable(),
    function_reason: z.string(),
    obtained_at: timestampSchema,
    ceased_at: timestampSchema.nullable(),
    date_of_birth: z.string().nullable(),
    national_id: z.string().nullable(),
    personal_phones: z.string().nullable(),
    personal_address: z.string().nullable(),
    created_by: personRef.nullable(),
    /** when this version was recorded */
    created_at: timestampSchema,
  })
  .meta({ id: 'InsiderEntry' });
export type InsiderEntry = z.infer<typeof insiderEntrySchema>;

export const insiderListSchema = z
  .object({
    type: z.enum(INSIDER_LIST_TYPES),
    id: z.number().int().nonnegative(),
    name: z.string(),
    created_at: timestampSchema.nullable(),
    last_update_at: timestampSchema.nullable(),
    /** not recorded on the platform: a list is sent to the FCA on its request */
    transmitted_at: timestampSchema.nullable(),
    entries: z.array(insiderEntrySchema),
  })
  .meta({ id: 'InsiderList' });
export type InsiderList = z.infer<typeof insiderListSchema>;

export const openInsiderListInputSchema = z
  .object({
    deal_id: idSchema.optional(),
    opportunity_id: idSchema.optional(),
  })
  .meta({ id: 'OpenInsiderList' });
export type OpenInsiderListInput = z.input<typeof openInsiderListInputSchema>;

const DATETIME_MESSAGE = 'The :attribute field must be a valid date and time.';
const dateTime = z.iso.datetime({ offset: true, local: false, error: DATETIME_MESSAGE });
const isoDate = z.iso.date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' });
const requiredText = (max: number) =>
  z
    .string({ error: 'The :attribute field is required.' })
    .trim()
    .min(1, { error: 'The :attribute field is required.' })
    .max(max);

/** The template's fields, as staff type them; the names may be left out for a staff member or an investor. */
const entryFields = {
  first_names: requiredText(255),
  surnames: requiredText(255),
  birth_surnames: optionalText(255),
  professional_phones: optionalText(255),
  company_name_address: optionalText(1000),
  function_reason: requiredText(2000),
  obtained_at: dateTime,
  ceased_at: dateTime.nullable().optional(),
  date_of_birth: isoDate.nullable().optional(),
  national_id: optionalText(100),
  personal_phones: optionalText(255),
  personal_address: optionalText(1000),
};

export const addInsiderEntryInputSchema = z
  .object({
    user_id: idSchema.optional(),
    investor_id: idSchema.optional(),
    ...entryFields,
    first_names: entryFields.first_names.optional(),
    surnames: entryFields.surnames.optional(),
  })
  .meta({ id: 'AddInsiderEntry' });
export type AddInsiderEntryInput = z.input<typeof addInsiderEntryInputSchema>;

/** A new version: the fields sent replace the current version's, the others are kept (cease: ceased_at alone). */
export const insiderEntryVersionInputSchema = z
  .object({
    ...entryFields,
    obtained_at: dateTime.optional(),
  })
  .partial()
  .meta({ id: 'InsiderEntryVersion' });
export type InsiderEntryVersionInput = z.input<typeof insiderEntryVersionInputSchema>;

/** "2026-11-28 09:15 UTC", as the template's times are written. */
export function formatInsiderTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
