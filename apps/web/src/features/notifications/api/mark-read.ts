import type { NotificationAudience } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markReadInCache } from './notification-cache';
import { notificationKeys } from './notification-keys';

/**
 * POST …/mark-read/{id}, or …/mark-read for all. The badge drops at once; a failure is swallowed
 * silently (spec §8) and the count is quietly read again from the server.
 */
export function useMarkRead(audience: NotificationAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      api.post(`/api/notifications/${audience}/mark-read${id === undefined ? '' : `/${id}`}`),
    onMutate: (id) => markReadInCache(queryClient, audience, id),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.audience(audience) }),
  });
}
