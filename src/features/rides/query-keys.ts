// Every query of the rides feature hangs under ['rides'], so a mutation that changes a ride
// refreshes the lists, details, passengers and stats that show it by invalidating `all`.
export const rideKeys = {
  all: ['rides'] as const,
  list: () => [...rideKeys.all, 'list'] as const,
  joined: () => [...rideKeys.all, 'joined'] as const,
  vendor: () => [...rideKeys.all, 'vendor'] as const,
  detail: (id: number) => [...rideKeys.all, 'detail', id] as const,
  passengers: (id: number) => [...rideKeys.all, 'passengers', id] as const,
  stats: () => [...rideKeys.all, 'stats'] as const,
  drivers: () => [...rideKeys.all, 'driver-contacts'] as const,
};
