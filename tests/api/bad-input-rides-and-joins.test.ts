// Bad input anywhere gets a 4xx with a JSON {message} a person can read, never a 5xx, and a refused
// request changes nothing (issue 2, "Bad input"). This file: counts, dates and long strings on
// rides, joins and the drop-off sequence. The fixture is tests/support/bad-input.ts.
import { describe, expect, it } from 'vitest';

import { expectRefusal, snapshot } from '../support/accounts.ts';
import { rideBody } from '../support/api-client.ts';
import { itLeftTheSeededRide, useBadInputSuite } from '../support/bad-input.ts';
import { oneBackend } from '../support/databases.ts';

describe.each(oneBackend)('bad input on %s', (backend) => {
  const suite = useBadInputSuite(backend);
  const { clients } = suite;

  describe('counts, dates and long strings on rides and joins', () => {
    const rideCases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['maxPassengers 0', { maxPassengers: 0 }, /Maximum passengers must be at least 1/],
      ['maxPassengers 11', { maxPassengers: 11 }, /Maximum passengers must be at most 10/],
      ['maxPassengers 2.5', { maxPassengers: 2.5 }, /Maximum passengers must be a whole number/],
      ["maxPassengers '3'", { maxPassengers: '3' }, /Maximum passengers must be a number/],
      ['maxPassengers -1', { maxPassengers: -1 }, /Maximum passengers must be at least 1/],
      ['maxPassengers 1e3', { maxPassengers: 1e3 }, /Maximum passengers must be at most 10/],
      ['organizerPassengerCount 0', { organizerPassengerCount: 0 }, /Passengers at your location must be at least 1/],
      ['organizerPassengerCount 11', { organizerPassengerCount: 11 }, /Passengers at your location must be at most 10/],
      [
        'organizerPassengerCount over max',
        { maxPassengers: 2, organizerPassengerCount: 3 },
        /cannot exceed the maximum/,
      ],
      [
        'a drop-off count of 0',
        { dropoffLocations: [{ location: 'Bedok', passengerCount: 0 }] },
        /Drop-off passenger count must be at least 1/,
      ],
      [
        'a drop-off count of 11',
        { dropoffLocations: [{ location: 'Bedok', passengerCount: 11 }] },
        /Drop-off passenger count must be at most 10/,
      ],
      [
        "a drop-off count of '3'",
        { dropoffLocations: [{ location: 'Bedok', passengerCount: '3' }] },
        /Drop-off passenger count must be a number/,
      ],
      ['date "tomorrow"', { date: 'tomorrow' }, /^Invalid date provided$/],
      ['an empty date', { date: '' }, /^Invalid date provided$/],
      ['date 2030-13-45', { date: '2030-13-45T10:00:00Z' }, /^Invalid date provided$/],
      ['a numeric date', { date: 1893456000000 }, /^Invalid date provided$/],
      ['a null date', { date: null }, /^Invalid date provided$/],
      ['a date object', { date: { year: 2030 } }, /^Invalid date provided$/],
      ['a past date', { date: '2020-01-01T00:00:00Z' }, /future/],
      ['a date beyond what Postgres stores', { date: '+275760-09-13T00:00:00.000Z' }, /^Invalid date provided$/],
      ['a date in year 10000', { date: '+010000-01-01T00:00:00.000Z' }, /^Invalid date provided$/],
      ['a date that is year 10000 in UTC', { date: '9999-12-31T23:00:00-05:00' }, /^Invalid date provided$/],
      ['a date before 2000', { date: '1999-12-31T23:59:59Z' }, /^Invalid date provided$/],
      ['direction "north"', { direction: 'north' }, /Direction must be/],
      ['a 501-character pickup', { pickupLocation: 'p'.repeat(501) }, /at most 500 characters/],
      ['a blank pickup', { pickupLocation: '   ' }, /Please specify your location/],
      [
        'a NUL in the pickup',
        { pickupLocation: 'Pasir Ris\u0000 MRT' },
        /^Location cannot contain control characters$/,
      ],
      [
        'an escape in the pickup',
        { pickupLocation: 'Pasir Ris \u001b[31mMRT' },
        /^Location cannot contain control characters$/,
      ],
      [
        'a DEL in a drop-off',
        { dropoffLocations: [{ location: 'Bedok\u007f', passengerCount: 1 }] },
        /^Location cannot contain control characters$/,
      ],
      [
        'a 501-character drop-off',
        { dropoffLocations: [{ location: 'd'.repeat(501), passengerCount: 1 }] },
        /at most 500 characters/,
      ],
      ['dropoffLocations that is text', { dropoffLocations: 'Bedok' }, /dropoffLocations must be a list/],
      [
        '11 drop-off entries',
        { dropoffLocations: Array.from({ length: 11 }, () => ({ location: 'Bedok', passengerCount: 1 })) },
        /At most 10/,
      ],
      ['driverContactId "abc"', { driverContactId: 'abc' }, /driverContactId must be a number/],
      ['driverContactId 1e12', { driverContactId: 1e12 }, /driverContactId is too large/],
      ['an unknown driverContactId', { driverContactId: 999999 }, /driver does not exist/],
    ];

    it.each(rideCases)('refuses a new ride with %s (400) and stores nothing', async (_label, overrides, message) => {
      const before = await snapshot(suite.db);
      const answer = await clients.member.post('/api/rides', { ...rideBody(), ...overrides });
      expectRefusal(answer, 400, message);
      expect(await snapshot(suite.db)).toEqual(before);
    });

    it.each(rideCases)('refuses an edit with %s and keeps the ride as it was', async (_label, overrides, message) => {
      const before = await snapshot(suite.db);
      const answer = await clients.organiser.patch(`/api/rides/${suite.openRideId}`, {
        ...rideBody({ maxPassengers: 3 }),
        ...overrides,
      });
      expectRefusal(answer, 400, message);
      expect(await snapshot(suite.db)).toEqual(before);
    });

    it('keeps line breaks and tabs in a location, which come from multi-line text areas', async () => {
      const pickupLocation = 'Pasir Ris MRT\r\nExit A\tnear the taxi stand\nBlock 5';
      const created = await clients.member.post('/api/rides', rideBody({ pickupLocation }));
      expect(created.status).toBe(201);
      expect(created.body.pickupLocation).toBe(pickupLocation);
    });

    const joinCases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['passengerCount 0', { passengerCount: 0 }, /^Must have at least 1 passenger$/],
      ['passengerCount 11', { passengerCount: 11 }, /Passenger count must be at most 10/],
      ['passengerCount 2.5', { passengerCount: 2.5 }, /Passenger count must be a whole number/],
      ["passengerCount '3'", { passengerCount: '3' }, /Passenger count must be a number/],
      ['passengerCount over the spots left', { passengerCount: 9 }, /spots? remaining|spots? left|not enough/i],
      ['no drop-off location', { dropoffLocation: undefined }, /^Drop-off location is required$/],
      ['a blank drop-off location', { dropoffLocation: '  ' }, /^Drop-off location is required$/],
      ['a 501-character drop-off location', { dropoffLocation: 'd'.repeat(501) }, /at most 500 characters/],
      [
        'a NUL in the drop-off location',
        { dropoffLocation: 'Tampines\u0000' },
        /^Drop-off location cannot contain control characters$/,
      ],
      [
        'a bell in the drop-off location',
        { dropoffLocation: 'Tampines\u0007 Hub' },
        /^Drop-off location cannot contain control characters$/,
      ],
      ['another rideId', { rideId: 424242 }, /rideId/],
      ['rideId "abc"', { rideId: 'abc' }, /rideId/],
    ];

    it.each(joinCases)('refuses a join with %s and adds no passenger', async (_label, overrides, message) => {
      const before = await snapshot(suite.db);
      const answer = await clients.joiner.post(`/api/rides/${suite.rideId}/join`, {
        rideId: suite.rideId,
        passengerCount: 1,
        dropoffLocation: 'Tampines',
        ...overrides,
      });
      expectRefusal(answer, undefined, message);
      expect(await snapshot(suite.db)).toEqual(before);
    });

    it.each([
      ['0', 0],
      ['11', 11],
      ['2.5', 2.5],
      ["'1'", '1'],
      ['null', null],
    ])('refuses a drop-off sequence of %s', async (_label, sequence) => {
      const before = await snapshot(suite.db);
      const answer = await clients.organiser.patch(
        `/api/rides/${suite.rideId}/passengers/${suite.passengerId}/sequence`,
        {
          sequence,
        },
      );
      expectRefusal(answer, 400, /sequence must be/);
      expect(await snapshot(suite.db)).toEqual(before);
    });
  });

  itLeftTheSeededRide(suite);
});
