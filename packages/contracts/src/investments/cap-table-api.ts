import { z } from 'zod';
import { optionalText } from '../crm/subjects';
import { idSchema } from '../schemas/common';
import { SHARE_PRICE_KINDS } from './investing';

/*
 * An existing investment's whole cap table (issue 18, decision 020): its share classes and every holder of
 * every class, on the platform (from allotments: holding_transactions) and off it (founders, other
 * investors, the option pool, recorded by staff). Shares and percentages are decimal strings.
 *
 * Percentages are computed exactly (BigInt) and shown to 2 decimals; the displayed figures of a column are
 * reconciled by the largest-remainder rule, so each column adds up to exactly 100.00 and every figure is
 * within 0.01 of its exact value.
 */

/** `shares` are issued share capital; `options` (options, warrants, the unallocated pool) count only fully diluted. */
export const CAP_TABLE_CLASS_KINDS = ['shares', 'options'] as const;
export type CapTableClassKind = (typeof CAP_TABLE_CLASS_KINDS)[number];
export const CAP_TABLE_CLASS_KIND_LABELS: Record<CapTableClassKind, string> = {
  shares: 'Issued shares',
  options: 'Options / warrants (not issued)',
};

/** Who an off-platform holder is. */
export const CAP_TABLE_HOLDER_KINDS = ['founder', 'investor', 'employee', 'option_pool', 'other'] as const;
export type CapTableHolderKind = (typeof CAP_TABLE_HOLDER_KINDS)[number];
export const CAP_TABLE_HOLDER_KIND_LABELS: Record<CapTableHolderKind | 'platform', string> = {
  platform: 'Platform investor',
  founder: 'Founder',
  investor: 'Other investor',
  employee: 'Employee',
  option_pool: 'Option pool',
  other: 'Other',
};

const SHARES_MESSAGE = 'The :attribute field must be a number of shares with up to 6 decimals, e.g. 1500.';

/** A number of shares held, more than zero. */
const holderSharesSchema = z
  .string({ error: SHARES_MESSAGE })
  .trim()
  .regex(/^\d{1,14}(\.\d{1,6})?$/, { error: SHARES_MESSAGE })
  .refine((value) => /[1-9]/.test(value), { error: 'The :attribute field must be more than zero.' });

const className = z
  .string({ error: 'The share class name field is required.' })
  .trim()
  .min(1, { error: 'The share class name field is required.' })
  .max(100, { error: 'The share class name must not be longer than 100 characters.' });

const holderName = z
  .string({ error: 'The holder name field is required.' })
  .trim()
  .min(1, { error: 'The holder name field is required.' })
  .max(200, { error: 'The holder name must not be longer than 200 characters.' });

/** A share class of the company. */
export const capTableClassSchema = z
  .object({
    /** null for a class only seen in the platform's allotments (not recorded: ordinary, carries the right) */
    id: idSchema.nullable(),
    name: z.string(),
    kind: z.enum(CAP_TABLE_CLASS_KINDS),
    /** carries statutory pre-emption (Companies Act 2006 s.561): counts in every entitlement */
    pre_emptive: z.boolean(),
    shares: z.string(),
    /** held through the platform */
    platform_shares: z.string(),
    /** of the issued shares; null for options */
    percent_of_company: z.string().nullable(),
    percent_fully_diluted: z.string(),
  })
  .meta({ id: 'CapTableClass' });
export type CapTableClass = z.infer<typeof capTableClassSchema>;

/** One holder's line in one class, with its figures at the latest price. */
export const capTableHolderSchema = z
  .object({
    /** "platform:{userId}:{class}" or "holder:{id}": unique in the table */
    key: z.string(),
    source: z.enum(['platform', 'off_platform']),
    /** the off-platform holder's id (to edit or remove it); null for a platform investor */
    holder_id: idSchema.nullable(),
    /** the platform investor; null off the platform */
    investor: z.object({ id: idSchema, name: z.string() }).nullable(),
    name: z.string(),
    kind: z.enum(['platform', ...CAP_TABLE_HOLDER_KINDS]),
    kind_label: z.string(),
    share_class: z.string(),
    class_id: idSchema.nullable(),
    shares: z.string(),
    /** 2 decimals ("12.50" is 12.5%), reconciled to add up to 100.00 within the class */
    percent_of_class: z.string(),
    /** of all issued shares; null for options (not issued) */
    percent_of_company: z.string().nullable(),
    percent_fully_diluted: z.string(),
    /** money put in through the platform; null off the platform (not known) */
    invested: z.string().nullable(),
    value: z.string().nullable(),
    /** the value at each price of `prices`, in the same order */
    values: z.array(z.string()),
    realised: z.string().nullable(),
    moic: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'CapTableHolder' });
export type CapTableHolder = z.infer<typeof capTableHolderSchema>;

/** GET /api/existing-investments/{id}/cap-table: the Cap Table and Cap Table Performance. */
export const capTableSchema = z
  .object({
    currency: z.string(),
    /** the latest price on or before today (else the round's), and its date (null: the round's) */
    price: z.string().nullable(),
    price_date: z.string().nullable(),
    /** the share-price history, oldest first; every holder's `values` follow it */
    prices: z.array(
      z.object({ effective_on: z.string(), price: z.string(), kind: z.enum(SHARE_PRICE_KINDS) }),
    ),
    classes: z.array(capTableClassSchema),
    holders: z.array(capTableHolderSchema),
    totals: z.object({
      issued_shares: z.string(),
      fully_diluted_shares: z.string(),
      /** issued shares of the classes that carry pre-emption: the denominator of every entitlement */
      pre_emptive_shares: z.string(),
      platform_shares: z.string(),
      percent_of_company: z.string(),
      percent_fully_diluted: z.string(),
      invested: z.string(),
      /** every issued share at the latest price (the company's equity value at that price) */
      value: z.string().nullable(),
      /** the same at each price of `prices` */
      values: z.array(z.string()),
    }),
  })
  .meta({ id: 'CapTable' });
export type CapTable = z.infer<typeof capTableSchema>;

/** Add a share class. */
export const capTableClassInputSchema = z.object({
  name: className,
  kind: z
    .enum(CAP_TABLE_CLASS_KINDS, { error: 'Choose whether the class is issued shares or options.' })
    .default('shares'),
  /** ordinary shares carry it by default; options never do */
  pre_emptive: z.boolean().optional(),
});
export type CapTableClassInput = z.input<typeof capTableClassInputSchema>;

export const capTableClassUpdateSchema = z
  .object({
    name: className.optional(),
    kind: z
      .enum(CAP_TABLE_CLASS_KINDS, { error: 'Choose whether the class is issued shares or options.' })
      .optional(),
    pre_emptive: z.boolean().optional(),
  })
  .meta({ id: 'CapTableClassUpdate' });
export type CapTableClassUpdate = z.input<typeof capTableClassUpdateSchema>;

/** Add an off-platform holder to one of the company's recorded classes. */
export const capTableHolderInputSchema = z.object({
  class_id: idSchema,
  name: holderName,
  kind: z.enum(CAP_TABLE_HOLDER_KINDS, { error: 'Choose the kind of holder.' }),
  shares: holderSharesSchema,
  note: optionalText(1000),
});
export type CapTableHolderInput = z.input<typeof capTableHolderInputSchema>;

export const capTableHolderUpdateSchema = z
  .object({
    class_id: idSchema.optional(),
    name: holderName.optional(),
    kind: z.enum(CAP_TABLE_HOLDER_KINDS, { error: 'Choose the kind of holder.' }).optional(),
    shares: holderSharesSchema.optional(),
    note: optionalText(1000),
  })
  .meta({ id: 'CapTableHolderUpdate' });
export type CapTableHolderUpdate = z.input<typeof capTableHolderUpdateSchema>;

/** The headings an import reads (case-insensitive); `Pre-emption` is optional (yes/no, default by kind). */
export const CAP_TABLE_IMPORT_COLUMNS = [
  'Class',
  'Class kind',
  'Pre-emption',
  'Holder',
  'Holder kind',
  'Shares',
  'Note',
] as const;

/** POST /api/existing-investments/{id}/cap-table/import: what was written. */
export const capTableImportResultSchema = z
  .object({
    classes_added: z.number().int(),
    holders_added: z.number().int(),
    holders_updated: z.number().int(),
  })
  .meta({ id: 'CapTableImportResult' });
export type CapTableImportResult = z.infer<typeof capTableImportResultSchema>;
