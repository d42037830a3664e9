import type { RideListParams } from './api/get-ride-page';

// Every query of the rides feature hangs under ['rides'], so a mutation that changes a ride
// refreshes the lists, pages, details, passengers and stats that show it by invalidating `all`.
export const rideKeys = {
  all: ['rides'] as const,
  // One windowed list (ADR 0009): its pages live under one key per set of parameters.
  page: (params: RideListParams) => [...rideKeys.all, 'page', params] as const,
  detail: (id: number) => [...rideKeys.all, 'detail', id] as const,
  passengers: (id: number) => [...rideKeys.all, 'passengers', id] as const,
  // Under `all`: a leave, a removal or an edit that frees seats refreshes the queue too.
  waitlist: (id: number) => [...rideKeys.all, 'waitlist', id] as const,
  stats: () => [...rideKeys.all, 'stats'] as const,
  drivers: () => [...rideKeys.all, 'driver-contacts'] as const,
  // Under `all`: a ride started for a request shows on the request at once.
  requests: () => [...rideKeys.all, 'requests'] as const,
  request: (id: number) => [...rideKeys.all, 'request', id] as const,
  // Whether the caller follows an organiser (issue 27).
  follow: (organiserId: number) => [...rideKeys.all, 'follow', organiserId] as const,
  // The pending hand-over of a ride, for its organiser and the passenger offered (issue 26 §2).
  handover: (id: number) => [...rideKeys.all, 'handover', id] as const,
  // Under `all`: joining, leaving or changing one date changes its series' seats and standing.
  series: (seriesId: number) => [...rideKeys.all, 'series', seriesId] as const,
};
