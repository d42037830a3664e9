// Every query of the inbox hangs under ['notifications']: marking read refreshes the bell and
// the list together by invalidating `all`. Not under ['rides'], so a ride mutation does not
// re-read the inbox (a joined ride is the other member's news, not the caller's).
export const notificationKeys = {
  all: ['notifications'] as const,
  // The bell's unread count: a one-item page, polled.
  summary: () => [...notificationKeys.all, 'summary'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
