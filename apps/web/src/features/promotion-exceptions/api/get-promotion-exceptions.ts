import { dataOf, promotionExceptionSchema } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { promotionExceptionKeys } from './promotion-exception-keys';

const response = dataOf(z.array(promotionExceptionSchema));

/** GET /api/investors/{id}/promotion-exceptions (investors:show): current and past, latest effective first. */
export async function getPromotionExceptions(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/investors/${id}/promotion-exceptions`, response, { signal })).data;
}

export function usePromotionExceptions(id: number) {
  return useQuery({
    queryKey: promotionExceptionKeys.ofInvestor(id),
    queryFn: ({ signal }) => getPromotionExceptions(id, signal),
  });
}
