import type { Passenger, Ride } from '@shared/types/ride.ts';

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
    record: { trips: 0, noShows: 0 },
    noShow: null,
    ...overrides,
  };
}
