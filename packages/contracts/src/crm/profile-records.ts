import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { ENTITY_STATUSES, INVESTMENT_METHOD_TYPES } from './investment-methods';
import { ORGANISATION_ROLES, ORGANISATION_TYPES } from './organisations';

/**
 * What an investor sees in the portal of the records they are linked to (spec §2.2: organisation_{id},
 * investmentmethod_{id} and their documents). Only their own links; staff-only fields are left out.
 */
export const profileOrganisationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(ORGANISATION_TYPES),
    registration_number: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    /** the signed-in investor's role in it */
    role: z.enum(ORGANISATION_ROLES),
    /** when the investor was linked to it */
    linked_at: timestampSchema,
  })
  .meta({ id: 'ProfileOrganisation' });
export type ProfileOrganisation = z.infer<typeof profileOrganisationSchema>;

export const profileInvestmentMethodEntitySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    account_reference: z.string().nullable(),
    status: z.enum(ENTITY_STATUSES),
    investment_method: z.object({
      id: idSchema,
      name: z.string(),
      type: z.enum(INVESTMENT_METHOD_TYPES),
      provider: z.string().nullable(),
    }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'ProfileInvestmentMethodEntity' });
export type ProfileInvestmentMethodEntity = z.infer<typeof profileInvestmentMethodEntitySchema>;

/** Multipart fields sent with the files (field `files`) an investor adds to their investment-method entity. */
export const profileEntityUploadFieldsSchema = z
  .object({ category: z.string().trim().max(80).optional() })
  .meta({ id: 'ProfileEntityUploadFields' });
