// Every query of the day of the trip hangs under ['trip-day']: one trip per ride.
export const tripDayKeys = {
  all: ['trip-day'] as const,
  trip: (rideId: number) => [...tripDayKeys.all, 'trip', rideId] as const,
};
