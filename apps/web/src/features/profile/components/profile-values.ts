import type { Profile, UpdateProfileInput } from '@portico/contracts';

export const PERSONAL_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
] as const;
export const ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'city', 'postcode', 'country'] as const;
export const TAX_FIELDS = ['ni_number', 'utr'] as const;
export const UK_BANK_FIELDS = ['bank_account_name', 'bank_sort_code', 'bank_account_number'] as const;
export const INTL_BANK_FIELDS = ['bank_iban', 'bank_swift'] as const;
export const TRADING_FIELDS = ['trading_name', 'company_number'] as const;
const TEXT_FIELDS = [
  ...PERSONAL_FIELDS,
  'nationality',
  ...ADDRESS_FIELDS,
  ...TAX_FIELDS,
  ...UK_BANK_FIELDS,
  ...INTL_BANK_FIELDS,
  ...TRADING_FIELDS,
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type ProfileValues = Record<TextField, string> & { client_type: string | null } & Record<
    string,
    unknown
  >;

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/**
 * The form's values from the profile. A nationality written before the country list (free text such
 * as "British") starts empty, so the picker offers a country; it is only sent if one is chosen.
 */
export function profileValuesOf(profile: Profile): ProfileValues {
  const values: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) values[field] = profile[field] ?? '';
  if (profile.nationality && !COUNTRY_CODE.test(profile.nationality)) values.nationality = '';
  values.client_type = profile.client_type;
  return values as ProfileValues;
}

/**
 * Only what changed among the fields the form shows, as PATCH /api/profile takes it: an emptied field
 * is sent as "" (the server clears it). The email is sent as typed; the server keeps it pending.
 */
export function profileChangesOf(
  values: ProfileValues,
  initial: ProfileValues,
  shown: ReadonlySet<string>,
): UpdateProfileInput {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS)
    if (shown.has(field) && values[field].trim() !== initial[field].trim())
      changes[field] = values[field].trim();
  if (shown.has('client_type') && values.client_type !== initial.client_type)
    changes.client_type = values.client_type ?? null;
  return changes;
}
