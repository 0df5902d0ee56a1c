import type { StaffStatus } from '@portico/contracts';

export interface StaffAccountListParams {
  search: string;
  roleId: number | undefined;
  status: StaffStatus | undefined;
  sort: string;
  page: number;
}

export const staffAccountKeys = {
  all: ['staff-accounts'] as const,
  lists: () => [...staffAccountKeys.all, 'list'] as const,
  list: (params: StaffAccountListParams) => [...staffAccountKeys.lists(), params] as const,
};
