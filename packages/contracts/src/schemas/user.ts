import { z } from 'zod';
import { APPLICATION_STATUSES, ORGANISATION_ROLES, ORGANISATION_TYPES } from '../crm/organisations';
import { ENTITY_STATUSES, INVESTMENT_METHOD_TYPES } from '../crm/investment-methods';
import { ROLE_IDS, STAFF_ROLE_IDS } from '../roles';
import { idSchema, timestampSchema } from './common';

export const roleIdSchema = z.union(ROLE_IDS.map((id) => z.literal(id))).meta({ id: 'RoleId' });
export const staffRoleIdSchema = z.coerce.number({ error: 'The selected :attribute is invalid.' }).pipe(
  z.union(
    STAFF_ROLE_IDS.map((id) => z.literal(id)),
    { error: 'The selected :attribute is invalid.' },
  ),
);

/** The signed-in user, staff or investor (GET /api/user, spec §3). */
export const userSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    email_verified_at: timestampSchema.nullable(),
    avatar: z.string(),
    role_id: roleIdSchema,
    accepted_terms_version: z.number().int(),
    compliance_passed: z.number().int(),
    compliance_tries: z.number().int(),
    compliance_questions: z.unknown().nullable(),
    last_login_at: timestampSchema.nullable(),
    notification_emails: z.boolean(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/**
 * The relations GET /api/user loads with `include` (spec §3, §7). attributeValues and ownershipChoices
 * are left out until custom attributes and ownership choices exist: naming them is a 400, not a fake.
 */
export const USER_INCLUDES = [
  'organisations',
  'onboardingDocuments',
  'owner',
  'investmentMethodEntities',
  'investmentMethodEntities.investmentMethod',
  'leadInvestmentMethodEntities',
  'leadInvestmentMethodEntities.investmentMethod',
] as const;

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
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

const booleanField = z.union([z.boolean(), z.stringbool()]);

/**
 * PATCH /api/users/{id}: a user changes their own record. Accepting the terms is a form body
 * `_method=PATCH&accepted_terms_version=N` (spec §7).
 */
export const updateUserInputSchema = z
  .object({
    accepted_terms_version: z.coerce.number().int().min(1).optional(),
    notification_emails: booleanField.optional(),
    name: z.string().trim().min(1).max(255).optional(),
  })
  .meta({ id: 'UserChanges' });
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;
