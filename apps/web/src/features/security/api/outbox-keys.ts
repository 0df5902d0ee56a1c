export interface OutboxListParams {
  to: string;
  page: number;
}

export const outboxKeys = {
  all: ['mail-outbox'] as const,
  lists: () => [...outboxKeys.all, 'list'] as const,
  list: (params: OutboxListParams) => [...outboxKeys.lists(), params] as const,
  detail: (id: number) => [...outboxKeys.all, 'detail', id] as const,
};
