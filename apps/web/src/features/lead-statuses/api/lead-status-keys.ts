export const leadStatusKeys = {
  all: ['lead-statuses'] as const,
};
