import { Select } from '@mantine/core';
import {
  CATEGORY_TERMS,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  CONTACT_STATE_LABELS,
  CONTACT_STATES,
  INVESTOR_CATEGORIES,
} from '@portico/contracts';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useTerminology } from '../../../lib/terminology';
import { useLeadStatusOptions } from '../../lead-statuses/api/get-lead-statuses';
import type { ContactFilterKey, ContactListKey } from '../api/contact-list-params';

interface ContactsFiltersProps {
  values: Record<ContactListKey, string>;
  onChange: (changes: Partial<Record<ContactFilterKey, string | null>>) => void;
}

const STATE_OPTIONS = CONTACT_STATES.map((state) => ({
  value: String(state),
  label: CONTACT_STATE_LABELS[state],
}));
const CLIENT_TYPE_OPTIONS = CLIENT_TYPES.map((value) => ({ value, label: CLIENT_TYPE_LABELS[value] }));

/** The contacts list's filter panel (contactsListQuery): each filter is a parameter of the address. */
export function ContactsFilters({ values, onChange }: ContactsFiltersProps) {
  const terminology = useTerminology();
  const leadStatuses = useLeadStatusOptions();
  const staff = useStaffOptions();

  const select = (
    key: ContactFilterKey,
    label: string,
    data: Array<{ value: string; label: string }>,
    placeholder: string,
  ) => (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={values[key] || null}
      onChange={(value) => onChange({ [key]: value })}
      clearable
      searchable={data.length > 8}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <>
      {select('state', 'State', STATE_OPTIONS, 'Any state')}
      {select('lead_status', 'Lead status', leadStatuses.options, 'Any lead status')}
      {select('client_type', 'Client type', CLIENT_TYPE_OPTIONS, 'Any client type')}
      {select(
        'category',
        'Category',
        INVESTOR_CATEGORIES.map((value) => ({ value, label: terminology[CATEGORY_TERMS[value]] })),
        'Any category',
      )}
      {select('owner', 'Owner', staff.options, 'Anyone')}
      <DateRangeFilter
        label="Added between"
        value={values.created}
        onChange={(value) => onChange({ created: value })}
      />
    </>
  );
}
