import { z } from 'zod';

import { LOCATION_MAX_LENGTH } from '../limits.ts';
import { VALIDATION } from '../validation.ts';
import { optionalText, passengerCount, requiredText } from './fields.ts';
import { unknownParameters } from './ride-page.ts';
import { directionField } from './rides.ts';

// Ride requests, "Looking for a ride" (issue 24 §1; migration 20261201002000_ride_requests.sql).
// The day and the window are Singapore's, as the member reads them: the database turns them into
// instants, so no client's clock or time zone decides which day a request is on.

export const NOTE_MAX_LENGTH = 500;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const requestDayField = z
  .string({ error: VALIDATION.invalid_date.message })
  .refine(isCalendarDay, VALIDATION.invalid_date.message);

export const requestTimeField = z
  .string({ error: VALIDATION.invalid_date.message })
  .regex(TIME, VALIDATION.invalid_date.message);

const areaField = requiredText('Area', LOCATION_MAX_LENGTH);

// The body of POST /api/ride-requests and PATCH /api/ride-requests/{id}.
export const rideRequestSaveSchema = z.object({
  direction: directionField,
  date: requestDayField,
  startTime: requestTimeField,
  endTime: requestTimeField,
  passengerCount: passengerCount('Passenger count', VALIDATION.at_least_one_passenger.message),
  area: areaField,
  note: optionalText('Note', NOTE_MAX_LENGTH),
});
export type RideRequestSaveInput = z.infer<typeof rideRequestSaveSchema>;

// The body of POST /api/ride-requests/{id}/me-too.
export const rideRequestMeTooSchema = z.object({
  passengerCount: passengerCount('Passenger count', VALIDATION.at_least_one_passenger.message),
  area: areaField,
});
export type RideRequestMeTooInput = z.infer<typeof rideRequestMeTooSchema>;

// GET /api/ride-requests?direction=&date=: both optional.
export const rideRequestListQuerySchema = z.strictObject(
  {
    direction: directionField.optional(),
    date: requestDayField.optional(),
  },
  { error: unknownParameters },
);

// The answers (api/routes/ride-requests.ts declares them; app.ride_requests_json builds them),
// here where the PWA imports them; the rest is in ride-requests-response.ts.
const id = z.number().int();
const instant = z.iso.datetime({ error: VALIDATION.invalid_date.message });
const count = z.number().int().positive();

export const rideRequestMemberSchema = z
  .object({
    userId: id,
    name: z.string().nullable(),
    passengerCount: count,
    area: z.string(),
  })
  .meta({ id: 'RideRequestMember' });

// One request as the api answers it. status 'ended': open, but its window is over. The day and
// the window's ends are Singapore's (YYYY-MM-DD, HH:MM); windowStart and windowEnd the instants.
export const rideRequestSchema = z
  .object({
    id,
    requesterId: id,
    requesterName: z.string().nullable(),
    direction: directionField,
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    windowStart: instant,
    windowEnd: instant,
    passengerCount: count,
    area: z.string(),
    note: z.string().nullable(),
    status: z.enum(['open', 'closed', 'ended']),
    // The requester's party and every "Me too" party together, and how many parties.
    people: count,
    parties: count,
    members: z.array(rideRequestMemberSchema),
    // The rides organisers offered for it, soonest first (several may: the requester chooses).
    rides: z.array(
      z.object({
        id,
        direction: directionField,
        date: instant,
        organiserId: id,
        organiserName: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'RideRequest' });
export type RideRequest = z.infer<typeof rideRequestSchema>;
export const rideRequestListSchema = z.array(rideRequestSchema);
