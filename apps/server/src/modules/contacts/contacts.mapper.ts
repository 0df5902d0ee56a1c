import { CONTACT_STATE, CONTACT_STATES, type Contact, type ContactState } from '@portico/contracts';
import { toApiTimestamp } from '../../platform/time';
import type { ContactJoinedRow } from './contacts.repository';

/** The column is a smallint; anything outside 1–3 would be a bug elsewhere, shown as active. */
const stateOf = (value: number): ContactState =>
  (CONTACT_STATES as readonly number[]).includes(value) ? (value as ContactState) : CONTACT_STATE.ACTIVE;

export function toContact(row: ContactJoinedRow): Contact {
  const { contact } = row;
  return {
    id: contact.id,
    name: contact.name,
    first_name: contact.first_name,
    last_name: contact.last_name,
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    job_title: contact.job_title,
    state: stateOf(contact.state),
    lead_status: row.lead_status?.id ? row.lead_status : null,
    client_type: contact.client_type,
    owner: row.owner?.id ? row.owner : null,
    source: contact.source,
    address_line_1: contact.address_line_1,
    address_line_2: contact.address_line_2,
    city: contact.city,
    postcode: contact.postcode,
    country: contact.country,
    category: contact.category,
    user_id: contact.user_id,
    investor: row.investor?.id ? row.investor : null,
    created_at: toApiTimestamp(contact.created_at),
    updated_at: toApiTimestamp(contact.updated_at),
  };
}
