export const overviewKeys = {
  all: ['overview'] as const,
  stats: () => [...overviewKeys.all, 'stats'] as const,
};
