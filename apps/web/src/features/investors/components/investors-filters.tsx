import { Select } from '@mantine/core';
import {
  CATEGORY_TERMS,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  INVESTOR_CATEGORIES,
  ONBOARDING_STATE_LABELS,
  ONBOARDING_STATES,
} from '@portico/contracts';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useTerminology } from '../../../lib/terminology';
import { useLeadStatusOptions } from '../../lead-statuses/api/get-lead-statuses';
import { useOrganisationOptions } from '../api/get-organisation-options';
import type { INVESTOR_FILTER_KEYS, InvestorListKey } from '../api/investor-list-params';

type FilterKey = (typeof INVESTOR_FILTER_KEYS)[number];

interface InvestorsFiltersProps {
  values: Record<InvestorListKey, string>;
  onChange: (changes: Partial<Record<FilterKey, string | null>>) => void;
}

const CLIENT_TYPE_OPTIONS = CLIENT_TYPES.map((value) => ({ value, label: CLIENT_TYPE_LABELS[value] }));
const ONBOARDING_OPTIONS = ONBOARDING_STATES.map((value) => ({
  value,
  label: ONBOARDING_STATE_LABELS[value],
}));
const TEST_OPTIONS = [
  { value: 'passed', label: 'Passed' },
  { value: 'not_passed', label: 'Not passed' },
];
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'deactivated', label: 'Deactivated' },
];

/** The investors list's filter panel (issue 4): each filter is a parameter of the address. */
export function InvestorsFilters({ values, onChange }: InvestorsFiltersProps) {
  const terminology = useTerminology();
  const leadStatuses = useLeadStatusOptions();
  const organisations = useOrganisationOptions();
  const staff = useStaffOptions();

  const select = (
    key: FilterKey,
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
      {select('lead_status', 'Lead status', leadStatuses.options, 'Any lead status')}
      {select('client_type', 'Client type', CLIENT_TYPE_OPTIONS, 'Any client type')}
      {select(
        'category',
        'Category',
        INVESTOR_CATEGORIES.map((value) => ({ value, label: terminology[CATEGORY_TERMS[value]] })),
        'Any category',
      )}
      {select('test', 'Appropriateness test', TEST_OPTIONS, 'Passed or not')}
      {select('onboarding', 'Onboarding', ONBOARDING_OPTIONS, 'Any stage')}
      {organisations.available &&
        select('organisation', 'Organisation', organisations.options, 'Any organisation')}
      {select('owner', 'Owner', staff.options, 'Anyone')}
      {select('status', 'Account', STATUS_OPTIONS, 'Any account state')}
      <DateRangeFilter
        label="Registered between"
        value={values.registered}
        onChange={(value) => onChange({ registered: value })}
      />
    </>
  );
}
