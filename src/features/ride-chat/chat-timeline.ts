import type { RideMessage } from '@shared/schemas/ride-chat.ts';

import { singaporeDay } from '../../lib/format';

export type TimelineItem = { kind: 'day'; day: string } | { kind: 'new' } | { kind: 'message'; message: RideMessage };

// News to the reader as the api counts it (private.ride_chat_unread): another member's message,
// not the app's own lines nor the reader's.
export function isNews(message: RideMessage): boolean {
  return message.authorId !== null && !message.own;
}

// The first of the last `unread` messages that are news: where the "New" divider goes. None when
// nothing is unread; the oldest shown when more are unread than the chat shows.
export function firstUnreadId(messages: readonly RideMessage[], unread: number): number | null {
  if (unread <= 0) return null;
  let counted = 0;
  let first: number | null = null;
  for (let index = messages.length - 1; index >= 0 && counted < unread; index -= 1) {
    const message = messages[index]!;
    if (!isNews(message)) continue;
    counted += 1;
    first = message.id;
  }
  return first;
}

// The messages in order, a day's header before each Singapore day's first message and the
// "New" divider before the first unread one.
export function chatTimeline(messages: readonly RideMessage[], firstUnread: number | null): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day: string | null = null;
  for (const message of messages) {
    const messageDay = singaporeDay(message.createdAt);
    if (messageDay !== day) {
      items.push({ kind: 'day', day: messageDay });
      day = messageDay;
    }
    if (message.id === firstUnread) items.push({ kind: 'new' });
    items.push({ kind: 'message', message });
  }
  return items;
}

// How many of `messages` arrived after `seenId` and are news: the "↓ N new" button's count.
export function newsAfter(messages: readonly RideMessage[], seenId: number): number {
  return messages.filter((message) => message.id > seenId && isNews(message)).length;
}
