import { z } from 'zod';

import {
  DIRECTIONS,
  LOCATION_MAX_LENGTH,
  PASSENGERS_MAX,
  RIDE_CANCEL_REASON_MAX_LENGTH,
  RIDE_COST_MAX_SGD,
} from '../limits.ts';
import { VALIDATION, validationMessage } from '../validation.ts';
import { idField, optionalText, passengerCount, requiredText } from './fields.ts';
import { APPLY_TO, seriesRepeatSchema } from './ride-series.ts';

export const directionField = z.enum(DIRECTIONS, {
  error: VALIDATION.direction_choice.message,
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
  .string({ error: VALIDATION.invalid_date.message })
  .max(64, VALIDATION.invalid_date.message)
  .refine(isStorableDate, VALIDATION.invalid_date.message);

const locationField = requiredText('Location', LOCATION_MAX_LENGTH, VALIDATION.specify_location.message);

// What the whole car costs, in SGD, kept to the cent (the price rule's step, _shared/price.ts).
export const rideCostField = z
  .number({ error: validationMessage('not_a_number', { label: 'Car cost' }) })
  .min(0, validationMessage('not_negative', { label: 'Car cost' }))
  .max(RIDE_COST_MAX_SGD, validationMessage('too_big', { label: 'Car cost', max: RIDE_COST_MAX_SGD }))
  .transform((value) => Math.round(value * 100) / 100);

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
    // Issue 37 §3: going to Singapore, where in Forest City the car picks everyone up. Read
    // only for FC->SG; pickupLocation stays 'Forest City' there for SPEC's clients.
    meetingPoint: optionalText('Meeting point in Forest City', LOCATION_MAX_LENGTH),
    dropoffLocations: z
      .array(dropoffEntrySchema, { error: validationMessage('not_a_list', { label: 'dropoffLocations' }) })
      .max(PASSENGERS_MAX, validationMessage('too_many_dropoffs', { max: PASSENGERS_MAX }))
      .nullish()
      .transform((entries) => entries ?? []),
    organizerPassengerCount: passengerCount('Passengers at your location'),
    // Left out: a new ride takes its recommended driver's price (or the default), an edit keeps
    // its cost unless the driver changes (routes/rides.ts).
    cost: rideCostField.optional(),
    driverContactId: idField('driverContactId').nullable().optional(),
    // Issue 14: the organiser's own ride this one is the way back of (create only; an edit
    // ignores it). The database checks the pairing (migration 20261201000800).
    returnOf: idField('returnOf').nullable().optional(),
    // Issue 24 §1: the ride request this new ride answers ("Start a ride for this"); create only.
    requestId: idField('requestId').nullable().optional(),
    // Issue 27: create only. Repeats the ride weekly; the database makes every date at once.
    repeat: seriesRepeatSchema.optional(),
    // Issue 27: edit only. 'following' changes this date and every later one of its series;
    // left out, 'this' (optional here, so a body built for a single ride still types).
    applyTo: z.enum(APPLY_TO).optional(),
  })
  .superRefine((ride, ctx) => {
    if (ride.organizerPassengerCount > ride.maxPassengers) {
      ctx.addIssue({
        code: 'custom',
        path: ['organizerPassengerCount'],
        message: VALIDATION.organizer_exceeds_max.message,
      });
    }
    if (ride.direction === 'FC->SG' && ride.dropoffLocations.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['dropoffLocations'], message: VALIDATION.specify_location.message });
    }
  });
export type RideSaveInput = z.infer<typeof rideSaveSchema>;

// The detail page sends all three fields; the join page sends rideId and dropoffLocation.
export const joinRideSchema = z.object({
  rideId: z.union([z.number(), z.string()]).optional(),
  passengerCount: passengerCount('Passenger count', VALIDATION.at_least_one_passenger.message).optional().default(1),
  dropoffLocation: requiredText('Drop-off location', LOCATION_MAX_LENGTH),
});

export const sequenceMoveSchema = z.object({
  sequence: z
    .number({ error: validationMessage('not_a_number', { label: 'sequence' }) })
    .int(validationMessage('not_whole', { label: 'sequence' }))
    .min(1, validationMessage('too_small', { label: 'sequence', min: 1 }))
    .max(PASSENGERS_MAX, validationMessage('too_big', { label: 'sequence', max: PASSENGERS_MAX })),
});

// PATCH /api/rides/{rideId}/passengers/{passengerId}/pickupTime (issue 37 §3, ADR 0040): about
// when the car picks the passenger up, Singapore time 'HH:MM' on the ride's day; null clears it.
export const PICKUP_TIME_FORMAT = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;
const pickupTimeMessage = validationMessage('alert_time', { label: 'Pickup time' });
export const pickupTimeSchema = z.object({
  pickupTime: z.string({ error: pickupTimeMessage }).regex(PICKUP_TIME_FORMAT, pickupTimeMessage).nullable(),
});
export type PickupTimeInput = z.infer<typeof pickupTimeSchema>;

// POST /api/rides/{id}/cancel (issue 37): the organiser's reason, optional, told to the passengers.
export const rideCancelSchema = z.object({
  reason: optionalText('Reason', RIDE_CANCEL_REASON_MAX_LENGTH),
});
export type RideCancelInput = z.infer<typeof rideCancelSchema>;
