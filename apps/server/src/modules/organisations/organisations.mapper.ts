import type { Organisation, OrganisationApplication, OrganisationMember } from '@portico/contracts';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { ApplicationRow } from './organisation-applications.repository';
import type { MemberRow, OrganisationWithCount } from './organisations.repository';

export function toOrganisation(row: OrganisationWithCount): Organisation {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    registration_number: row.registration_number,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    members_count: row.members_count,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

export function toMember(row: MemberRow): OrganisationMember {
  return {
    id: row.link.id,
    organisation_id: row.link.organisation_id,
    investor: row.investor,
    role: row.link.role,
    created_at: toApiTimestamp(row.link.created_at),
  };
}

/** Investors see their own applications, without the name of the staff member who decided. */
export function toApplication(row: ApplicationRow, forInvestor = false): OrganisationApplication {
  const { application } = row;
  return {
    id: application.id,
    kind: application.proposed_name ? 'create' : 'join',
    investor: row.investor,
    organisation: row.organisation?.id ? row.organisation : null,
    proposed_name: application.proposed_name,
    proposed_type: application.proposed_type,
    registration_number: application.registration_number,
    role: application.role,
    message: application.message,
    status: application.status,
    reason: application.reason,
    reviewed_by: !forInvestor && row.reviewer?.id ? row.reviewer : null,
    reviewed_at: toApiTimestampOrNull(application.reviewed_at),
    created_at: toApiTimestamp(application.created_at),
    updated_at: toApiTimestamp(application.updated_at),
  };
}
