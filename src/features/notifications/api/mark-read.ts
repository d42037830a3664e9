import { unreadCountSchema } from '@shared/schemas/notifications-response.ts';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { notificationKeys } from '../query-keys';
import type { NotificationList } from './get-notifications';

export type MarkReadInput = { ids: number[] } | { all: true };

export const markRead = (input: MarkReadInput) => api.post('/api/notifications/read', input, unreadCountSchema);

export interface MarkReadOptions {
  // Keep the list's unread styling for this visit (marking on open); the next visit reads it fresh.
  keepListStyling?: boolean;
}

export function useMarkRead({ keepListStyling = false }: MarkReadOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (answer, input) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.summary(), (old) =>
        old ? { ...old, unread: answer.unread } : old,
      );
      if (keepListStyling) return;
      const now = new Date().toISOString();
      const ids = 'ids' in input ? new Set(input.ids) : null;
      queryClient.setQueryData<InfiniteData<NotificationList>>(notificationKeys.list(), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                unread: answer.unread,
                items: page.items.map((item) =>
                  item.readAt === null && (ids === null || ids.has(item.id)) ? { ...item, readAt: now } : item,
                ),
              })),
            }
          : old,
      );
    },
  });
}
