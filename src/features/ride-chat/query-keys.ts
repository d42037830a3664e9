// Every query of the ride chat hangs under ['ride-chat']; one conversation per ride.
export const rideChatKeys = {
  all: ['ride-chat'] as const,
  conversation: (rideId: number) => [...rideChatKeys.all, 'conversation', rideId] as const,
};
