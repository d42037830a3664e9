// The organiser's totals, from the passengers answer: the api sends them after a change and the
// PWA works them out from its cached list, so both read the same figures.
import { passengerShare, totalCost, type PriceInputs } from './price.ts';
import type { PaymentStatus, PaymentSummary } from './types/payment.ts';

export interface PayingEntry {
  passengerCount: number;
  paymentStatus: PaymentStatus | null;
  // The share as the api sent it, worked out from the ride as it read it.
  share?: number | null;
}

export function paymentSummary(ride: PriceInputs, passengers: readonly PayingEntry[]): PaymentSummary {
  const summary: PaymentSummary = {
    carCost: totalCost(ride),
    expected: 0,
    collected: 0,
    claimed: 0,
    paidCount: 0,
    claimedCount: 0,
    unpaidCount: 0,
  };
  for (const passenger of passengers) {
    const share = passenger.share ?? passengerShare(ride, passenger.passengerCount);
    summary.expected += share;
    if (passenger.paymentStatus === 'paid') {
      summary.collected += share;
      summary.paidCount += 1;
    } else if (passenger.paymentStatus === 'claimed') {
      summary.claimed += share;
      summary.claimedCount += 1;
    } else {
      summary.unpaidCount += 1;
    }
  }
  return summary;
}
