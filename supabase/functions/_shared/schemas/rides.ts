import { z } from 'zod';
import { DIRECTIONS, LOCATION_MAX_LENGTH, PASSENGERS_MAX } from '../limits.ts';
import { passengerCount, requiredText } from './fields.ts';

export const directionField = z.enum(DIRECTIONS, {
  error: "Direction must be 'SG->FC' or 'FC->SG'",
});

// JavaScript parses dates up to year 275760 ('+275760-09-13T00:00:00.000Z'), but timestamptz
// stops at 9999, and nothing before 2000 is a ride anyone can still take: both are refused as
// the same unreadable date, in the form as well as the API.
const EARLIEST_RIDE_YEAR = 2000;
const LATEST_RIDE_YEAR = 9999;

function isStorableDate(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= EARLIEST_RIDE_YEAR && year <= LATEST_RIDE_YEAR;
}

export const rideDateField = z
  .string({ error: 'Invalid date provided' })
  .max(64, 'Invalid date provided')
  .refine(isStorableDate, 'Invalid date provided');

const locationField = requiredText('Location', LOCATION_MAX_LENGTH, 'Please specify your location');

export const dropoffEntrySchema = z.object({
  location: locationField,
  passengerCount: passengerCount('Drop-off passenger count'),
});

// The body of POST /api/rides and PATCH /api/rides/{id} (SPEC §7).
export const rideSaveSchema = z
  .object({
    direction: directionField,
    date: rideDateField,
    maxPassengers: passengerCount('Maximum passengers'),
    pickupLocation: locationField,
    dropoffLocations: z
      .array(dropoffEntrySchema, { error: 'dropoffLocations must be a list' })
      .max(PASSENGERS_MAX, `At most ${PASSENGERS_MAX} drop-off locations`)
      .nullish()
      .transform((entries) => entries ?? []),
    organizerPassengerCount: passengerCount('Passengers at your location'),
    driverContactId: z
      .number({ error: 'driverContactId must be a number' })
      .int('driverContactId must be a whole number')
      .positive('driverContactId must be positive')
      .max(2_147_483_647, 'driverContactId is too large')
      .nullable()
      .optional(),
    // Issue 14: the organiser's own ride this one is the way back of (create only; an edit
    // ignores it). The database checks the pairing (migration 20261201000800).
    returnOf: z
      .number({ error: 'returnOf must be a number' })
      .int('returnOf must be a whole number')
      .positive('returnOf must be positive')
      .max(2_147_483_647, 'returnOf is too large')
      .nullable()
      .optional(),
  })
  .superRefine((ride, ctx) => {
    if (ride.organizerPassengerCount > ride.maxPassengers) {
      ctx.addIssue({
        code: 'custom',
        path: ['organizerPassengerCount'],
        message: 'Passengers at your location cannot exceed the maximum passengers',
      });
    }
    if (ride.direction === 'FC->SG' && ride.dropoffLocations.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['dropoffLocations'], message: 'Please specify your location' });
    }
  });
export type RideSaveInput = z.infer<typeof rideSaveSchema>;

// The detail page sends all three fields; the join page sends rideId and dropoffLocation.
export const joinRideSchema = z.object({
  rideId: z.union([z.number(), z.string()]).optional(),
  passengerCount: passengerCount('Passenger count', 'Must have at least 1 passenger').optional().default(1),
  dropoffLocation: requiredText('Drop-off location', LOCATION_MAX_LENGTH, 'Drop-off location is required'),
});

export const sequenceMoveSchema = z.object({
  sequence: z
    .number({ error: 'sequence must be a number' })
    .int('sequence must be a whole number')
    .min(1, 'sequence must be at least 1')
    .max(PASSENGERS_MAX, `sequence must be at most ${PASSENGERS_MAX}`),
});
