import type { Contact, CreateContactInput, UpdateContactInput } from '@portico/contracts';
import { ADDRESS_FIELDS } from '../../../components/form/address-fields';

export const PERSON_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'company', 'job_title'] as const;
const TEXT_FIELDS = [...PERSON_FIELDS, ...ADDRESS_FIELDS, 'source'] as const;
const ID_FIELDS = ['lead_status_id', 'owner_id'] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type IdField = (typeof ID_FIELDS)[number];

/** The form's values: text as typed, selects as their option's string ('' or null for none). */
export type ContactValues = Record<TextField, string> &
  Record<IdField, string | null> & { client_type: string | null; state: string } & Record<string, unknown>;

/** A blank form for a new contact, looked after by `ownerId`. */
export function newContactValues(ownerId: number): ContactValues {
  const values: Record<string, unknown> = Object.fromEntries(TEXT_FIELDS.map((field) => [field, '']));
  return {
    ...values,
    state: '1',
    client_type: null,
    lead_status_id: null,
    owner_id: String(ownerId),
  } as ContactValues;
}

/** The form's values from the contact as the server holds it. */
export function contactValuesOf(contact: Contact): ContactValues {
  const values: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) values[field] = contact[field] ?? '';
  values.state = String(contact.state);
  values.client_type = contact.client_type;
  values.lead_status_id = contact.lead_status ? String(contact.lead_status.id) : null;
  values.owner_id = contact.owner ? String(contact.owner.id) : null;
  return values as ContactValues;
}

const idOrNull = (value: string | null) => (value ? Number(value) : null);

/** What POST /api/contacts takes: empty optional fields left out, selects as ids. */
export function createPayloadOf(values: ContactValues): CreateContactInput {
  const payload: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const text = values[field].trim();
    if (text !== '' || field === 'first_name' || field === 'last_name') payload[field] = text;
  }
  payload.state = Number(values.state);
  if (values.client_type) payload.client_type = values.client_type;
  for (const field of ID_FIELDS) if (values[field]) payload[field] = idOrNull(values[field]);
  // The schema checks every value before it is sent; this is its input shape.
  return payload as CreateContactInput;
}

/**
 * Only what changed, as PATCH /api/contacts/{id} takes it: an emptied field is sent as "" (the server
 * clears it), a select as its id or null.
 */
export function changesOf(values: ContactValues, initial: ContactValues): UpdateContactInput {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS)
    if (values[field] !== initial[field]) changes[field] = values[field].trim();
  for (const field of ID_FIELDS)
    if (values[field] !== initial[field]) changes[field] = idOrNull(values[field]);
  if (values.client_type !== initial.client_type) changes.client_type = values.client_type ?? null;
  if (values.state !== initial.state) changes.state = Number(values.state);
  return changes;
}
