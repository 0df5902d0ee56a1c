/** Query keys of identity screening and the onboarding checklist. */
export const identityKeys = {
  all: ['identity'] as const,
  mine: () => [...identityKeys.all, 'mine'] as const,
  onboarding: () => [...identityKeys.all, 'onboarding'] as const,
  investor: (id: number) => [...identityKeys.all, 'investor', id] as const,
  investorOnboarding: (id: number) => [...identityKeys.all, 'investor', id, 'onboarding'] as const,
};
