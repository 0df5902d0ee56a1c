import type { ClassificationKind } from '@portico/contracts';

export const attributeKeys = {
  all: ['attributes'] as const,
  list: (kind: ClassificationKind, parentId?: number) =>
    [...attributeKeys.all, 'list', kind, parentId ?? null] as const,
  lists: (kind: ClassificationKind) => [...attributeKeys.all, 'list', kind] as const,
  kpis: () => [...attributeKeys.all, 'kpis'] as const,
  custom: () => [...attributeKeys.all, 'custom'] as const,
  customOne: (id: number) => [...attributeKeys.all, 'custom', id] as const,
};
