import { z } from 'zod';

import { LOCATION_MAX_LENGTH } from '../limits.ts';
import { CAR_STEPS, LATE_MINUTES, PASSENGER_STEPS } from '../trip-steps.ts';
import { VALIDATION, validationMessage } from '../validation.ts';
import { idField } from './fields.ts';

// The day of the trip (issue 40 §1): what the car's and the passengers' steps accept. Who may set
// which, and when, is the database's (app.set_car_step, app.set_passenger_step).
const oneOf = (label: string, choices: readonly (string | number)[]) =>
  validationMessage('one_of', { label, choices: choices.join(', ') });

export const carStepSchema = z
  .object({
    step: z.enum(CAR_STEPS, { error: oneOf('step', CAR_STEPS) }),
    // The stop's name, for 'at_stop': one of the ride's route.
    stop: z
      .string({ error: validationMessage('not_text', { label: 'stop' }) })
      .trim()
      .min(1, validationMessage('required', { label: 'stop' }))
      .max(LOCATION_MAX_LENGTH, validationMessage('too_long', { label: 'stop', max: LOCATION_MAX_LENGTH }))
      .nullish(),
  })
  .refine((input) => input.step !== 'at_stop' || Boolean(input.stop), {
    path: ['stop'],
    error: validationMessage('required', { label: 'stop' }),
  });
export type CarStepInput = z.infer<typeof carStepSchema>;

export const passengerStepSchema = z
  .object({
    step: z.enum(PASSENGER_STEPS, { error: oneOf('step', PASSENGER_STEPS) }),
    lateMinutes: z.literal(LATE_MINUTES, { error: oneOf('lateMinutes', LATE_MINUTES) }).nullish(),
    // The passenger (their member id) the driver or the organiser marks picked up; the caller
    // when absent.
    userId: idField('userId').nullish(),
  })
  .refine((input) => input.step !== 'late' || input.lateMinutes != null, {
    path: ['lateMinutes'],
    error: validationMessage('required', { label: 'lateMinutes' }),
  });
export type PassengerStepInput = z.infer<typeof passengerStepSchema>;

// The car's position (issue 40 §2), as the phone's Geolocation API gives it. Here only its shape:
// the bounds, the accuracy and the time are the database's (app.share_car_position), each
// refused with its own code.
const coordinate = (label: string) =>
  z
    .number({ error: validationMessage('not_a_number', { label }) })
    .finite(validationMessage('not_a_number', { label }));

export const carPositionSchema = z.object({
  latitude: coordinate('latitude'),
  longitude: coordinate('longitude'),
  // Metres.
  accuracy: coordinate('accuracy'),
  takenAt: z.iso.datetime({ error: VALIDATION.invalid_date.message }),
});
export type CarPositionInput = z.infer<typeof carPositionSchema>;
