import { useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../../lib/records/record-keys';
import { investorKeys } from '../../investors/api/investor-keys';

const investor = (id: number) => recordKeys.record({ type: 'investor', id });

/**
 * Query keys of the investor compliance tabs. They hang off the investor's record tree, so a change can
 * refresh the tab, the activity timeline and the documents together.
 */
export const complianceKeys = {
  categorisations: (id: number) => [...investor(id), 'categorisations'] as const,
  consents: (id: number) => [...investor(id), 'consents'] as const,
  onboarding: (id: number) => [...investor(id), 'onboarding-documents'] as const,
  signatureRequests: (id: number) => [...investor(id), 'signature-requests'] as const,
  signatureRequest: (id: number, requestId: number) =>
    [...complianceKeys.signatureRequests(id), requestId] as const,
  requirements: ['onboarding-requirements'] as const,
};

/**
 * After a compliance change: the investor's whole record tree (the tab, activity, documents) and the
 * investor (their category and onboarding state show in the header and the list).
 */
export function useRefreshInvestor() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: investor(id) }),
      queryClient.invalidateQueries({ queryKey: investorKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: investorKeys.lists() }),
    ]);
}
