// Paying the organiser (issue 13, part 3; sums kept, issue 37 §2): the api's answers and what
// the PWA reads, as their schemas declare them (schemas/passengers-response.ts,
// schemas/payments-response.ts; the fields are described there). Types only: nothing here is
// bundled.
import type { z } from 'zod';

import type { passengerMoneySchema, paymentStatusSchema, paymentSumSchema } from '../schemas/passengers-response.ts';
import type { payeeSchema, paymentSummarySchema, ridePaymentSchema } from '../schemas/payments-response.ts';

// 'claimed': the passenger said "I've paid"; 'paid': the organiser confirmed it.
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

// One sum of a seat as public.ride_payments keeps it: to whom it went (or who gave it back).
export type PaymentSum = z.infer<typeof paymentSumSchema>;

// A seat's money, worked out from its sums and its share now (_shared/payments.ts).
export type PassengerMoney = z.infer<typeof passengerMoneySchema>;

// Where a passenger sends the money: the organiser's name and the accounts they gave.
export type Payee = z.infer<typeof payeeSchema>;

// The organiser's view of the money, in SGD.
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

// GET /api/rides/{id}/payment: for the organiser and the ride's passengers.
export type RidePayment = z.infer<typeof ridePaymentSchema>;
