// The organiser's totals, from the passengers answer: the api sends them after a change and the
// PWA works them out from its cached list, so both read the same figures. Sums are in cents
// (price.ts), and the organiser's own share is the exact rest of the car's total.
import { organiserShare, passengerShare, type PriceInputs, sumSgd, totalCost } from './price.ts';
import type { PaymentStatus, PaymentSummary } from './types/payment.ts';

export interface PayingEntry {
  passengerCount: number;
  paymentStatus: PaymentStatus | null;
  // The share as the api sent it, worked out from the ride as it read it.
  share?: number | null;
}

export function paymentSummary(ride: PriceInputs, passengers: readonly PayingEntry[]): PaymentSummary {
  const shares = passengers.map((passenger) => passenger.share ?? passengerShare(ride, passenger.passengerCount));
  const withStatus = (status: PaymentStatus) =>
    shares.filter((_, index) => passengers[index]!.paymentStatus === status);
  const paid = withStatus('paid');
  const claimed = withStatus('claimed');
  const carCost = totalCost(ride);
  return {
    carCost,
    expected: sumSgd(shares),
    ownShare: organiserShare(carCost, shares),
    collected: sumSgd(paid),
    claimed: sumSgd(claimed),
    paidCount: paid.length,
    claimedCount: claimed.length,
    unpaidCount: passengers.length - paid.length - claimed.length,
  };
}
