import type { EntityListParams } from './get-method-entities';
import type { InvestmentMethodListParams } from './get-investment-methods';

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
