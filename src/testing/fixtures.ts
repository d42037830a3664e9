import type { PaymentSummary } from '@shared/types/payment.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import type { RideSeries } from '@shared/types/ride-series.ts';

export function makeRide(overrides: Partial<Ride> = {}): Ride {
  return {
    id: 1,
    creatorId: 10,
    direction: 'SG->FC',
    date: '2030-06-16T01:30:00.000Z',
    maxPassengers: 4,
    currentPassengers: 1,
    organizerPassengerCount: 1,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    status: 'open',
    vendorId: null,
    driverContactId: null,
    cost: 80,
    additionalStops: 0,
    sequenceLocked: false,
    createdAt: '2030-06-01T00:00:00.000Z',
    creatorName: 'Olivia',
    organizerName: 'Olivia',
    creator: null,
    ...overrides,
  };
}

export function makePassenger(id: number, overrides: Partial<Passenger> = {}): Passenger {
  return {
    id,
    rideId: 1,
    userId: 100 + id,
    dropoffLocation: `Stop ${id}`,
    dropoffSequence: null,
    pickupTime: null,
    passengerCount: 1,
    createdAt: '2030-06-01T00:00:00.000Z',
    user: {
      id: 100 + id,
      fullName: null,
      name: null,
      discordUsername: `p${id}`,
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
    },
    paymentStatus: null,
    share: null,
    payments: null,
    money: null,
    record: { trips: 0, noShows: 0 },
    noShow: null,
    ...overrides,
  };
}

// The organiser's totals of a ride of 80 nobody has paid for yet.
export function makePaymentSummary(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    carCost: 80,
    expected: 0,
    ownShare: 80,
    collected: 0,
    claimed: 0,
    toRefund: 0,
    heldElsewhere: [],
    paidCount: 0,
    claimedCount: 0,
    unpaidCount: 0,
    owingCount: 0,
    ...overrides,
  };
}

// A weekly series (issue 27): Mondays and Fridays at 9:30 am, its first two dates rides 1 and 2.
export function makeSeries(overrides: Partial<RideSeries> = {}): RideSeries {
  return {
    id: 5,
    creatorId: 10,
    organizerName: 'Olivia',
    direction: 'SG->FC',
    weekdays: [1, 5],
    until: '2030-07-26',
    time: '09:30',
    endedAt: null,
    dates: [
      { rideId: 1, date: '2030-06-17T01:30:00.000Z', maxPassengers: 4, seatsLeft: 3, onRide: false, onWaitlist: false },
      { rideId: 2, date: '2030-06-21T01:30:00.000Z', maxPassengers: 4, seatsLeft: 0, onRide: false, onWaitlist: false },
      { rideId: 3, date: '2030-06-24T01:30:00.000Z', maxPassengers: 4, seatsLeft: 2, onRide: false, onWaitlist: false },
    ],
    regular: null,
    ...overrides,
  };
}
