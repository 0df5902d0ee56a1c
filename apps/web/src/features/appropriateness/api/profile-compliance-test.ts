import {
  complianceResultSchema,
  dataOf,
  profileComplianceTestSchema,
  type ComplianceAnswersInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchCurrentUser, setSession } from '../../../lib/session';
import { appropriatenessKeys } from './appropriateness-keys';

const state = dataOf(profileComplianceTestSchema);
const result = dataOf(complianceResultSchema);

/** GET /api/profile/compliance-test: where the signed-in investor stands, and the questions to answer. */
export function useMyComplianceTest() {
  return useQuery({
    queryKey: appropriatenessKeys.mine,
    queryFn: async ({ signal }) => (await api.get('/api/profile/compliance-test', state, { signal })).data,
  });
}

/**
 * POST /api/compliance-tests: the server scores the answers. Afterwards the state is read again, and the
 * session user too (GET /api/user reports compliance_passed and compliance_tries as they stand).
 */
export function useSubmitComplianceTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: ComplianceAnswersInput['answers']) =>
      (await api.post('/api/compliance-tests', { answers }, result)).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: appropriatenessKeys.mine });
      try {
        setSession(queryClient, { status: 'authenticated', user: await fetchCurrentUser() });
      } catch {
        // The session is read again on the next page load; the result is already shown.
      }
    },
  });
}
