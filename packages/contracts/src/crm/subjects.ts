import { z } from 'zod';
import { isCountryCode } from '../countries';

/**
 * The records that documents, notes, calls, tasks and the activity timeline hang off. Each has an API
 * path; the CRM's are guarded by the `investors` resource of the permission table (spec §6), the
 * investment records by theirs.
 */
export const SUBJECT_TYPES = [
  'investor',
  'contact',
  'organisation',
  'investment_method',
  'nominee',
  // an investor's or a contact's account with an investment method (documents the investor adds in the portal)
  'investment_method_entity',
  // the investment records (issue 10), guarded by their own resources
  'pipeline_deal',
  'opportunity',
  // a named group of investors (guarded by the investors resource, like the CRM's records)
  'client_group',
  // a fund's portfolio company (issue 20), guarded by the funds resource and feature
  'fund_company',
  // a fund itself (issue 20: its Notes, Calls and Tasks tab), guarded the same way
  'fund',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const SUBJECT_PATHS = {
  investor: 'investors',
  contact: 'contacts',
  organisation: 'organisations',
  investment_method: 'investment-methods',
  nominee: 'nominees',
  investment_method_entity: 'investment-method-entities',
  pipeline_deal: 'pipeline-deals',
  opportunity: 'opportunities',
  client_group: 'client-groups',
  fund_company: 'fund-companies',
  fund: 'funds',
} as const satisfies Record<SubjectType, string>;
export type SubjectPath = (typeof SUBJECT_PATHS)[SubjectType];

/** A person or record in a sentence or a link: id and name. */
export const personRefSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'PersonRef' });
export type PersonRef = z.infer<typeof personRefSchema>;

export const subjectRefSchema = z
  .object({ type: z.enum(SUBJECT_TYPES), id: z.number().int(), name: z.string() })
  .meta({ id: 'SubjectRef' });
export type SubjectRef = z.infer<typeof subjectRefSchema>;

/** Optional text fields: "" clears them (sent as null), absent leaves them alone. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const phoneSchema = z
  .string()
  .trim()
  .max(40)
  .regex(/^[+()\d\s-]*$/, { error: 'The :attribute field may only hold digits, spaces, +, - and brackets.' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const optionalEmail = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), z.email({ error: 'The :attribute field must be a valid email address.' })]))
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable()
  .optional();

export const COUNTRIES_NOTE = 'ISO 3166-1 alpha-2 country code, e.g. GB';
export const COUNTRY_MESSAGE = 'The :attribute field must be a country from the list (ISO code, e.g. GB).';

/** A required country: an ISO 3166-1 alpha-2 code of COUNTRY_CODES, in any case ("gb" is GB). */
export const requiredCountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: COUNTRY_MESSAGE })
  .meta({ description: COUNTRIES_NOTE });

/** An optional country: "" clears it (sent as null). */
export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || isCountryCode(value), { error: COUNTRY_MESSAGE })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .meta({ description: COUNTRIES_NOTE });

export const addressShape = {
  address_line_1: optionalText(200),
  address_line_2: optionalText(200),
  city: optionalText(100),
  postcode: optionalText(20),
  country: countrySchema,
};
