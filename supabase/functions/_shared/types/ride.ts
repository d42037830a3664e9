// A ride and its passengers exactly as the api answers them (SPEC §3, §7). The api's queries
// build these shapes in SQL and the PWA reads them; this file is the one contract between them,
// and where a shape has a schema (schemas/*-response.ts, ADR 0042) its type is inferred from it.
import type { z } from 'zod';

import type { Direction } from '../limits.ts';
import type { passengerSchema, passengerUserSchema } from '../schemas/passengers-response.ts';
import type {
  dropoffEntrySchema,
  returnTripLinkSchema,
  rideListItemSchema,
  rideOrganiserSchema,
  ridePageSchema,
  rideSchema,
  rideStatusSchema,
} from '../schemas/rides-response.ts';

export type { Direction };

// The ride's shapes: their schema declares them (schemas/rides-response.ts, where the fields are
// described).
export type RideStatus = z.infer<typeof rideStatusSchema>;
export type DropoffEntry = z.infer<typeof dropoffEntrySchema>;
// Visitors get the organiser's id and name only; the contact fields are then null.
export type RideOrganiserContact = z.infer<typeof rideOrganiserSchema>;
export type Ride = z.infer<typeof rideSchema>;
export type ReturnTripLink = z.infer<typeof returnTripLinkSchema>;

// A passenger entry and its member as the api answers them: their schema declares them
// (schemas/passengers-response.ts, where the fields are described).
export type PassengerUser = z.infer<typeof passengerUserSchema>;
export type Passenger = z.infer<typeof passengerSchema>;

// One ride in a windowed list (GET /api/rides/page, ADR 0009): what a card shows, the same for
// visitors and members. The detail call (`Ride`) carries the rest.
export type RideListItem = z.infer<typeof rideListItemSchema>;

export type RideListScope = 'all' | 'organized' | 'joined' | 'assigned' | 'available';
export type RideListTime = 'upcoming' | 'week' | 'past' | 'all';
export type RideListSort = 'earliest' | 'latest';
// A Singapore day (issue 37 §5): today, tomorrow, this weekend, or a date as YYYY-MM-DD.
export type RideListDay = 'today' | 'tomorrow' | 'weekend' | (string & {});
// Singapore time of day: before 12:00, 12:00 to 17:59, from 18:00 (ADR 0037).
export type RideListTimeOfDay = 'morning' | 'afternoon' | 'evening';
// 'once': a weekly series is one row, its next date in the list (ADR 0037).
export type RideListSeries = 'each' | 'once';

export type RidePage = z.infer<typeof ridePageSchema>;
