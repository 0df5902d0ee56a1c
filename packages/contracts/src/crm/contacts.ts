import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { CLIENT_TYPES, INVESTOR_CATEGORIES } from './investors';
import { leadStatusRefSchema } from './lead-statuses';
import { addressShape, optionalEmail, optionalText, personRefSchema, phoneSchema } from './subjects';

/** spec §4: lead/contact states. 3 means the contact registered and is now an investor. */
export const CONTACT_STATES = [1, 2, 3] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
export const CONTACT_STATE = { ACTIVE: 1, INACTIVE: 2, INVESTMENT: 3 } as const satisfies Record<
  string,
  ContactState
>;
export const CONTACT_STATE_LABELS: Record<ContactState, string> = {
  1: 'Active',
  2: 'Inactive',
  3: 'Investment',
};

export const contactSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    job_title: z.string().nullable(),
    state: z.literal(CONTACT_STATES),
    lead_status: leadStatusRefSchema.nullable(),
    client_type: z.enum(CLIENT_TYPES).nullable(),
    owner: personRefSchema.nullable(),
    source: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    category: z.enum(INVESTOR_CATEGORIES).nullable(),
    /** the investor this contact became (state 3), when they registered with the same email */
    user_id: z.number().int().nullable(),
    investor: personRefSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

export const contactListSchema = paginatedSchema(contactSchema.partial());

const personName = z.string().trim().min(1).max(100);

/** What staff may change on a contact; "" clears an optional field. */
export const contactChangesShape = {
  first_name: personName.optional(),
  last_name: personName.optional(),
  /** optional, but no two contacts share one */
  email: optionalEmail,
  phone: phoneSchema,
  company: optionalText(200),
  job_title: optionalText(100),
  state: z.literal(CONTACT_STATES).optional(),
  lead_status_id: z.number().int().positive().nullable().optional(),
  client_type: z.enum(CLIENT_TYPES).nullable().optional(),
  owner_id: z.number().int().positive().nullable().optional(),
  source: optionalText(100),
  ...addressShape,
  category: z.enum(INVESTOR_CATEGORIES).nullable().optional(),
};

export const updateContactInputSchema = z.object(contactChangesShape).meta({ id: 'ContactChanges' });
export type UpdateContactInput = z.input<typeof updateContactInputSchema>;

export const createContactInputSchema = z
  .object({ ...contactChangesShape, first_name: personName, last_name: personName })
  .meta({ id: 'NewContact' });
export type CreateContactInput = z.input<typeof createContactInputSchema>;

export const CONTACT_LIST_FIELDS = [
  'id',
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'state',
  'lead_status',
  'client_type',
  'owner',
  'source',
  'category',
  'country',
  'user_id',
  'investor',
  'created_at',
  'updated_at',
] as const;

/** The contacts list (API-CONTRACT.md §2). */
export const contactsListQuery = defineListQuery({
  table: 'contacts',
  filters: {
    search: 'scope',
    state: 'exact',
    lead_status_id: 'exact',
    client_type: 'exact',
    owner_id: 'exact',
    category: 'exact',
    created_between: 'scope',
  },
  sorts: ['name', 'email', 'created_at', 'company'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: CONTACT_LIST_FIELDS,
  appends: [],
});

/** The columns of the contacts list and of its CSV and Excel exports, in order. */
export const CONTACT_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'email', label: 'Email', default: true },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'company', label: 'Company', default: true },
  { key: 'job_title', label: 'Job title', default: false },
  { key: 'state', label: 'State', default: true },
  { key: 'lead_status', label: 'Lead status', default: true },
  { key: 'client_type', label: 'Client type', default: false },
  { key: 'category', label: 'Category', default: false },
  { key: 'owner', label: 'Owner', default: false },
  { key: 'source', label: 'Source', default: false },
  { key: 'country', label: 'Country', default: false },
  { key: 'created_at', label: 'Added', default: true },
] as const;
export type ContactColumnKey = (typeof CONTACT_COLUMNS)[number]['key'];
