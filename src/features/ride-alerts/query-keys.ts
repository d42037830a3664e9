export const rideAlertKeys = {
  all: ['ride-alerts'] as const,
  list: () => [...rideAlertKeys.all, 'list'] as const,
};
