// Every query of the day-before question hangs under ['still-coming']: one question per ride.
export const stillComingKeys = {
  all: ['still-coming'] as const,
  question: (rideId: number) => [...stillComingKeys.all, 'question', rideId] as const,
};
