import { z } from 'zod';
import { emailSchema, idSchema, timestampSchema } from '../schemas/common';
import { userSchema } from '../schemas/user';
import { ENTITY_STATUSES, INVESTMENT_METHOD_TYPES } from './investment-methods';
import { CLIENT_TYPES, investorChangesShape } from './investors';
import { APPLICATION_STATUSES, ORGANISATION_ROLES, ORGANISATION_TYPES } from './organisations';
import { countrySchema, optionalText } from './subjects';
import { userAttributeValueSchema } from '../attributes/custom-attributes';

/**
 * /investor/profile/details and /type: the investor's own record. The fields staff own (lead status,
 * owner, adviser, source, screening, category) are neither shown nor accepted here.
 */
export const profileSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    email_verified_at: timestampSchema.nullable(),
    /** a new address waiting for its link to be opened; `email` stays in force until then */
    pending_email: z.string().nullable(),
    title: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    /** an ISO country code; records written before the country list may hold free text */
    nationality: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    client_type: z.enum(CLIENT_TYPES).nullable(),
    /** business and sole trader */
    trading_name: z.string().nullable(),
    company_number: z.string().nullable(),
    /** null unless the tax feature is on */
    ni_number: z.string().nullable(),
    utr: z.string().nullable(),
    bank_account_name: z.string().nullable(),
    bank_sort_code: z.string().nullable(),
    bank_account_number: z.string().nullable(),
    /** null unless international bank details are on */
    bank_iban: z.string().nullable(),
    bank_swift: z.string().nullable(),
    updated_at: timestampSchema,
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

const {
  title,
  first_name,
  last_name,
  phone,
  date_of_birth,
  address_line_1,
  address_line_2,
  city,
  postcode,
  country,
  client_type,
  ni_number,
  utr,
  bank_account_name,
  bank_sort_code,
  bank_account_number,
  bank_iban,
  bank_swift,
} = investorChangesShape;

/** The same rules as the staff investor form (investorChangesShape), less the fields staff own. */
export const profileChangesShape = {
  title,
  first_name,
  last_name,
  email: emailSchema.optional(),
  phone,
  date_of_birth,
  nationality: countrySchema,
  address_line_1,
  address_line_2,
  city,
  postcode,
  country,
  client_type,
  trading_name: optionalText(200),
  company_number: z
    .string()
    .trim()
    .toUpperCase()
    .max(20)
    .regex(/^[A-Z0-9 ]*$/, { error: 'The :attribute field may only hold letters and digits.' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  ni_number,
  utr,
  bank_account_name,
  bank_sort_code,
  bank_account_number,
  bank_iban,
  bank_swift,
};

/** PATCH /api/profile: unknown keys (and so every staff-owned field) are a 422. */
export const updateProfileInputSchema = z.strictObject(profileChangesShape).meta({ id: 'ProfileChanges' });
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/** POST /api/support/contact (spec §7, §9): a message to the firm's support address. */
export const SUPPORT_CATEGORIES = ['account', 'investments', 'documents', 'technical', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  account: 'My account',
  investments: 'Investments',
  documents: 'Documents',
  technical: 'Technical problem',
  other: 'Something else',
};
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 5000;

export const supportContactInputSchema = z
  .strictObject({
    subject: z
      .string()
      .trim()
      .min(1)
      .max(SUPPORT_SUBJECT_MAX)
      .regex(/^[^\r\n]*$/, { error: 'The subject must be on one line.' }),
    message: z.string().trim().min(SUPPORT_MESSAGE_MIN).max(SUPPORT_MESSAGE_MAX),
    category: z.enum(SUPPORT_CATEGORIES).nullable().optional(),
  })
  .meta({ id: 'SupportContact' });
export type SupportContactInput = z.input<typeof supportContactInputSchema>;

export const supportContactSchema = z
  .object({ message: z.string(), sent_at: timestampSchema })
  .meta({ id: 'SupportContactSent' });

export const userOrganisationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(ORGANISATION_TYPES),
    role: z.enum(ORGANISATION_ROLES),
  })
  .meta({ id: 'UserOrganisation' });

export const userOnboardingDocumentSchema = z
  .object({
    id: idSchema,
    requirement_id: idSchema,
    requirement_name: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    reason: z.string().nullable(),
    reviewed_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'UserOnboardingDocument' });

export const userOwnerSchema = z
  .object({ id: idSchema, name: z.string(), email: z.string() })
  .meta({ id: 'UserOwner' });

export const userInvestmentMethodSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(INVESTMENT_METHOD_TYPES),
    provider: z.string().nullable(),
  })
  .meta({ id: 'UserInvestmentMethod' });

export const userInvestmentMethodEntitySchema = z
  .object({
    id: idSchema,
    investment_method_id: idSchema,
    name: z.string(),
    account_reference: z.string().nullable(),
    status: z.enum(ENTITY_STATUSES),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    /** with include=…Entities.investmentMethod */
    investment_method: userInvestmentMethodSchema.optional(),
  })
  .meta({ id: 'UserInvestmentMethodEntity' });

/**
 * GET /api/user: the user and, named by `include`, their relations, keyed in snake_case as Laravel
 * serialises loaded relations (investmentMethodEntities → investment_method_entities). Only the user's
 * own records; a staff member's relations are empty.
 */
export const currentUserSchema = userSchema
  .extend({
    organisations: z.array(userOrganisationSchema).optional(),
    onboarding_documents: z.array(userOnboardingDocumentSchema).optional(),
    owner: userOwnerSchema.nullable().optional(),
    investment_method_entities: z.array(userInvestmentMethodEntitySchema).optional(),
    /** accounts recorded on the contact (lead) this investor was before registering */
    lead_investment_method_entities: z.array(userInvestmentMethodEntitySchema).optional(),
    /** the investor's own custom attribute values (spec §3) */
    attribute_values: z.array(userAttributeValueSchema).optional(),
    // include=xCount / xExists (API-CONTRACT §2)
    organisations_count: z.number().int().optional(),
    organisations_exists: z.boolean().optional(),
    onboarding_documents_count: z.number().int().optional(),
    onboarding_documents_exists: z.boolean().optional(),
    owner_count: z.number().int().optional(),
    owner_exists: z.boolean().optional(),
    investment_method_entities_count: z.number().int().optional(),
    investment_method_entities_exists: z.boolean().optional(),
    lead_investment_method_entities_count: z.number().int().optional(),
    lead_investment_method_entities_exists: z.boolean().optional(),
    attribute_values_count: z.number().int().optional(),
    attribute_values_exists: z.boolean().optional(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;
