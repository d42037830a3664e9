import { z } from 'zod';

import { DIRECTIONS } from '../limits.ts';
import { VALIDATION } from '../validation.ts';

// A ride exactly as the api answers it (SPEC §3, §7): api/queries/rides.ts builds it in SQL, the
// PWA reads it (types/ride.ts infers `Ride` from here). The routes that answer a ride declare it
// with this schema (api/lib/contract.ts, ADR 0042). A named shape that may be null is
// z.union([shape, z.null()]), never shape.nullable() (tests/api/openapi.test.ts says why).

const id = z.number().int();
// An instant as the api writes it: exactly JavaScript's Date#toISOString (api/queries/sql.ts
// isoTimestamp). Its refusal is the registry's (tests/api/validation-registry.test.ts).
export const instantSchema = z.iso.datetime({ error: VALIDATION.invalid_date.message });
const instant = instantSchema;

export const directionSchema = z.enum(DIRECTIONS).meta({ id: 'Direction' });
export const RIDE_STATUSES = ['open', 'assigned', 'completed'] as const;
export const rideStatusSchema = z.enum(RIDE_STATUSES).meta({ id: 'RideStatus' });

export const dropoffEntrySchema = z.object({ location: z.string(), passengerCount: id }).meta({ id: 'DropoffEntry' });

// Visitors get the organiser's id and name only; the contact fields are then null.
export const rideOrganiserSchema = z
  .object({
    id,
    name: z.string().nullable(),
    discordUsername: z.string().nullable(),
    whatsappNumber: z.string().nullable(),
    malaysianNumber: z.string().nullable(),
  })
  .meta({ id: 'RideOrganiserContact' });

// The return planned from a ride (issue 14).
export const returnTripLinkSchema = z
  .object({ id, direction: directionSchema, date: instant })
  .meta({ id: 'ReturnTripLink' });

export const rideSchema = z
  .object({
    id,
    creatorId: id,
    direction: directionSchema,
    date: instant,
    maxPassengers: id,
    currentPassengers: id,
    organizerPassengerCount: id,
    pickupLocation: z.string().nullable(),
    // Issue 37 §3: going to Singapore, where in Forest City the car picks everyone up (null when
    // not named, and on every SG->FC ride). Optional: answers saved before it have none.
    meetingPoint: z.string().nullable().optional(),
    // SPEC §3: entries may also be plain strings when read.
    dropoffLocations: z.array(z.union([dropoffEntrySchema, z.string()])).nullable(),
    status: rideStatusSchema,
    vendorId: id.nullable(),
    driverContactId: id.nullable(),
    cost: z.number(),
    additionalStops: id,
    sequenceLocked: z.boolean(),
    createdAt: instant,
    // Members see `name ?? discordUsername`, visitors the name only.
    creatorName: z.string().nullable(),
    organizerName: z.string().nullable(),
    creator: z.union([rideOrganiserSchema, z.null()]),
    // Issue 14: the outbound ride this one is the way back of (null for most rides). Optional, as
    // the two below: older cached answers and test fixtures lack them.
    returnOf: id.nullable().optional(),
    // The return planned from this ride, if any.
    returnTrip: z.union([returnTripLinkSchema, z.null()]).optional(),
    // Issue 27: the weekly series this ride is a date of (GET /api/series/{id}), or null.
    seriesId: id.nullable().optional(),
  })
  .meta({ id: 'Ride' });

export const rideListSchema = z.array(rideSchema);

// GET /api/rides/page (ADR 0009): one ride of a windowed list, what a card shows, the same for
// visitors and members; the detail (`rideSchema`) carries the rest.
export const rideListItemSchema = rideSchema.pick({
  id: true,
  creatorId: true,
  direction: true,
  date: true,
  maxPassengers: true,
  currentPassengers: true,
  pickupLocation: true,
  meetingPoint: true,
  dropoffLocations: true,
  status: true,
  vendorId: true,
  cost: true,
  additionalStops: true,
  organizerName: true,
  seriesId: true,
});

// One page of a list, and where the next one starts (null: the last page).
export const ridePageSchema = z.object({ rides: z.array(rideListItemSchema), nextCursor: z.string().nullable() });

// A change whose answer is the ride as it now is (a vendor takes or releases it).
export const rideChangeAnswerSchema = z.object({ message: z.string(), ride: rideSchema });
