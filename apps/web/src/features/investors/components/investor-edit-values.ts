import type { Investor, UpdateInvestorInput } from '@portico/contracts';
import { ADDRESS_FIELDS } from '../../../components/form/address-fields';

export const PERSONAL_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
  'nationality',
] as const;
export const TAX_FIELDS = ['ni_number', 'utr'] as const;
export const BANK_FIELDS = [
  'bank_account_name',
  'bank_sort_code',
  'bank_account_number',
  'bank_iban',
  'bank_swift',
] as const;
const TEXT_FIELDS = [...PERSONAL_FIELDS, ...ADDRESS_FIELDS, 'source', ...TAX_FIELDS, ...BANK_FIELDS] as const;
const ID_FIELDS = ['lead_status_id', 'owner_id', 'adviser_id'] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type IdField = (typeof ID_FIELDS)[number];

export type EditValues = Record<TextField, string> &
  Record<IdField, string | null> & { client_type: string | null } & Record<string, unknown>;

/** The form's values from the investor as the server holds them. */
export function editValuesOf(investor: Investor): EditValues {
  const values: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) values[field] = investor[field] ?? '';
  values.client_type = investor.client_type;
  values.lead_status_id = investor.lead_status ? String(investor.lead_status.id) : null;
  values.owner_id = investor.owner ? String(investor.owner.id) : null;
  values.adviser_id = investor.adviser ? String(investor.adviser.id) : null;
  return values as EditValues;
}

/**
 * Only what changed, as PATCH /api/investors/{id} takes it: an emptied field is sent as "" (the server
 * clears it), a select as its id or null. Fields the form does not show are never sent.
 */
export function changesOf(
  values: EditValues,
  initial: EditValues,
  shown: ReadonlySet<string>,
): UpdateInvestorInput {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    if (shown.has(field) && values[field] !== initial[field]) changes[field] = values[field].trim();
  }
  for (const field of ID_FIELDS) {
    if (values[field] !== initial[field]) changes[field] = values[field] ? Number(values[field]) : null;
  }
  if (values.client_type !== initial.client_type) changes.client_type = values.client_type ?? null;
  // The schema checks every value before it is sent; this is its input shape.
  return changes;
}
