// Query keys by domain. Screens read through these and mutations invalidate through them,
// so a change refreshes exactly the lists that show it.
export const authKeys = {
  me: ['auth', 'me'] as const,
};

export const rideKeys = {
  all: ['rides'] as const,
  list: () => [...rideKeys.all, 'list'] as const,
  joined: () => [...rideKeys.all, 'joined'] as const,
  vendor: () => [...rideKeys.all, 'vendor'] as const,
  detail: (id: number) => [...rideKeys.all, 'detail', id] as const,
  passengers: (id: number) => [...rideKeys.all, 'passengers', id] as const,
};

export const statsKeys = {
  all: ['stats'] as const,
};

export const driverKeys = {
  all: ['driver-contacts'] as const,
};

export const adminKeys = {
  resetRequests: ['admin', 'password-reset-requests'] as const,
};
