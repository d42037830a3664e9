import type {
  Direction,
  RideListDay,
  RideListItem,
  RideListScope,
  RideListSeries,
  RideListSort,
  RideListTime,
  RideListTimeOfDay,
  RidePage,
} from '@shared/types/ride.ts';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideKeys } from '../query-keys';

// One windowed list as the server cuts it (ADR 0009). `direction: null` is both directions.
export interface RideListParams {
  scope: RideListScope;
  time: RideListTime;
  direction: Direction | null;
  sort: RideListSort;
  // Home's day, time of day and weekly series choices (ADR 0037); left out, every one.
  day?: RideListDay | null;
  timeOfDay?: RideListTimeOfDay | null;
  series?: RideListSeries;
  limit: number;
}

export const RIDE_PAGE_SIZE = 20;

// Every parameter is sent, in one fixed order, so equal lists are equal URLs (and one cached
// body on the server) whatever the server's defaults become.
export function ridePagePath(params: RideListParams, cursor: string | null): string {
  const search = new URLSearchParams({ scope: params.scope, time: params.time });
  if (params.direction) search.set('direction', params.direction);
  if (params.day) search.set('day', params.day);
  if (params.timeOfDay) search.set('timeOfDay', params.timeOfDay);
  if (params.series === 'once') search.set('series', 'once');
  search.set('sort', params.sort);
  search.set('limit', String(params.limit));
  if (cursor) search.set('cursor', cursor);
  return `/api/rides/page?${search.toString()}`;
}

// Home's list: the schema's module comes with the request, so zod is not in /home's first render
// (ADR 0048).
const ridePageAnswer = () => import('@shared/schemas/rides-response.ts').then((module) => module.ridePageSchema);

export const getRidePage = (params: RideListParams, cursor: string | null) =>
  api.get<RidePage>(ridePagePath(params, cursor), ridePageAnswer);

export const ridePageQueryOptions = (params: RideListParams, enabled = true) =>
  infiniteQueryOptions({
    queryKey: rideKeys.page(params),
    queryFn: ({ pageParam }) => getRidePage(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: RidePage) => last.nextCursor,
    enabled,
  });

// The pages as one list. A ride that moved between two page reads (its date was edited) could
// come twice; the first place wins.
export function pageRides(data: InfiniteData<RidePage, string | null>): RideListItem[] {
  const seen = new Set<number>();
  const rides: RideListItem[] = [];
  for (const page of data.pages) {
    for (const ride of page.rides) {
      if (seen.has(ride.id)) continue;
      seen.add(ride.id);
      rides.push(ride);
    }
  }
  return rides;
}

export function useRidePage(params: RideListParams, enabled = true) {
  return useInfiniteQuery({ ...ridePageQueryOptions(params, enabled), select: pageRides });
}
