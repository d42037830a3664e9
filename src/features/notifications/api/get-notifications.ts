// Types only: the bell is in the first render, where zod must not be (bundle budget); the
// schema's module comes with the request (ADR 0048).
import type { NotificationItem, NotificationList } from '@shared/types/notification.ts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { notificationKeys } from '../query-keys';

export type { NotificationItem, NotificationList };

const notificationListAnswer = () =>
  import('@shared/schemas/notifications-response.ts').then((module) => module.notificationListSchema);

export const INBOX_PAGE_SIZE = 20;
// The count is news, not data the member is waiting on: a minute late is fine, and nothing is
// asked while the tab is hidden (TanStack pauses intervals in the background) or offline.
export const UNREAD_POLL_MS = 60_000;

export function getNotifications(params: { before?: number | null; limit: number }): Promise<NotificationList> {
  const search = new URLSearchParams({ limit: String(params.limit) });
  if (params.before) search.set('before', String(params.before));
  return api.get<NotificationList>(`/api/notifications?${search.toString()}`, notificationListAnswer);
}

export const unreadQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: notificationKeys.summary(),
    queryFn: () => getNotifications({ limit: 1 }),
    enabled,
    select: (answer: NotificationList) => answer.unread,
    refetchOnWindowFocus: 'always',
    refetchInterval: () => (typeof navigator !== 'undefined' && !navigator.onLine ? false : UNREAD_POLL_MS),
  });

export function useUnreadCount(enabled: boolean) {
  return useQuery(unreadQueryOptions(enabled));
}

export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => getNotifications({ before: pageParam, limit: INBOX_PAGE_SIZE }),
    initialPageParam: null as number | null,
    getNextPageParam: (last: NotificationList) => last.nextBefore,
    // Opening the inbox always asks for what is new; the saved copy shows meanwhile (offline too).
    refetchOnMount: 'always',
  });

export function inboxItems(data: InfiniteData<NotificationList> | undefined): NotificationItem[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

export function useInbox() {
  return useInfiniteQuery(inboxQueryOptions());
}
