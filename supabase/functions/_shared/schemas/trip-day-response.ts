import { z } from 'zod';

import { CAR_STEPS, LATE_MINUTES, PASSENGER_STEPS } from '../trip-steps.ts';
import { VALIDATION } from '../validation.ts';

const instant = () => z.iso.datetime({ error: VALIDATION.invalid_date.message });

// The day of the trip (issue 40 §1) as app.trip_day_json answers it: the api's routes
// (api/routes/trip-day.ts) declare it and the PWA parses it with it.

export const carStepEntrySchema = z
  .object({
    id: z.number().int(),
    step: z.enum(CAR_STEPS),
    stop: z.string().nullable(),
    at: instant(),
  })
  .meta({ id: 'CarStepEntry' });

export const tripPassengerSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    // Where they are picked up (SG->FC) or dropped off (FC->SG).
    stop: z.string().nullable(),
    // Null: no news from them yet.
    step: z.enum(PASSENGER_STEPS).nullable(),
    lateMinutes: z.literal(LATE_MINUTES).nullable(),
    updatedAt: instant().nullable(),
  })
  .meta({ id: 'TripPassenger' });

// The car's last shared position (issue 40 §2); stale when taken more than 5 minutes ago.
export const carPositionEntrySchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    // Metres.
    accuracy: z.number(),
    takenAt: instant(),
    stale: z.boolean(),
  })
  .meta({ id: 'CarPosition' });

export const tripDaySchema = z
  .object({
    rideId: z.number().int(),
    // The window in which the trip can be followed: 2 hours before the ride to 8 after it.
    opensAt: instant(),
    closesAt: instant(),
    open: z.boolean(),
    // Whether the caller may set the car's steps (the organiser or the assigned driver).
    canSetCarSteps: z.boolean(),
    // Whether the caller may share the car's position: the assigned driver, or the organiser
    // of a ride with no driver.
    canShareCarPosition: z.boolean(),
    // Null: none shared, stopped, or the car has arrived.
    carPosition: z.union([carPositionEntrySchema, z.null()]),
    // Oldest first; the last is where the car is now.
    carSteps: z.array(carStepEntrySchema),
    // Until when the newest step can be taken back, for those who set steps; else null.
    undoUntil: instant().nullable(),
    // In stop order.
    passengers: z.array(tripPassengerSchema),
  })
  .meta({ id: 'TripDay' });

export type CarStepEntry = z.infer<typeof carStepEntrySchema>;
export type TripPassenger = z.infer<typeof tripPassengerSchema>;
export type CarPosition = z.infer<typeof carPositionEntrySchema>;
export type TripDay = z.infer<typeof tripDaySchema>;
