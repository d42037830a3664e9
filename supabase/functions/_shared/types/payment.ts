// Paying the organiser (issue 13, part 3; sums kept, issue 37 §2): the api's answers and what
// the PWA reads.

// 'claimed': the passenger said "I've paid"; 'paid': the organiser confirmed it.
export type PaymentStatus = 'unpaid' | 'claimed' | 'paid';

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['unpaid', 'claimed', 'paid'];

// One sum of a seat as public.ride_payments keeps it: to whom it went (or who gave it back).
export interface PaymentSum {
  organiserId: number | null;
  organiserName: string | null;
  kind: 'payment' | 'refund';
  amount: number;
  confirmed: boolean;
}

// A seat's money, worked out from its sums and its share now (_shared/payments.ts).
export interface PassengerMoney {
  // Everything sent, said or confirmed, less what came back.
  paid: number;
  // What the organiser confirmed, less what came back.
  confirmed: number;
  refunded: number;
  // Confirmed to the ride's organiser now, less what they gave back.
  received: number;
  // Still to pay of the share now (it rose, or nothing was paid yet).
  due: number;
  // Confirmed beyond the share now (it fell): the organiser owes it back.
  over: number;
  // Sums that went to someone other than the ride's organiser now (one who handed it over).
  elsewhere: Array<{ organiserId: number | null; name: string | null; amount: number }>;
}

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
  // Confirmed as paid to this organiser, less refunds.
  collected: number;
  // Said paid by the passenger, not confirmed yet.
  claimed: number;
  // Paid over the shares now: to give back.
  toRefund: number;
  // Paid to organisers before this one, by whom it is held.
  heldElsewhere: Array<{ organiserId: number | null; name: string | null; amount: number }>;
  paidCount: number;
  claimedCount: number;
  unpaidCount: number;
  // Passengers who still owe something (unpaid, claimed, or a share that rose).
  owingCount: number;
}

// GET /api/rides/{id}/payment: for the organiser and the ride's passengers.
export interface RidePayment {
  payee: Payee;
  // The organiser's totals; null for a passenger.
  summary: PaymentSummary | null;
}
