import {
  ENTITY_STATUS_LABELS,
  ENTITY_STATUSES,
  INVESTMENT_METHOD_TYPE_LABELS,
  INVESTMENT_METHOD_TYPES,
  type EntityStatus,
} from '@portico/contracts';

export const INVESTMENT_METHOD_TYPE_OPTIONS = INVESTMENT_METHOD_TYPES.map((value) => ({
  value,
  label: INVESTMENT_METHOD_TYPE_LABELS[value],
}));

export const ENTITY_STATUS_OPTIONS = ENTITY_STATUSES.map((value) => ({
  value,
  label: ENTITY_STATUS_LABELS[value],
}));

export const ENTITY_STATUS_COLOURS: Record<EntityStatus, string> = {
  pending: 'yellow',
  active: 'success',
  closed: 'gray',
};

export const HOLDER_OPTIONS = [
  { value: 'investor', label: 'Investors' },
  { value: 'contact', label: 'Contacts' },
];
