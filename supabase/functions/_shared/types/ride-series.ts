// A weekly series (issue 27): what GET /api/series/{id} answers. Every date is a real ride
// (types/ride.ts, whose `seriesId` names its series); this is the series seen whole.
import type { Direction } from '../limits.ts';

export interface SeriesDate {
  rideId: number;
  // ISO timestamp, as a ride's date.
  date: string;
  maxPassengers: number;
  seatsLeft: number;
  // The caller is aboard this date (as a passenger, or its organiser), or on its waitlist.
  onRide: boolean;
  onWaitlist: boolean;
}

export interface RideSeries {
  id: number;
  creatorId: number;
  // The organiser's display name, as on a ride (members: name ?? username; visitors: name).
  organizerName: string | null;
  direction: Direction;
  // ISO weekdays in Singapore time, 1 = Monday … 7 = Sunday, ascending.
  weekdays: number[];
  // The last day dates may fall on, Singapore time, YYYY-MM-DD.
  until: string;
  // The time of day of its dates, Singapore time, HH:MM (the dates' own, after a change of the rest).
  time: string;
  // When the organiser ended it; its upcoming dates are then cancelled.
  endedAt: string | null;
  // Upcoming dates only, soonest first.
  dates: SeriesDate[];
  // The caller's standing join ("every date from now"), or null.
  regular: { passengerCount: number; dropoffLocation: string } | null;
}

// POST /api/series/{id}/join
export interface SeriesJoinResult {
  joined: number[];
  waitlisted: number[];
  alreadyOn: number[];
}

// POST /api/series/{id}/leave
export interface SeriesLeaveResult {
  left: number[];
}

// POST /api/series/{id}/end and DELETE /api/rides/{id}?applyTo=following
export interface SeriesCancelResult {
  cancelled: number;
}
