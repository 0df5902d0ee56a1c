export const investingKeys = {
  all: ['investing'] as const,
  liveOpportunities: () => [...investingKeys.all, 'live-opportunities'] as const,
  bySlug: (slug: string) => [...investingKeys.all, 'by-slug', slug] as const,
  myInvestments: () => [...investingKeys.all, 'my-investments'] as const,
  investing: (opportunityId: number) => [...investingKeys.all, 'investing', opportunityId] as const,
  preEmption: () => [...investingKeys.all, 'pre-emption'] as const,
};
