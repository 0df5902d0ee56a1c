/**
 * The opportunity queries a move or an invitation changes. `opportunities` is the root of the
 * opportunities feature's keys (list and detail), refreshed whole after a move.
 */
export const lifecycleKeys = {
  opportunities: ['opportunities'] as const,
  invitations: (opportunityId: number) => ['opportunity-invitations', opportunityId] as const,
};
