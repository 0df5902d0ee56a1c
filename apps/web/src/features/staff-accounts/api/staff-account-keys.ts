import type { StaffAccountListParams } from './get-staff-accounts';

export const staffAccountKeys = {
  all: ['staff-accounts'] as const,
  lists: () => [...staffAccountKeys.all, 'list'] as const,
  list: (params: StaffAccountListParams) => [...staffAccountKeys.lists(), params] as const,
};
