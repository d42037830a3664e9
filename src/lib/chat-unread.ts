// Types only: My Rides reads this, and zod stays out of /home's first render; the schema's module
// comes with the request (ADR 0048).
import type { ChatUnread } from '@shared/schemas/ride-chat.ts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './api-client';

// The member's unread chat messages per ride (issue 25). Shared by the rides feature (My Rides'
// cards) and the ride chat (which marks messages read), so it lives here rather than in either.
export const chatUnreadKeys = {
  all: ['chat-unread'] as const,
};

// The bell's count (notifications feature, ['notifications', 'summary']) includes the unread
// chat messages, so reading a chat refreshes it too.
const BELL_SUMMARY_KEY = ['notifications', 'summary'] as const;

const chatUnreadAnswer = () => import('@shared/schemas/ride-chat.ts').then((module) => module.chatUnreadSchema);

export const getChatUnread = () => api.get<ChatUnread>('/api/chat/unread', chatUnreadAnswer);

export const chatUnreadQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: chatUnreadKeys.all,
    queryFn: getChatUnread,
    enabled,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });

export function useChatUnread(enabled: boolean) {
  return useQuery(chatUnreadQueryOptions(enabled));
}

export function unreadFor(unread: ChatUnread | undefined, rideId: number): number {
  return unread?.rides.find((ride) => ride.rideId === rideId)?.unread ?? 0;
}

export function refreshUnreadCounts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: chatUnreadKeys.all }),
    queryClient.invalidateQueries({ queryKey: BELL_SUMMARY_KEY }),
  ]);
}
