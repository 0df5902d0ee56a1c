import { ORGANISATION_TYPE_LABELS, type OrganisationApplication } from '@portico/contracts';

/** The organisation asked about: the one to join, or the one proposed. */
export function targetName(application: OrganisationApplication): string {
  return application.organisation?.name ?? application.proposed_name ?? 'an organisation';
}

/** "Join Acme Ltd", "New organisation: Carter Family Trust (Trust)" */
export function requestSummary(application: OrganisationApplication): string {
  if (application.kind === 'join') return `Join ${targetName(application)}`;
  const type = application.proposed_type ? ` (${ORGANISATION_TYPE_LABELS[application.proposed_type]})` : '';
  return `New organisation: ${application.proposed_name ?? targetName(application)}${type}`;
}
