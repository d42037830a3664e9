import { describe, expect, it } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import {
  canPlanReturn,
  mirrorStop,
  oppositeDirection,
  PLAN_RETURN_AFTER_MS,
  readReturnJoinPrefill,
  readReturnOf,
  returnFormDefaults,
  returnJoinPrefill,
  returnJoinState,
} from './return-trip';
import { toRideSaveBody } from './ride-form-schema';

const NOW = Date.parse('2030-06-10T00:00:00.000Z');

describe('the return form', () => {
  it('turns an SG->FC pickup into the FC->SG drop-off, same maximum and party, no date', () => {
    const outbound = makeRide({
      direction: 'SG->FC',
      pickupLocation: 'Pasir Ris MRT\nExit B',
      dropoffLocations: [{ location: 'Pasir Ris MRT\nExit B', passengerCount: 3 }],
      maxPassengers: 7,
      organizerPassengerCount: 3,
      driverContactId: 4,
      cost: 75,
    });
    const values = returnFormDefaults(outbound);
    expect(values).toEqual({
      direction: 'FC->SG',
      maxPassengers: 7,
      date: '',
      organizerPassengerCount: 3,
      location: 'Pasir Ris MRT\nExit B',
      cost: 75,
      driverContactId: null,
    });
    // Saved as SPEC §7 shapes an FC->SG ride: Forest City pickup, the organiser's drop-off.
    const body = toRideSaveBody({ ...values, date: '2030-06-20T18:00' });
    expect(body).toMatchObject({
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Pasir Ris MRT\nExit B', passengerCount: 3 }],
      organizerPassengerCount: 3,
      maxPassengers: 7,
    });
  });

  it('turns an FC->SG drop-off into the SG->FC pickup, not the Forest City pickup', () => {
    const outbound = makeRide({
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: ' Tampines Mall ', passengerCount: 2 }, 'Bedok'],
      organizerPassengerCount: 2,
    });
    const values = returnFormDefaults(outbound);
    expect(values).toMatchObject({ direction: 'SG->FC', location: 'Tampines Mall', organizerPassengerCount: 2 });
    expect(toRideSaveBody({ ...values, date: '2030-06-20T08:00' })).toMatchObject({
      pickupLocation: 'Tampines Mall',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
    });
  });

  it('flips the direction both ways', () => {
    expect(oppositeDirection('SG->FC')).toBe('FC->SG');
    expect(oppositeDirection('FC->SG')).toBe('SG->FC');
  });
});

describe("a passenger's stop on the return", () => {
  it('is the same Singapore place, with their party', () => {
    expect(mirrorStop('  Bedok Mall ')).toBe('Bedok Mall');
    expect(mirrorStop(null)).toBe('');
    expect(returnJoinPrefill(makePassenger(1, { dropoffLocation: 'Clementi MRT', passengerCount: 3 }))).toEqual({
      dropoffLocation: 'Clementi MRT',
      passengerCount: 3,
    });
  });

  it('travels in router state and is read back only when well formed', () => {
    const prefill = { dropoffLocation: 'Clementi MRT', passengerCount: 2 };
    expect(readReturnJoinPrefill(returnJoinState(prefill))).toEqual(prefill);
    expect(readReturnJoinPrefill({ returnJoin: { dropoffLocation: 'X', passengerCount: 40 } })).toEqual({
      dropoffLocation: 'X',
      passengerCount: 10,
    });
    for (const bad of [
      null,
      undefined,
      'x',
      {},
      { returnJoin: null },
      { returnJoin: { dropoffLocation: 3, passengerCount: 1 } },
      { returnJoin: { dropoffLocation: 'X', passengerCount: 1.5 } },
    ]) {
      expect(readReturnJoinPrefill(bad)).toBeNull();
    }
  });
});

describe('Plan the return', () => {
  const ride = (overrides = {}) => makeRide({ creatorId: 10, date: '2030-06-12T00:00:00.000Z', ...overrides });

  it('is for the organiser of an upcoming or just-past ride with no return yet', () => {
    expect(canPlanReturn(ride(), 10, NOW)).toBe(true);
    expect(canPlanReturn(ride(), 11, NOW)).toBe(false);
    expect(canPlanReturn(ride(), null, NOW)).toBe(false);
    expect(
      canPlanReturn(ride({ returnTrip: { id: 5, direction: 'FC->SG', date: '2030-06-13T00:00:00.000Z' } }), 10, NOW),
    ).toBe(false);
    expect(canPlanReturn(ride({ returnOf: 3 }), 10, NOW)).toBe(false);
    const justPast = ride({ date: new Date(NOW - PLAN_RETURN_AFTER_MS + 60_000).toISOString() });
    expect(canPlanReturn(justPast, 10, NOW)).toBe(true);
    const longPast = ride({ date: new Date(NOW - PLAN_RETURN_AFTER_MS - 60_000).toISOString() });
    expect(canPlanReturn(longPast, 10, NOW)).toBe(false);
  });

  it('reads the outbound id from the create form address', () => {
    expect(readReturnOf(new URLSearchParams('returnOf=42'))).toBe(42);
    for (const bad of [
      '',
      'returnOf=',
      'returnOf=0',
      'returnOf=-1',
      'returnOf=4.2',
      'returnOf=abc',
      'returnOf=99999999999',
    ]) {
      expect(readReturnOf(new URLSearchParams(bad))).toBeNull();
    }
  });
});
