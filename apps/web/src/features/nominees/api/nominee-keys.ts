import type { NomineeColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { NomineeFilters } from './nominee-list-params';

export type NomineeListParams = RecordListParams<NomineeFilters, NomineeColumnKey>;

export interface ClientListParams {
  search: string;
  page: number;
}

export const nomineeKeys = {
  all: ['nominees'] as const,
  lists: () => [...nomineeKeys.all, 'list'] as const,
  list: (params: NomineeListParams) => [...nomineeKeys.lists(), params] as const,
  details: () => [...nomineeKeys.all, 'detail'] as const,
  detail: (id: number) => [...nomineeKeys.details(), id] as const,
  clients: (id: number) => [...nomineeKeys.all, 'clients', id] as const,
  clientList: (id: number, params: ClientListParams) => [...nomineeKeys.clients(id), params] as const,
};
