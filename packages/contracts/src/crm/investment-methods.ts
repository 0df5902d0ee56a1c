import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { optionalWebsite } from './organisations';
import { optionalEmail, optionalText, phoneSchema } from './subjects';

/** DOMAIN.md: a way of investing other than in one's own name. */
export const INVESTMENT_METHOD_TYPES = ['sipp', 'ssas', 'isa', 'pension', 'trust', 'other'] as const;
export type InvestmentMethodType = (typeof INVESTMENT_METHOD_TYPES)[number];
export const INVESTMENT_METHOD_TYPE_LABELS: Record<InvestmentMethodType, string> = {
  sipp: 'SIPP',
  ssas: 'SSAS',
  isa: 'ISA',
  pension: 'Pension',
  trust: 'Trust',
  other: 'Other',
};

export const investmentMethodSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(INVESTMENT_METHOD_TYPES),
    provider: z.string().nullable(),
    description: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    /** investors' and contacts' accounts with this method */
    entities_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'InvestmentMethod' });
export type InvestmentMethod = z.infer<typeof investmentMethodSchema>;

export const investmentMethodListSchema = paginatedSchema(investmentMethodSchema.partial());

const methodName = z.string().trim().min(1).max(200);

export const investmentMethodChangesShape = {
  name: methodName.optional(),
  type: z.enum(INVESTMENT_METHOD_TYPES).optional(),
  provider: optionalText(200),
  description: optionalText(5000),
  email: optionalEmail,
  phone: phoneSchema,
  website: optionalWebsite,
};

export const updateInvestmentMethodInputSchema = z
  .object(investmentMethodChangesShape)
  .meta({ id: 'InvestmentMethodChanges' });
export type UpdateInvestmentMethodInput = z.input<typeof updateInvestmentMethodInputSchema>;

export const createInvestmentMethodInputSchema = z
  .object({ ...investmentMethodChangesShape, name: methodName })
  .meta({ id: 'NewInvestmentMethod' });
export type CreateInvestmentMethodInput = z.input<typeof createInvestmentMethodInputSchema>;

export const INVESTMENT_METHOD_LIST_FIELDS = [
  'id',
  'name',
  'type',
  'provider',
  'email',
  'phone',
  'website',
  'entities_count',
  'created_at',
  'updated_at',
] as const;

export const investmentMethodsListQuery = defineListQuery({
  table: 'investment_methods',
  filters: { search: 'scope', type: 'exact' },
  sorts: ['name', 'type', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: INVESTMENT_METHOD_LIST_FIELDS,
  appends: [],
});

/** The columns of the investment methods list and of its CSV and Excel exports, in order. */
export const INVESTMENT_METHOD_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'type', label: 'Type', default: true },
  { key: 'provider', label: 'Provider', default: true },
  { key: 'email', label: 'Email', default: false },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'website', label: 'Website', default: false },
  { key: 'entities_count', label: 'Accounts', default: true },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies ReadonlyArray<ListColumn<(typeof INVESTMENT_METHOD_LIST_FIELDS)[number]>>;
export type InvestmentMethodColumnKey = (typeof INVESTMENT_METHOD_COLUMNS)[number]['key'];

/** An investor's (or a contact's) account with a method: "J. Smith SIPP at Provider X". */
export const ENTITY_STATUSES = ['pending', 'active', 'closed'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];
export const ENTITY_STATUS_LABELS: Record<EntityStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  closed: 'Closed',
};

/** Whose account it is: an investor (a portal user) or a contact (a lead). */
export const ENTITY_HOLDER_TYPES = ['investor', 'contact'] as const;
export type EntityHolderType = (typeof ENTITY_HOLDER_TYPES)[number];

export const investmentMethodEntitySchema = z
  .object({
    id: idSchema,
    investment_method: z.object({
      id: idSchema,
      name: z.string(),
      type: z.enum(INVESTMENT_METHOD_TYPES),
    }),
    /** the investor or contact whose account it is (null only for a row written without either) */
    holder: z
      .object({
        type: z.enum(ENTITY_HOLDER_TYPES),
        id: idSchema,
        name: z.string(),
        email: z.string().nullable(),
      })
      .nullable(),
    user_id: z.number().int().nullable(),
    contact_id: z.number().int().nullable(),
    name: z.string(),
    account_reference: z.string().nullable(),
    status: z.enum(ENTITY_STATUSES),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'InvestmentMethodEntity' });
export type InvestmentMethodEntity = z.infer<typeof investmentMethodEntitySchema>;

export const investmentMethodEntityListSchema = paginatedSchema(investmentMethodEntitySchema);

export const investmentMethodEntitiesListQuery = defineListQuery({
  table: 'investment_method_entities',
  filters: { search: 'scope', status: 'exact', holder: 'scope' },
  sorts: ['name', 'created_at', 'status'],
  defaultSort: ['name'],
  includes: [],
  fields: [],
  appends: [],
});

const entityName = z.string().trim().min(1).max(200);

export const createInvestmentMethodEntityInputSchema = z
  .object({
    /** an investor's user id, or … */
    user_id: z.number().int().positive().nullable().optional(),
    /** … a contact's id: exactly one of the two */
    contact_id: z.number().int().positive().nullable().optional(),
    name: entityName,
    account_reference: optionalText(100),
    status: z.enum(ENTITY_STATUSES).default('pending'),
  })
  .superRefine((value, context) => {
    const holders = [value.user_id, value.contact_id].filter((id) => id != null).length;
    if (holders === 0)
      context.addIssue({
        code: 'custom',
        path: ['user_id'],
        message: 'Choose the investor or the contact whose account this is.',
      });
    if (holders === 2)
      context.addIssue({
        code: 'custom',
        path: ['contact_id'],
        message: 'An account belongs to an investor or to a contact, not both.',
      });
  })
  .meta({ id: 'NewInvestmentMethodEntity' });
export type CreateInvestmentMethodEntityInput = z.input<typeof createInvestmentMethodEntityInputSchema>;

export const updateInvestmentMethodEntityInputSchema = z
  .object({
    name: entityName.optional(),
    account_reference: optionalText(100),
    status: z.enum(ENTITY_STATUSES).optional(),
  })
  .meta({ id: 'InvestmentMethodEntityChanges' });
export type UpdateInvestmentMethodEntityInput = z.input<typeof updateInvestmentMethodEntityInputSchema>;
