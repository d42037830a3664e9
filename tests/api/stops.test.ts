// The one route of a ride (_shared/stops.ts) that the Passengers tab, the border checklist, the
// calendar file, the share summary, the ride page and the drop-off panel all number from.
import { describe, expect, it } from 'vitest';

import { rideRoute, stopNumberOf } from '../../supabase/functions/_shared/stops.ts';

const passenger = (name: string, dropoffSequence: number | null = null, passengerCount = 1) => ({
  name,
  dropoffLocation: `${name}'s stop`,
  dropoffSequence,
  passengerCount,
});

describe('rideRoute', () => {
  it("FC->SG: numbers the organiser's stop first, then the passengers in the order the list gives", () => {
    const alice = passenger('Alice');
    const bob = passenger('Bob', null, 3);
    const route = rideRoute(
      {
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      },
      [alice, bob],
    );
    expect(route.numbered).toBe(true);
    expect(route.start).toBe('Forest City');
    expect(route.end).toBeNull();
    expect(
      route.stops.map((stop) => [stop.number, stop.location, stop.passengerCount, stop.passenger?.name ?? null]),
    ).toEqual([
      [1, 'Tampines Mall', 2, null],
      [2, "Alice's stop", 1, 'Alice'],
      [3, "Bob's stop", 3, 'Bob'],
    ]);
    expect(stopNumberOf(route, bob)).toBe(3);
  });

  it('a locked number wins over the list order; the unnumbered keep their order after it', () => {
    const [a, b, c, d] = [passenger('A'), passenger('B', 2), passenger('C', 1), passenger('D')];
    const route = rideRoute({ direction: 'FC->SG', pickupLocation: '', dropoffLocations: ['Bedok'] }, [a, b, c, d]);
    expect(route.start).toBe('Forest City');
    expect(route.stops.map((stop) => stop.passenger?.name ?? stop.location)).toEqual(['Bedok', 'C', 'B', 'A', 'D']);
    expect(route.stops.map((stop) => stop.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('SG->FC: the pickups, organiser first, are listed without numbers and end at Forest City', () => {
    const alice = passenger('Alice');
    const route = rideRoute(
      {
        direction: 'SG->FC',
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
        organizerPassengerCount: 2,
      },
      [alice],
    );
    expect(route.numbered).toBe(false);
    expect(route.start).toBeNull();
    expect(route.end).toBe('Forest City');
    expect(route.stops.map((stop) => [stop.number, stop.location, stop.passengerCount])).toEqual([
      [null, 'Pasir Ris MRT', 2],
      [null, "Alice's stop", 1],
    ]);
    expect(stopNumberOf(route, alice)).toBeNull();
  });

  it('keeps a stop the reader may not see (its place hidden) in its place, so the numbers after it hold', () => {
    const hidden = { dropoffLocation: null, dropoffSequence: 1 };
    const shown = { dropoffLocation: 'Bedok', dropoffSequence: 2 };
    const route = rideRoute({ direction: 'FC->SG', pickupLocation: null, dropoffLocations: null }, [shown, hidden]);
    expect(route.stops.map((stop) => [stop.number, stop.location])).toEqual([
      [1, null],
      [2, 'Bedok'],
    ]);
  });
});
