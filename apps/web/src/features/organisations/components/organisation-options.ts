import {
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  ORGANISATION_TYPE_LABELS,
  ORGANISATION_TYPES,
} from '@portico/contracts';

export const ORGANISATION_TYPE_OPTIONS = ORGANISATION_TYPES.map((value) => ({
  value,
  label: ORGANISATION_TYPE_LABELS[value],
}));

/** What an investor is to an organisation. */
export const ORGANISATION_ROLE_OPTIONS = ORGANISATION_ROLES.map((value) => ({
  value,
  label: ORGANISATION_ROLE_LABELS[value],
}));
