import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { bankDetailsFieldsShape, bankDetailsInputShape } from '../schemas/bank-details';
import { emailSchema, idSchema, timestampSchema } from '../schemas/common';
import { leadStatusRefSchema } from './lead-statuses';
import { addressShape, optionalText, personRefSchema, phoneSchema } from './subjects';

/** spec §4 and DOMAIN.md. */
export const CLIENT_TYPES = ['business', 'organisation', 'soletrader'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  business: 'Business',
  organisation: 'Organisation',
  soletrader: 'Sole trader',
};

export const INVESTOR_CATEGORIES = [
  'restricted',
  'high_net_worth',
  'sophisticated',
  'self_certified',
  'professional',
] as const;
export type InvestorCategory = (typeof INVESTOR_CATEGORIES)[number];
/** The terminology key naming each category. */
export const CATEGORY_TERMS = {
  restricted: 'category_restricted',
  high_net_worth: 'category_high_net_worth',
  sophisticated: 'category_sophisticated',
  self_certified: 'category_self_certified',
  professional: 'category_professional',
} as const satisfies Record<InvestorCategory, string>;

export const ONBOARDING_STATES = ['registered', 'verified', 'categorised', 'documents', 'complete'] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];
export const ONBOARDING_STATE_LABELS: Record<OnboardingState, string> = {
  registered: 'Registered (email not verified)',
  verified: 'Verified: needs categorisation',
  categorised: 'Categorised: documents to provide',
  // Documents sent (awaiting review or approved); another step (test, identity, terms) may remain.
  documents: 'Documents sent: steps outstanding',
  complete: 'Ready to invest',
};

export const SCREENING_STATUSES = ['not_started', 'pending', 'passed', 'failed', 'referred'] as const;
export const INVESTOR_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type InvestorStatus = (typeof INVESTOR_STATUSES)[number];

export const investorSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    title: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
    email_verified_at: timestampSchema.nullable(),
    phone: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    nationality: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    client_type: z.enum(CLIENT_TYPES).nullable(),
    lead_status: leadStatusRefSchema.nullable(),
    owner: personRefSchema.nullable(),
    adviser: personRefSchema.nullable(),
    source: z.string().nullable(),
    category: z.enum(INVESTOR_CATEGORIES).nullable(),
    category_expires_at: timestampSchema.nullable(),
    onboarding_state: z.enum(ONBOARDING_STATES),
    compliance_passed: z.number().int(),
    screening_status: z.enum(SCREENING_STATUSES),
    /** only when the tax feature is on */
    ni_number: z.string().nullable(),
    utr: z.string().nullable(),
    /** hidden (null) when "hide bank details in admin" is on */
    ...bankDetailsFieldsShape,
    status: z.enum(INVESTOR_STATUSES),
    organisations: z.array(z.object({ id: idSchema, name: z.string(), role: z.string() })),
    last_login_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Investor' });
export type Investor = z.infer<typeof investorSchema>;

export const investorListSchema = paginatedSchema(investorSchema.partial());

const ukNino = z
  .string()
  .trim()
  .toUpperCase()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z.string().regex(/^([A-CEGHJ-PR-TW-Z]{2}\d{6}[A-D])?$/, {
      error: 'The :attribute field must be a UK National Insurance number, e.g. AB123456C.',
    }),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const utr = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^(\d{10})?$/, { error: 'The :attribute field must be the 10 digits of a UTR.' }))
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const isoDate = z
  .union([z.literal(''), z.iso.date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' })])
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** What staff (and later the investor) may change on an investor. */
export const investorChangesShape = {
  title: optionalText(20),
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().trim().min(1).max(100).optional(),
  email: emailSchema.optional(),
  phone: phoneSchema,
  date_of_birth: isoDate,
  nationality: optionalText(60),
  ...addressShape,
  client_type: z.enum(CLIENT_TYPES).nullable().optional(),
  lead_status_id: z.number().int().positive().nullable().optional(),
  owner_id: z.number().int().positive().nullable().optional(),
  adviser_id: z.number().int().positive().nullable().optional(),
  source: optionalText(100),
  ni_number: ukNino,
  utr,
  ...bankDetailsInputShape,
};

export const updateInvestorInputSchema = z.object(investorChangesShape).meta({ id: 'InvestorChanges' });
export type UpdateInvestorInput = z.input<typeof updateInvestorInputSchema>;

export const createInvestorInputSchema = z
  .object({
    ...investorChangesShape,
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    email: emailSchema,
    /** email a set-password invitation (default) */
    send_invitation: z.boolean().default(true),
  })
  .meta({ id: 'NewInvestor' });
export type CreateInvestorInput = z.input<typeof createInvestorInputSchema>;

export const INVESTOR_LIST_FIELDS = [
  'id',
  'name',
  'email',
  'phone',
  'client_type',
  'lead_status',
  'owner',
  'category',
  'onboarding_state',
  'compliance_passed',
  'status',
  'country',
  'email_verified_at',
  'last_login_at',
  'created_at',
] as const;

/** The investors list (API-CONTRACT.md §2): what staff filter and sort on. */
export const investorsListQuery = defineListQuery({
  table: 'users',
  filters: {
    search: 'scope',
    lead_status_id: 'exact',
    client_type: 'exact',
    category: 'exact',
    compliance_passed: 'exact',
    onboarding_state: 'exact',
    organisation_id: 'scope',
    owner_id: 'exact',
    status: 'scope',
    created_between: 'scope',
  },
  sorts: ['name', 'email', 'created_at', 'last_login_at', 'category', 'onboarding_state'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: INVESTOR_LIST_FIELDS,
  appends: [],
});

/** The columns of the list and of its CSV and Excel exports, in order. */
export const INVESTOR_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'email', label: 'Email', default: true },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'client_type', label: 'Client type', default: false },
  { key: 'lead_status', label: 'Lead status', default: true },
  { key: 'category', label: 'Category', default: true },
  { key: 'onboarding_state', label: 'Onboarding', default: true },
  { key: 'compliance_passed', label: 'Appropriateness test', default: false },
  { key: 'owner', label: 'Owner', default: false },
  { key: 'country', label: 'Country', default: false },
  { key: 'status', label: 'Account', default: false },
  { key: 'last_login_at', label: 'Last login', default: false },
  { key: 'created_at', label: 'Registered', default: true },
] as const;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
