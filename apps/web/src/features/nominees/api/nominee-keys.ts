import type { ClientListParams } from './get-nominee-clients';
import type { NomineeListParams } from './get-nominees';

export const nomineeKeys = {
  all: ['nominees'] as const,
  lists: () => [...nomineeKeys.all, 'list'] as const,
  list: (params: NomineeListParams) => [...nomineeKeys.lists(), params] as const,
  details: () => [...nomineeKeys.all, 'detail'] as const,
  detail: (id: number) => [...nomineeKeys.details(), id] as const,
  clients: (id: number) => [...nomineeKeys.all, 'clients', id] as const,
  clientList: (id: number, params: ClientListParams) => [...nomineeKeys.clients(id), params] as const,
};
