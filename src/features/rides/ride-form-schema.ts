import { DEFAULT_MAX_PASSENGERS, DEFAULT_RIDE_COST_SGD, FOREST_CITY, LOCATION_MAX_LENGTH } from '@shared/limits.ts';
import { optionalText, passengerCount, requiredText } from '@shared/schemas/fields.ts';
import { directionField, rideCostField, type RideSaveInput } from '@shared/schemas/rides.ts';
import type { Ride } from '@shared/types/ride.ts';
import { validationMessage } from '@shared/validation.ts';
import { z } from 'zod';

import { fromSingaporeInputValue, toSingaporeInputValue } from '../../lib/format';
import { dropoffEntries } from '../../lib/ride-rules';

// What the form holds; the API body is derived from it by toRideSaveBody (SPEC §7 shaping).
// Its texts are the shared ones (_shared/validation.ts), in English: the form shows them in the
// member's language (src/lib/refusal-text.ts).
export const rideFormSchema = z.object({
  direction: directionField,
  maxPassengers: passengerCount('Maximum passengers'),
  date: z
    .string({ error: validationMessage('invalid_date') })
    .refine((value) => fromSingaporeInputValue(value) !== null, validationMessage('invalid_date')),
  organizerPassengerCount: z.number({
    error: validationMessage('not_a_number', { label: 'Passengers at your location' }),
  }),
  location: requiredText('Location', LOCATION_MAX_LENGTH, validationMessage('specify_location')),
  // FC->SG only: where in Forest City everyone meets the car (issue 37 §3).
  meetingPoint: optionalText('Meeting point in Forest City', LOCATION_MAX_LENGTH),
  // What the car costs; choosing a recommended driver fills in their price.
  cost: rideCostField,
  // The recommended driver the organiser booked, once they have: passengers see the contact.
  driverContactId: z.number().int().positive().nullable().optional(),
});
export type RideFormValues = z.infer<typeof rideFormSchema>;

// SPEC §5: between 1 and the maximum, and 1 when the entry is not a number.
export function clampOrganiserCount(value: unknown, maxPassengers: number): number {
  const count = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(count)) return 1;
  return Math.min(Math.max(Math.trunc(count), 1), Math.max(1, maxPassengers));
}

export function toRideSaveBody(values: RideFormValues): RideSaveInput {
  const location = values.location.trim();
  const organizerPassengerCount = clampOrganiserCount(values.organizerPassengerCount, values.maxPassengers);
  return {
    direction: values.direction,
    date: fromSingaporeInputValue(values.date) ?? values.date,
    maxPassengers: values.maxPassengers,
    pickupLocation: values.direction === 'FC->SG' ? FOREST_CITY : location,
    ...(values.direction === 'FC->SG' ? { meetingPoint: values.meetingPoint?.trim() || null } : {}),
    dropoffLocations: [{ location, passengerCount: organizerPassengerCount }],
    organizerPassengerCount,
    cost: values.cost,
    // Left out when none is chosen: the api treats a missing driver as none (also on edit).
    ...(typeof values.driverContactId === 'number' ? { driverContactId: values.driverContactId } : {}),
  };
}

// The form's values: a new ride's defaults, or those of the ride given (an edit, a ride again).
export function defaultsFrom(ride: Ride | undefined): RideFormValues {
  if (!ride) {
    return {
      direction: 'SG->FC',
      maxPassengers: DEFAULT_MAX_PASSENGERS,
      date: '',
      organizerPassengerCount: 1,
      location: '',
      meetingPoint: null,
      cost: DEFAULT_RIDE_COST_SGD,
    };
  }
  const organiserStop = dropoffEntries(ride)[0];
  return {
    direction: ride.direction,
    maxPassengers: ride.maxPassengers,
    date: toSingaporeInputValue(ride.date),
    organizerPassengerCount: ride.organizerPassengerCount ?? organiserStop?.passengerCount ?? 1,
    location: ride.direction === 'FC->SG' ? (organiserStop?.location ?? '') : (ride.pickupLocation ?? ''),
    meetingPoint: ride.meetingPoint ?? null,
    cost: ride.cost,
    driverContactId: ride.driverContactId ?? null,
  };
}
