export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  detail: (id: number) => [...importKeys.all, 'detail', id] as const,
  preview: (id: number) => [...importKeys.all, 'preview', id] as const,
};
