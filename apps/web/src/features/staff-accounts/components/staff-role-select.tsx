import { Select, type SelectProps } from '@mantine/core';
import { STAFF_ROLE_IDS } from '@portico/contracts/constants';
import { useMemo } from 'react';
import { useRoleName } from '../../../lib/terminology';

/** The staff roles (never the investor role), by the names this deployment gives them. */
export function useStaffRoleOptions() {
  const roleName = useRoleName();
  return useMemo(() => STAFF_ROLE_IDS.map((id) => ({ value: String(id), label: roleName(id) })), [roleName]);
}

/** A select of the staff roles. */
export function StaffRoleSelect(props: Omit<SelectProps, 'data'>) {
  const options = useStaffRoleOptions();
  return <Select data={options} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...props} />;
}
