import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { investorRefSchema } from './organisations';
import { addressShape, optionalEmail, optionalText, phoneSchema } from './subjects';

/** Companies House numbers: eight digits, or two letters and six digits (SC123456). */
const companyNumber = z
  .string()
  .trim()
  .toUpperCase()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z.string().regex(/^(\d{8}|[A-Z]{2}\d{6})?$/, {
      error: 'The :attribute field must be a Companies House number, e.g. 01234567 or SC123456.',
    }),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** FCA Financial Services Register reference numbers: six or seven digits. */
const fcaNumber = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z.string().regex(/^(\d{6,7})?$/, {
      error: 'The :attribute field must be a 6 or 7 digit FCA reference number.',
    }),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** DOMAIN.md: a nominee company that holds shares for investors under a bare trust. */
export const nomineeSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    company_number: z.string().nullable(),
    fca_number: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    /** the investors it acts for */
    clients_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Nominee' });
export type Nominee = z.infer<typeof nomineeSchema>;

export const nomineeListSchema = paginatedSchema(nomineeSchema.partial());

const nomineeName = z.string().trim().min(1).max(200);

export const nomineeChangesShape = {
  name: nomineeName.optional(),
  company_number: companyNumber,
  fca_number: fcaNumber,
  email: optionalEmail,
  phone: phoneSchema,
  ...addressShape,
};

export const updateNomineeInputSchema = z.object(nomineeChangesShape).meta({ id: 'NomineeChanges' });
export type UpdateNomineeInput = z.input<typeof updateNomineeInputSchema>;

export const createNomineeInputSchema = z
  .object({ ...nomineeChangesShape, name: nomineeName })
  .meta({ id: 'NewNominee' });
export type CreateNomineeInput = z.input<typeof createNomineeInputSchema>;

export const NOMINEE_LIST_FIELDS = [
  'id',
  'name',
  'company_number',
  'fca_number',
  'email',
  'phone',
  'city',
  'country',
  'clients_count',
  'created_at',
  'updated_at',
] as const;

export const nomineesListQuery = defineListQuery({
  table: 'nominees',
  filters: { search: 'scope' },
  sorts: ['name', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: NOMINEE_LIST_FIELDS,
  appends: [],
});

/** The columns of the nominees list and of its CSV and Excel exports, in order. */
export const NOMINEE_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'company_number', label: 'Company number', default: true },
  { key: 'fca_number', label: 'FCA number', default: true },
  { key: 'email', label: 'Email', default: false },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'city', label: 'Town or city', default: false },
  { key: 'country', label: 'Country', default: false },
  { key: 'clients_count', label: 'Clients', default: true },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies ReadonlyArray<ListColumn<(typeof NOMINEE_LIST_FIELDS)[number]>>;
export type NomineeColumnKey = (typeof NOMINEE_COLUMNS)[number]['key'];

/** An investor the nominee acts for, with the nominee's designation (account reference) for them. */
export const nomineeClientSchema = z
  .object({
    id: idSchema,
    nominee_id: idSchema,
    investor: investorRefSchema,
    designation: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'NomineeClient' });
export type NomineeClient = z.infer<typeof nomineeClientSchema>;

export const nomineeClientListSchema = paginatedSchema(nomineeClientSchema);

export const nomineeClientsListQuery = defineListQuery({
  table: 'nominee_clients',
  filters: { search: 'scope' },
  sorts: ['name', 'designation', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: [],
  appends: [],
});

export const createNomineeClientInputSchema = z
  .object({
    /** an investor's user id */
    user_id: z.number().int().positive(),
    designation: optionalText(100),
  })
  .meta({ id: 'NewNomineeClient' });
export type CreateNomineeClientInput = z.input<typeof createNomineeClientInputSchema>;
