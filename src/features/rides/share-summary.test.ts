import type { RideListItem } from '@shared/types/ride.ts';
import { describe, expect, it } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { tripSummary } from './share-summary';

const ORIGIN = 'https://rides.example.sg';

describe('tripSummary (SPEC §9)', () => {
  it('describes an SG->FC ride: pickup, passengers, total and join link', () => {
    const text = tripSummary(
      makeRide({
        id: 42,
        date: '2030-06-15T01:30:00.000Z',
        currentPassengers: 3,
        maxPassengers: 5,
        additionalStops: 2,
      }),
      ORIGIN,
    );
    expect(text.split('\n')).toEqual([
      'FC RideShare: Singapore to Forest City',
      'Date & time: Sat, 15 Jun 2030, 9:30 am',
      'Pickup: Pasir Ris MRT',
      'Drop-off: Forest City',
      'Passengers: 3/5',
      'Total cost: $90.00 SGD',
      'Each now: $30.00 SGD (3 aboard)',
      `Join: ${ORIGIN}/rides/42`,
    ]);
  });

  it('numbers SG->FC pickups once their order is set, and only then (ADR 0040)', () => {
    const ride = makeRide({ id: 42, date: '2030-06-15T01:30:00.000Z', currentPassengers: 3, maxPassengers: 5 });
    const set = [
      makePassenger(1, { dropoffLocation: 'Bedok Mall', dropoffSequence: 2 }),
      makePassenger(2, { dropoffLocation: 'Simei MRT', dropoffSequence: 1 }),
    ];
    expect(tripSummary(ride, ORIGIN, set).split('\n').slice(2, 7)).toEqual([
      'Pickup: Pasir Ris MRT',
      'Pickups in order:',
      '1. Pasir Ris MRT',
      '2. Simei MRT',
      '3. Bedok Mall',
    ]);
    const draft = set.map((passenger) => ({ ...passenger, dropoffSequence: null }));
    expect(tripSummary(ride, ORIGIN, draft).split('\n').slice(2, 4)).toEqual([
      'Pickup: Pasir Ris MRT',
      'Drop-off: Forest City',
    ]);
  });

  it('numbers FC->SG drop-offs: organiser first, then passengers in stop order', () => {
    const ride = makeRide({
      id: 7,
      direction: 'FC->SG',
      date: '2030-06-15T10:00:00.000Z',
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      currentPassengers: 4,
      maxPassengers: 6,
    });
    const passengers = [
      makePassenger(1, { dropoffLocation: 'Bedok MRT', dropoffSequence: 2 }),
      makePassenger(2, { dropoffLocation: 'Changi Airport T3', dropoffSequence: null }),
      makePassenger(3, { dropoffLocation: 'Pasir Ris MRT', dropoffSequence: 1 }),
    ];
    const lines = tripSummary(ride, ORIGIN, passengers).split('\n');
    expect(lines[0]).toBe('FC RideShare: Forest City to Singapore');
    expect(lines[1]).toBe('Date & time: Sat, 15 Jun 2030, 6:00 pm');
    expect(lines.slice(2, 7)).toEqual([
      'Pickup: Forest City',
      'Drop-offs:',
      '1. Tampines Mall',
      '2. Pasir Ris MRT',
      '3. Bedok MRT',
    ]);
    expect(lines[7]).toBe('4. Changi Airport T3');
    expect(lines).toContain('Passengers: 4/6');
    expect(lines).toContain('Total cost: $80.00 SGD');
    expect(lines.at(-1)).toBe(`Join: ${ORIGIN}/rides/7`);
  });

  it('reads plain-string drop-offs and falls back to Forest City as the FC->SG pickup', () => {
    const text = tripSummary(
      makeRide({ direction: 'FC->SG', pickupLocation: null, dropoffLocations: ['Jurong East'] }),
      ORIGIN,
    );
    expect(text).toContain('Pickup: Forest City\nDrop-offs:\n1. Jurong East\nPassengers:');
  });
});

describe('tripSummary from a list item (ADR 0009)', () => {
  it('needs nothing a windowed list leaves out: the same text as from the whole ride', () => {
    const full = makeRide({
      id: 42,
      date: '2030-06-15T01:30:00.000Z',
      currentPassengers: 3,
      maxPassengers: 5,
      additionalStops: 2,
    });
    const item: RideListItem = {
      id: full.id,
      creatorId: full.creatorId,
      direction: full.direction,
      date: full.date,
      maxPassengers: full.maxPassengers,
      currentPassengers: full.currentPassengers,
      pickupLocation: full.pickupLocation,
      dropoffLocations: full.dropoffLocations,
      status: full.status,
      vendorId: full.vendorId,
      cost: full.cost,
      additionalStops: full.additionalStops,
      organizerName: full.organizerName,
    };
    expect(tripSummary(item, ORIGIN)).toBe(tripSummary(full, ORIGIN));
    expect(tripSummary(item, ORIGIN)).toContain('Total cost: $90.00 SGD');
  });
});
