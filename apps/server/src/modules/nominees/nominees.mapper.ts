import type { Nominee, NomineeClient } from '@portico/contracts';
import { toApiTimestamp } from '../../platform/time';
import type { ClientRow, NomineeWithCount } from './nominees.repository';

export function toNominee(row: NomineeWithCount): Nominee {
  return {
    id: row.id,
    name: row.name,
    company_number: row.company_number,
    fca_number: row.fca_number,
    email: row.email,
    phone: row.phone,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    clients_count: row.clients_count,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

export function toClient(row: ClientRow): NomineeClient {
  return {
    id: row.client.id,
    nominee_id: row.client.nominee_id,
    investor: row.investor,
    designation: row.client.designation,
    created_at: toApiTimestamp(row.client.created_at),
  };
}
