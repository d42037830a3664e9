// A ride and its passengers exactly as the api answers them (SPEC §3, §7). The api's queries
// build these shapes in SQL and the PWA reads them; this file is the one contract between them,
// and where a shape has a schema (schemas/*-response.ts, ADR 0042) its type is inferred from it.
import type { z } from 'zod';

import type { Direction } from '../limits.ts';
import type { passengerSchema, passengerUserSchema } from '../schemas/passengers-response.ts';

export type { Direction };
export type RideStatus = 'open' | 'assigned' | 'completed';

export interface DropoffEntry {
  location: string;
  passengerCount: number;
}

// Visitors get the organiser's id and name only; the contact fields are then null.
export interface RideCreator {
  id: number;
  name: string | null;
  discordUsername: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
}

export interface Ride {
  id: number;
  creatorId: number;
  direction: Direction;
  date: string;
  maxPassengers: number;
  currentPassengers: number;
  organizerPassengerCount: number;
  pickupLocation: string | null;
  // Issue 37 §3: going to Singapore, where in Forest City the car picks everyone up (null when
  // not named, and on every SG->FC ride). Optional: answers saved before it have none.
  meetingPoint?: string | null;
  // SPEC §3: entries may also be plain strings when read.
  dropoffLocations: Array<DropoffEntry | string> | null;
  status: RideStatus;
  vendorId: number | null;
  driverContactId: number | null;
  cost: number;
  additionalStops: number;
  sequenceLocked: boolean;
  createdAt: string;
  // Members see `name ?? discordUsername`, visitors the name only.
  creatorName: string | null;
  organizerName: string | null;
  creator: RideCreator | null;
  // Issue 14: the outbound ride this one is the way back of (null for most rides). Optional:
  // older cached answers and test fixtures lack it.
  returnOf?: number | null;
  // The return planned from this ride, if any.
  returnTrip?: ReturnTripLink | null;
  // Issue 27: the weekly series this ride is a date of (GET /api/series/{id}), or null.
  seriesId?: number | null;
}

export interface ReturnTripLink {
  id: number;
  direction: Direction;
  date: string;
}

// A passenger entry and its member as the api answers them: their schema declares them
// (schemas/passengers-response.ts, where the fields are described).
export type PassengerUser = z.infer<typeof passengerUserSchema>;
export type Passenger = z.infer<typeof passengerSchema>;

// One ride in a windowed list (GET /api/rides/page, ADR 0009): what a card shows, the same for
// visitors and members. The detail call (`Ride`) carries the rest.
export type RideListItem = Pick<
  Ride,
  | 'id'
  | 'creatorId'
  | 'direction'
  | 'date'
  | 'maxPassengers'
  | 'currentPassengers'
  | 'pickupLocation'
  | 'meetingPoint'
  | 'dropoffLocations'
  | 'status'
  | 'vendorId'
  | 'cost'
  | 'additionalStops'
  | 'organizerName'
  | 'seriesId'
>;

export type RideListScope = 'all' | 'organized' | 'joined' | 'assigned' | 'available';
export type RideListTime = 'upcoming' | 'week' | 'past' | 'all';
export type RideListSort = 'earliest' | 'latest';
// A Singapore day (issue 37 §5): today, tomorrow, this weekend, or a date as YYYY-MM-DD.
export type RideListDay = 'today' | 'tomorrow' | 'weekend' | (string & {});
// Singapore time of day: before 12:00, 12:00 to 17:59, from 18:00 (ADR 0037).
export type RideListTimeOfDay = 'morning' | 'afternoon' | 'evening';
// 'once': a weekly series is one row, its next date in the list (ADR 0037).
export type RideListSeries = 'each' | 'once';

export interface RidePage {
  rides: RideListItem[];
  nextCursor: string | null;
}
