import type { EntityHolderType, EntityStatus } from '@portico/contracts';
import type { InvestmentMethodColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { InvestmentMethodFilters } from './investment-method-list-params';

export type InvestmentMethodListParams = RecordListParams<InvestmentMethodFilters, InvestmentMethodColumnKey>;

export interface EntityListParams {
  search: string;
  status: EntityStatus | undefined;
  holder: EntityHolderType | undefined;
  page: number;
}

export const investmentMethodKeys = {
  all: ['investment-methods'] as const,
  lists: () => [...investmentMethodKeys.all, 'list'] as const,
  list: (params: InvestmentMethodListParams) => [...investmentMethodKeys.lists(), params] as const,
  details: () => [...investmentMethodKeys.all, 'detail'] as const,
  detail: (id: number) => [...investmentMethodKeys.details(), id] as const,
  entities: (id: number) => [...investmentMethodKeys.all, 'entities', id] as const,
  entityList: (id: number, params: EntityListParams) =>
    [...investmentMethodKeys.entities(id), params] as const,
};
