import { z } from 'zod';

/**
 * Bank details, one shape wherever they are kept: an investor's own account (crm/investors.ts) and the
 * account investors pay into for an opportunity (investments/transactions-api.ts).
 */

/** As answered; each is null when unknown or hidden ("hide bank details in admin"). */
export const bankDetailsFieldsShape = {
  bank_account_name: z.string().nullable(),
  bank_sort_code: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  bank_iban: z.string().nullable(),
  bank_swift: z.string().nullable(),
};

/** `count` digits, spaces and dashes allowed; empty clears it. */
const digits = (count: number, what: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z.string().regex(new RegExp(`^(\\d{${count}})?$`), {
        error: `The :attribute field must be ${count} digits (${what}).`,
      }),
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** As sent in a change; an empty field clears it. */
export const bankDetailsInputShape = {
  bank_account_name: z
    .string()
    .trim()
    .max(100)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  bank_sort_code: digits(6, 'a sort code'),
  bank_account_number: digits(8, 'an account number'),
  bank_iban: z
    .string()
    .trim()
    .toUpperCase()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^([A-Z]{2}\d{2}[A-Z0-9]{11,30})?$/, { error: 'The :attribute field must be an IBAN.' }),
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  bank_swift: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(
      z.string().regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, {
        error: 'The :attribute field must be a SWIFT/BIC code.',
      }),
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
};
