import { investmentMethodEntityListSchema, listQueryString } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investmentMethodKeys, type EntityListParams } from './investment-method-keys';

export const ENTITIES_PER_PAGE = 10;

/** GET /api/investment-methods/{id}/entities (investors:show): investors' and contacts' accounts. */
export function getMethodEntities(id: number, params: EntityListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { search: params.search || undefined, status: params.status, holder: params.holder },
    sort: 'name',
    page: params.page,
    per_page: ENTITIES_PER_PAGE,
  });
  return api.get(`/api/investment-methods/${id}/entities?${query}`, investmentMethodEntityListSchema, {
    signal,
  });
}

export const methodEntitiesQueryOptions = (id: number, params: EntityListParams) =>
  queryOptions({
    queryKey: investmentMethodKeys.entityList(id, params),
    queryFn: ({ signal }) => getMethodEntities(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useMethodEntities(id: number, params: EntityListParams) {
  return useQuery(methodEntitiesQueryOptions(id, params));
}
