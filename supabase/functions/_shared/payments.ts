// A seat's money and the organiser's totals, from the passengers answer: the api sends them after
// a change and the PWA works them out from its cached list, so both read the same figures. Sums
// are in cents (price.ts), and the organiser's own share is the exact rest of the car's total.
import { organiserShare, passengerShare, type PriceInputs, sumSgd, totalCost } from './price.ts';
import type { PassengerMoney, PaymentStatus, PaymentSum, PaymentSummary } from './types/payment.ts';

const cents = (sgd: number): number => Math.round(sgd * 100);
const sgd = (amount: number): number => amount / 100;

// A seat's money (issue 37 §2): what its sums add up to against its share now. A seat marked
// before sums were kept (a status, no sums) paid its share, whatever it reads now, to the
// organiser of now: as the app counted it then (migration 20261208090000).
export function passengerMoney(
  share: number,
  status: PaymentStatus,
  sums: readonly PaymentSum[],
  organiserId: number,
): PassengerMoney {
  const kept: readonly PaymentSum[] =
    sums.length === 0 && status !== 'unpaid'
      ? [
          {
            organiserId,
            organiserName: null,
            kind: 'payment',
            amount: share,
            confirmed: status === 'paid',
          },
        ]
      : sums;
  let paid = 0;
  let confirmed = 0;
  let refunded = 0;
  let received = 0;
  const elsewhere = new Map<number | null, { organiserId: number | null; name: string | null; amount: number }>();
  for (const sum of kept) {
    const signed = sum.kind === 'refund' ? -cents(sum.amount) : cents(sum.amount);
    paid += signed;
    if (sum.kind === 'refund') refunded += cents(sum.amount);
    if (sum.confirmed) confirmed += signed;
    if (sum.confirmed && sum.organiserId === organiserId) received += signed;
    if (sum.organiserId !== organiserId) {
      const held = elsewhere.get(sum.organiserId) ?? {
        organiserId: sum.organiserId,
        name: sum.organiserName,
        amount: 0,
      };
      held.amount += signed;
      elsewhere.set(sum.organiserId, held);
    }
  }
  const owed = cents(share);
  return {
    paid: sgd(paid),
    confirmed: sgd(confirmed),
    refunded: sgd(refunded),
    received: sgd(received),
    due: sgd(Math.max(0, owed - paid)),
    over: sgd(Math.max(0, confirmed - owed)),
    elsewhere: [...elsewhere.values()]
      .filter((held) => held.amount !== 0)
      .map((held) => ({ ...held, amount: sgd(held.amount) })),
  };
}

export interface PayingEntry {
  passengerCount: number;
  paymentStatus: PaymentStatus | null;
  // The share as the api sent it, worked out from the ride as it read it.
  share?: number | null;
  payments?: readonly PaymentSum[] | null;
  money?: PassengerMoney | null;
}

export function paymentSummary(
  ride: PriceInputs & { creatorId?: number },
  passengers: readonly PayingEntry[],
): PaymentSummary {
  const shares = passengers.map((passenger) => passenger.share ?? passengerShare(ride, passenger.passengerCount));
  const status = (index: number) => passengers[index]!.paymentStatus ?? 'unpaid';
  // Money as the api worked it out, else from the entry's sums (an older cached answer).
  const money = passengers.map(
    (passenger, index) =>
      passenger.money ?? passengerMoney(shares[index]!, status(index), passenger.payments ?? [], ride.creatorId ?? 0),
  );
  const withStatus = (wanted: PaymentStatus) => passengers.filter((_, index) => status(index) === wanted).length;
  const heldElsewhere = new Map<number | null, { organiserId: number | null; name: string | null; amount: number }>();
  for (const entry of money) {
    for (const held of entry.elsewhere) {
      const sum = heldElsewhere.get(held.organiserId) ?? { ...held, amount: 0 };
      sum.amount = sumSgd([sum.amount, held.amount]);
      heldElsewhere.set(held.organiserId, sum);
    }
  }
  const carCost = totalCost(ride);
  return {
    carCost,
    expected: sumSgd(shares),
    ownShare: organiserShare(carCost, shares),
    // Confirmed to this organiser: what the ones before hold is theirs to pass on.
    collected: sumSgd(money.map((entry) => entry.received)),
    claimed: sumSgd(money.map((entry) => sumSgd([entry.paid, -entry.confirmed]))),
    toRefund: sumSgd(money.map((entry) => entry.over)),
    heldElsewhere: [...heldElsewhere.values()].filter((held) => held.amount !== 0),
    paidCount: withStatus('paid'),
    claimedCount: withStatus('claimed'),
    unpaidCount: withStatus('unpaid'),
    owingCount: money.filter((entry, index) => status(index) !== 'paid' || entry.due > 0).length,
  };
}
