export const overviewKeys = {
  all: ['overview'] as const,
  stats: () => [...overviewKeys.all, 'stats'] as const,
  money: () => [...overviewKeys.all, 'money'] as const,
  onboarding: () => [...overviewKeys.all, 'onboarding'] as const,
  activity: () => [...overviewKeys.all, 'activity'] as const,
};
