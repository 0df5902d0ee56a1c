import { dataOf, profilePromotionExemptionSchema } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionExceptionKeys } from './promotion-exception-keys';

const response = dataOf(profilePromotionExemptionSchema);

/** GET /api/profile/promotion-exemption: whether the investor is kept from live opportunities for want of one. */
export async function getMyPromotionExemption(signal?: AbortSignal) {
  return (await api.get('/api/profile/promotion-exemption', response, { signal })).data;
}

export function useMyPromotionExemption(enabled: boolean) {
  return useQuery({
    queryKey: promotionExceptionKeys.mine,
    queryFn: ({ signal }) => getMyPromotionExemption(signal),
    enabled,
  });
}
