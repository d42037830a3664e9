// Every query of the ride chat hangs under ['ride-chat']; one conversation per ride, and the
// summary the ride page shows before the chat opens (unread count, pinned announcement).
export const rideChatKeys = {
  all: ['ride-chat'] as const,
  conversation: (rideId: number) => [...rideChatKeys.all, 'conversation', rideId] as const,
  summary: (rideId: number) => [...rideChatKeys.all, 'summary', rideId] as const,
};
