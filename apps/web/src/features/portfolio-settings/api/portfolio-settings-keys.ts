export const portfolioSettingsKeys = {
  all: ['portfolio-settings'] as const,
  columns: () => [...portfolioSettingsKeys.all, 'columns'] as const,
  column: (id: number) => [...portfolioSettingsKeys.all, 'columns', id] as const,
  stats: () => [...portfolioSettingsKeys.all, 'stats'] as const,
};
