import { z } from 'zod';

import { VALIDATION } from '../validation.ts';
import { pickupTimeSchema } from './rides.ts';
import { rideSchema } from './rides-response.ts';

// A ride's passengers exactly as the api answers them (GET /api/rides/{id}/passengers, and the
// entry a payment change answers with): api/queries/passengers.ts builds them, the PWA reads them.
// The named shapes are components of the api's OpenAPI document (`meta({ id })`); a named shape
// that may be null is z.union([shape, z.null()]), never shape.nullable(), which the document
// generator would turn into a nullable component (tests/api/openapi.test.ts checks).

const id = z.number().int();

// 'claimed': the passenger said "I've paid"; 'paid': the organiser confirmed it.
export const PAYMENT_STATUSES = ['unpaid', 'claimed', 'paid'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES).meta({ id: 'PaymentStatus' });

// One sum of a seat as public.ride_payments keeps it: to whom it went (or who gave it back).
export const paymentSumSchema = z
  .object({
    organiserId: id.nullable(),
    organiserName: z.string().nullable(),
    kind: z.enum(['payment', 'refund']),
    amount: z.number(),
    confirmed: z.boolean(),
  })
  .meta({ id: 'PaymentSum' });

// Money held by an organiser other than the ride's organiser now (one who handed it over).
export const heldElsewhereSchema = z.object({
  organiserId: id.nullable(),
  name: z.string().nullable(),
  amount: z.number(),
});

// A seat's money, worked out from its sums and its share now (_shared/payments.ts).
export const passengerMoneySchema = z
  .object({
    // Everything sent, said or confirmed, less what came back.
    paid: z.number(),
    // What the organiser confirmed, less what came back.
    confirmed: z.number(),
    refunded: z.number(),
    // Confirmed to the ride's organiser now, less what they gave back.
    received: z.number(),
    // Still to pay of the share now (it rose, or nothing was paid yet).
    due: z.number(),
    // Confirmed beyond the share now (it fell): the organiser owes it back.
    over: z.number(),
    // Sums that went to someone other than the ride's organiser now (one who handed it over).
    elsewhere: z.array(heldElsewhereSchema),
  })
  .meta({ id: 'PassengerMoney' });

// Contacts, the username included, reach only the people on the ride; others get null.
export const passengerUserSchema = z
  .object({
    id,
    fullName: z.string().nullable(),
    name: z.string().nullable(),
    discordUsername: z.string().nullable(),
    whatsappNumber: z.string().nullable(),
    malaysianNumber: z.string().nullable(),
    revolutUsername: z.string().nullable(),
  })
  .meta({ id: 'PassengerUser' });

export const passengerSchema = z
  .object({
    id,
    rideId: id,
    userId: id,
    // Null for members not on the ride: a stop picked on the map can be a home address.
    dropoffLocation: z.string().nullable(),
    // FC->SG the drop-off order, SG->FC the pickup order (ADR 0040); set by a lock.
    dropoffSequence: id.nullable(),
    // SG->FC only: about when the car picks them up, 'HH:MM' Singapore time on the ride's day
    // (ADR 0040). Null until set, on FC->SG, and for members not on the ride.
    pickupTime: pickupTimeSchema.shape.pickupTime,
    passengerCount: id,
    createdAt: z.iso.datetime({ error: VALIDATION.invalid_date.message }),
    user: passengerUserSchema,
    // The passenger themself and the organiser only; null for everyone else.
    paymentStatus: z.union([paymentStatusSchema, z.null()]),
    // SGD owed to the organiser: the price rule × party (_shared/price.ts); null when the status is.
    share: z.number().nullable(),
    // What was paid for the seat, to whom (issue 37 §2), and what that makes against the share;
    // null when the status is.
    payments: z.array(paymentSumSchema).nullable(),
    money: z.union([passengerMoneySchema, z.null()]),
    // Issue 26 §1: the member's trips and no-shows, for every member who sees the list.
    record: z.object({ trips: id, noShows: id }),
    // Whether the organiser marked them a no-show on this ride; the organiser only, else null.
    noShow: z.boolean().nullable(),
  })
  .meta({ id: 'Passenger' });

// GET /api/rides/{id}/passengers: in the order the ride page lists them.
export const passengerListSchema = z.array(passengerSchema);

// POST /api/rides/{id}/join: the caller's new entry and the ride as it now is.
export const joinRideAnswerSchema = z.object({ message: z.string(), passengerId: id, ride: rideSchema });

// DELETE /api/rides/{id}/passengers/{passengerId}.
export const passengerRemovedAnswerSchema = z.object({ message: z.string() });

// A change of the stop order or of a pickup time: the list as it now reads.
export const passengersChangeAnswerSchema = z.object({ message: z.string(), passengers: passengerListSchema });
