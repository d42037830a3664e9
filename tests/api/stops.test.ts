// The one route of a ride (_shared/stops.ts) that the Passengers tab, the border checklist, the
// calendar file, the share summary, the ride page and the drop-off panel all number from.
import { describe, expect, it } from 'vitest';

import { pickupOrderSet, pickupPlace, rideRoute, stopNumberOf } from '../../supabase/functions/_shared/stops.ts';

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

  it('SG->FC: until their order is set, the pickups, organiser first, are listed without numbers and end at Forest City', () => {
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
    expect(pickupPlace(route, alice)).toBeNull();
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

describe('rideRoute: the SG->FC pickup order (issue 37 §3, ADR 0040)', () => {
  const sgfc = {
    direction: 'SG->FC' as const,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
  };

  it('numbers the pickups, organiser first, once the ride is locked: "Pickup 2 of 3"', () => {
    const [bob, alice] = [passenger('Bob', 1), passenger('Alice', 2)];
    const route = rideRoute({ ...sgfc, sequenceLocked: true }, [alice, bob]);
    expect(route.numbered).toBe(true);
    expect(route.start).toBeNull();
    expect(route.end).toBe('Forest City');
    expect(route.stops.map((stop) => [stop.number, stop.location])).toEqual([
      [1, 'Pasir Ris MRT'],
      [2, "Bob's stop"],
      [3, "Alice's stop"],
    ]);
    expect(pickupPlace(route, bob)).toEqual({ number: 2, of: 3 });
    expect(pickupPlace(route, alice)).toEqual({ number: 3, of: 3 });
  });

  it('counts as set when every passenger has a number, as SPEC §4 reads a lock on load', () => {
    const numbered = [passenger('A', 2), passenger('B', 1)];
    expect(pickupOrderSet(sgfc, numbered)).toBe(true);
    expect(rideRoute(sgfc, numbered).stops.map((stop) => stop.number)).toEqual([1, 2, 3]);
    // One without a number: a draft, unnumbered on every screen.
    const draft = [passenger('A', 2), passenger('B')];
    expect(pickupOrderSet(sgfc, draft)).toBe(false);
    expect(rideRoute(sgfc, draft).stops.map((stop) => stop.number)).toEqual([null, null, null]);
    // Nobody aboard but the organiser: nothing was ordered.
    expect(pickupOrderSet(sgfc, [])).toBe(false);
    expect(rideRoute(sgfc, []).numbered).toBe(false);
    // FC->SG has no pickup order to set: its drop-offs are always numbered (as before).
    expect(pickupOrderSet({ direction: 'FC->SG', sequenceLocked: true }, numbered)).toBe(false);
    const fcsg = rideRoute({ direction: 'FC->SG', pickupLocation: null, dropoffLocations: ['Bedok'] }, draft);
    expect(pickupPlace(fcsg, draft[0]!)).toBeNull();
  });

  it('numbers a draft in the order given for the panel that sets it', () => {
    const [a, b] = [passenger('A'), passenger('B')];
    const route = rideRoute(sgfc, [b, a], { draft: true });
    expect(route.stops.map((stop) => [stop.number, stop.passenger?.name ?? null])).toEqual([
      [1, null],
      [2, 'B'],
      [3, 'A'],
    ]);
    expect(route.end).toBe('Forest City');
  });
});
