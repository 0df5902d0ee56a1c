import { Select, SimpleGrid } from '@mantine/core';
import { SearchInput } from '../../../components/data-table/search-input';
import { useStaffRoleOptions } from './staff-role-select';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
  { value: 'deactivated', label: 'Deactivated' },
];

interface StaffAccountsFiltersProps {
  search: string;
  role: string;
  status: string;
  onChange: (changes: { search?: string; role?: string | null; status?: string | null }) => void;
}

export function StaffAccountsFilters({ search, role, status, onChange }: StaffAccountsFiltersProps) {
  const roleOptions = useStaffRoleOptions();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="md">
      <SearchInput
        label="Search"
        placeholder="Name or email"
        value={search}
        onChange={(value) => onChange({ search: value })}
      />
      <Select
        label="Role"
        placeholder="All roles"
        data={roleOptions}
        value={role || null}
        onChange={(value) => onChange({ role: value })}
        clearable
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={status || null}
        onChange={(value) => onChange({ status: value })}
        clearable
      />
    </SimpleGrid>
  );
}
