// Paying the organiser (issue 13, part 3): the api's answers and what the PWA reads.

// 'claimed': the passenger said "I've paid"; 'paid': the organiser confirmed it.
export type PaymentStatus = 'unpaid' | 'claimed' | 'paid';

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['unpaid', 'claimed', 'paid'];

// Where a passenger sends the money: the organiser's name and the accounts they gave.
export interface Payee {
  userId: number;
  name: string;
  // Any number the organiser gave; PayNow needs a Singapore (+65) one.
  whatsappNumber: string | null;
  revolutUsername: string | null;
}

// The organiser's view of the money, in SGD.
export interface PaymentSummary {
  // What the car costs (cost + stops surcharge).
  carCost: number;
  // The passengers' shares together.
  expected: number;
  // The organiser's own share: carCost less expected, to the cent (_shared/price.ts).
  ownShare: number;
  // Confirmed as paid.
  collected: number;
  // Said paid by the passenger, not confirmed yet.
  claimed: number;
  paidCount: number;
  claimedCount: number;
  unpaidCount: number;
}

// GET /api/rides/{id}/payment: for the organiser and the ride's passengers.
export interface RidePayment {
  payee: Payee;
  // The organiser's totals; null for a passenger.
  summary: PaymentSummary | null;
}
