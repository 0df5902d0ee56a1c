import { z } from 'zod';
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
 * The relations GET /api/user loads with `include` (spec §3, §7). ownershipChoices is left out until
 * ownership choices exist: naming it is a 400, not a fake.
 */
export const USER_INCLUDES = [
  'organisations',
  'onboardingDocuments',
  'owner',
  'investmentMethodEntities',
  'investmentMethodEntities.investmentMethod',
  'leadInvestmentMethodEntities',
  'leadInvestmentMethodEntities.investmentMethod',
  'attributeValues',
] as const;

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
