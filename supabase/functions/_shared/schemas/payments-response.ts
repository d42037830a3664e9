import { z } from 'zod';

import { heldElsewhereSchema, passengerSchema } from './passengers-response.ts';

// Paying the organiser (issue 13, part 3; sums kept, issue 37 §2): the api's answers
// (api/routes/payments.ts declares them) and what the PWA parses them with. A seat's own money
// is part of its passenger entry (passengers-response.ts).

// Where a passenger sends the money: the organiser's name and the accounts they gave.
export const payeeSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    // Any number the organiser gave; PayNow needs a Singapore (+65) one.
    whatsappNumber: z.string().nullable(),
    revolutUsername: z.string().nullable(),
  })
  .meta({ id: 'Payee' });

// The organiser's view of the money, in SGD.
export const paymentSummarySchema = z
  .object({
    // What the car costs (cost + stops surcharge).
    carCost: z.number(),
    // The passengers' shares together.
    expected: z.number(),
    // The organiser's own share: carCost less expected, to the cent (_shared/price.ts).
    ownShare: z.number(),
    // Confirmed as paid to this organiser, less refunds.
    collected: z.number(),
    // Said paid by the passenger, not confirmed yet.
    claimed: z.number(),
    // Paid over the shares now: to give back.
    toRefund: z.number(),
    // Paid to organisers before this one, by whom it is held.
    heldElsewhere: z.array(heldElsewhereSchema),
    paidCount: z.number().int(),
    claimedCount: z.number().int(),
    unpaidCount: z.number().int(),
    // Passengers who still owe something (unpaid, claimed, or a share that rose).
    owingCount: z.number().int(),
  })
  .meta({ id: 'PaymentSummary' });

const passengerOrNull = z.union([passengerSchema, z.null()]);

// GET /api/rides/{id}/payment: for the organiser and the ride's passengers.
export const ridePaymentSchema = z
  .object({
    payee: payeeSchema,
    // The organiser's totals; null for a passenger.
    summary: z.union([paymentSummarySchema, z.null()]),
  })
  .meta({ id: 'RidePayment' });

// POST /api/rides/{id}/payment/claim: the passenger's entry as it is now.
export const claimPaymentAnswerSchema = z.object({ message: z.string(), passenger: passengerOrNull });

// POST /api/rides/{id}/passengers/{passengerId}/payment: the entry and the organiser's totals.
export const confirmPaymentAnswerSchema = z.object({
  message: z.string(),
  passenger: passengerOrNull,
  summary: paymentSummarySchema,
});

// POST /api/rides/{id}/passengers/{passengerId}/refund: what was given back, and as above.
export const refundPaymentAnswerSchema = confirmPaymentAnswerSchema.extend({ refunded: z.number() });

// POST /api/rides/{id}/payment/remind: how many passengers were reminded.
export const remindUnpaidAnswerSchema = z.object({ message: z.string(), reminded: z.number().int().nonnegative() });

export type ClaimPaymentAnswer = z.infer<typeof claimPaymentAnswerSchema>;
export type ConfirmPaymentAnswer = z.infer<typeof confirmPaymentAnswerSchema>;
export type RefundPaymentAnswer = z.infer<typeof refundPaymentAnswerSchema>;
export type RemindUnpaidAnswer = z.infer<typeof remindUnpaidAnswerSchema>;
