import { complianceAttemptSchema } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { appropriatenessKeys } from './appropriateness-keys';

const list = dataListOf(complianceAttemptSchema);

/** GET /api/investors/{id}/compliance-tests (investors:show): every attempt, newest first. */
export function useInvestorComplianceTests(investorId: number) {
  return useQuery({
    queryKey: appropriatenessKeys.attempts(investorId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/investors/${investorId}/compliance-tests`, list, { signal })).data,
  });
}
