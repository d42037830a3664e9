// Bad input anywhere gets a 4xx with a JSON {message} a person can read, never a 5xx, and a
// refused request changes nothing (issue 2, "Bad input").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { expectRefusal, guarded, NEW_PASSWORD, registerAdmin, registerNamed, snapshot } from '../support/accounts.ts';
import {
  type ApiAnswer,
  createTestApp,
  futureDate,
  PASSWORD,
  rideBody,
  type TestApp,
  TestClient,
  uniqueName,
} from '../support/api-client.ts';
import { createTestDatabase, oneBackend, ownerQuery, type TestDatabase } from '../support/databases.ts';

type Caller = 'anonymous' | 'member' | 'organiser' | 'joiner' | 'vendor' | 'admin' | 'changer';

interface Endpoint {
  label: string;
  caller: Caller;
  method: string;
  path: () => string;
  valid: () => Record<string, unknown>;
}

const MALFORMED = [
  '{',
  '{"discordUsername":',
  'not json',
  "{'single': 'quotes'}",
  '{"a":1,}',
  'discordUsername=x&password=y',
  '\u0000',
];
const NOT_AN_OBJECT = ['[]', '[{"discordUsername":"x"}]', 'null', '"text"', '42', 'true'];
const BAD_IDS = ['abc', '0', '-1', '99999999999', '1e3', '2147483648', '1.5', '0x10', '%20', '1;drop'];
const TYPE_CONFUSION: unknown[] = [
  null,
  true,
  0,
  -1,
  2.5,
  1e308,
  '',
  'x'.repeat(600),
  [],
  {},
  ['x'],
  { nested: { deep: [1] } },
  '\u0000',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ "quotes" \\ \' ; -- ',
];

describe.each(oneBackend)('bad input on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  const clients = {} as Record<Caller, TestClient & { user?: any }>;
  let rideId: number;
  let passengerId: number;
  let openRideId: number;
  let fuzzRideId: number;
  let messageId: number;
  let changerHash: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = guarded(createTestApp(db.database));
    clients.admin = await registerAdmin(app);
    clients.anonymous = new TestClient(app);
    clients.member = await registerNamed(app, uniqueName('member'));
    clients.organiser = await registerNamed(app, uniqueName('organiser'));
    clients.joiner = await registerNamed(app, uniqueName('joiner'));
    clients.changer = await registerNamed(app, uniqueName('changer'));
    clients.vendor = await registerNamed(app, uniqueName('vendor'), {
      isVendor: true,
      companyName: 'Border Cars Pte Ltd',
      driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
    });
    const ride = await clients.organiser.post('/api/rides', rideBody({ direction: 'FC->SG', maxPassengers: 6 }));
    expect(ride.status).toBe(201);
    rideId = ride.body.id;
    const joined = await clients.member.post(`/api/rides/${rideId}/join`, {
      passengerCount: 1,
      dropoffLocation: 'Bedok',
    });
    expect(joined.status).toBe(201);
    passengerId = joined.body.passengerId;
    const open = await clients.organiser.post('/api/rides', rideBody({ maxPassengers: 3 }));
    openRideId = open.body.id;
    // Requests that happen to be valid may join this one; the ride above stays as seeded.
    const fuzz = await clients.organiser.post('/api/rides', rideBody({ maxPassengers: 10 }));
    fuzzRideId = fuzz.body.id;
    const message = await clients.organiser.post(`/api/rides/${rideId}/messages`, { body: 'Meet at the lobby' });
    expect(message.status).toBe(201);
    messageId = message.body.id;
    [{ password_hash: changerHash }] = await ownerQuery<{ password_hash: string }>(
      db,
      'select password_hash from private.credentials where user_id = $1',
      [clients.changer.user.id],
    );
  });
  afterAll(() => db.close());

  const endpoints: Endpoint[] = [
    {
      label: 'POST /api/register',
      caller: 'anonymous',
      method: 'POST',
      path: () => '/api/register',
      valid: () => ({
        discordUsername: uniqueName('fuzz'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        name: 'Fuzz',
        whatsappNumber: '+65 9000 0000',
        isVendor: false,
      }),
    },
    {
      label: 'POST /api/login',
      caller: 'anonymous',
      method: 'POST',
      path: () => '/api/login',
      valid: () => ({ discordUsername: uniqueName('nobody'), password: PASSWORD }),
    },
    {
      label: 'POST /api/request-password-reset',
      caller: 'anonymous',
      method: 'POST',
      path: () => '/api/request-password-reset',
      valid: () => ({ discordUsername: uniqueName('nobody') }),
    },
    {
      label: 'POST /api/complete-password-reset',
      caller: 'anonymous',
      method: 'POST',
      path: () => '/api/complete-password-reset',
      valid: () => ({ discordUsername: uniqueName('nobody'), code: 'ABCD-EFGH-JKLM', newPassword: NEW_PASSWORD }),
    },
    {
      label: 'POST /api/reset-password',
      caller: 'changer',
      method: 'POST',
      path: () => '/api/reset-password',
      valid: () => ({ currentPassword: 'not-the-current-one', newPassword: NEW_PASSWORD }),
    },
    {
      label: 'PATCH /api/users/{id}',
      caller: 'joiner',
      method: 'PATCH',
      path: () => `/api/users/${clients.joiner.user.id}`,
      valid: () => ({
        name: 'Joiner',
        whatsappNumber: '+65 9111 2222',
        malaysianNumber: '+60 12 000 0000',
        revolutUsername: 'joiner',
      }),
    },
    {
      label: 'POST /api/rides',
      caller: 'member',
      method: 'POST',
      path: () => '/api/rides',
      valid: () => rideBody({ direction: 'FC->SG' }),
    },
    {
      label: 'PATCH /api/rides/{id}',
      caller: 'organiser',
      method: 'PATCH',
      path: () => `/api/rides/${openRideId}`,
      valid: () => rideBody({ maxPassengers: 3 }),
    },
    {
      label: 'POST /api/rides/{id}/join',
      caller: 'joiner',
      method: 'POST',
      path: () => `/api/rides/${fuzzRideId}/join`,
      valid: () => ({ rideId: fuzzRideId, passengerCount: 1, dropoffLocation: 'Tampines' }),
    },
    {
      label: 'PATCH /api/rides/{id}/passengers/{id}/sequence',
      caller: 'organiser',
      method: 'PATCH',
      path: () => `/api/rides/${rideId}/passengers/${passengerId}/sequence`,
      valid: () => ({ sequence: 1 }),
    },
    {
      label: 'POST /api/rides/{id}/messages',
      caller: 'member',
      method: 'POST',
      path: () => `/api/rides/${rideId}/messages`,
      valid: () => ({ body: 'On my way' }),
    },
    {
      label: 'POST /api/rides/{id}/messages/read',
      caller: 'member',
      method: 'POST',
      path: () => `/api/rides/${rideId}/messages/read`,
      valid: () => ({ lastId: messageId }),
    },
    {
      label: 'PUT /api/rides/{id}/messages/watching',
      caller: 'member',
      method: 'PUT',
      path: () => `/api/rides/${rideId}/messages/watching`,
      valid: () => ({ watching: true }),
    },
    {
      label: 'PUT /api/rides/{id}/messages/{id}/pin',
      caller: 'organiser',
      method: 'PUT',
      path: () => `/api/rides/${rideId}/messages/${messageId}/pin`,
      valid: () => ({ pinned: true }),
    },
    {
      label: 'POST /api/admin/reset-user-password',
      caller: 'admin',
      method: 'POST',
      path: () => '/api/admin/reset-user-password',
      valid: () => ({ discordUsername: uniqueName('nobody'), newPassword: NEW_PASSWORD }),
    },
    {
      label: 'POST /api/admin/password-reset-codes',
      caller: 'admin',
      method: 'POST',
      path: () => '/api/admin/password-reset-codes',
      valid: () => ({ discordUsername: uniqueName('nobody') }),
    },
  ];

  function send(endpoint: Endpoint, body: unknown): Promise<ApiAnswer> {
    return clients[endpoint.caller].call(endpoint.method, endpoint.path(), body);
  }

  it.each(endpoints.map((endpoint) => [endpoint.label, endpoint] as const))(
    '%s: malformed JSON and non-object bodies get 400 and change nothing',
    async (_label, endpoint) => {
      const before = await snapshot(db);
      for (const body of MALFORMED) {
        expectRefusal(await send(endpoint, body), 400, 'Request body must be valid JSON');
      }
      for (const body of NOT_AN_OBJECT) {
        expectRefusal(await send(endpoint, body), 400, 'Request body must be a JSON object');
      }
      expect(await snapshot(db)).toEqual(before);
    },
  );

  it.each(endpoints.filter((e) => !e.label.startsWith('PATCH /api/users')).map((e) => [e.label, e] as const))(
    '%s: an empty body and a body missing each field get 400 and change nothing',
    async (_label, endpoint) => {
      const before = await snapshot(db);
      expectRefusal(await send(endpoint, ''), 400);
      expectRefusal(await send(endpoint, {}), 400);
      const valid = endpoint.valid();
      const optional = new Set(['name', 'whatsappNumber', 'isVendor', 'rideId', 'passengerCount', 'driverContactId']);
      // An SG->FC ride may leave its drop-off list out (the pickup is the organiser's location).
      if (valid.direction === 'SG->FC') optional.add('dropoffLocations');
      for (const field of Object.keys(valid).filter((key) => !optional.has(key))) {
        const { [field]: _dropped, ...rest } = valid;
        expectRefusal(await send(endpoint, rest), 400);
      }
      expect(await snapshot(db)).toEqual(before);
    },
  );

  it.each(endpoints.map((endpoint) => [endpoint.label, endpoint] as const))(
    '%s: any value of the wrong kind in any field is never a 5xx, and refusals are readable',
    async (_label, endpoint) => {
      const fields = Object.keys(endpoint.valid());
      for (const field of fields) {
        for (const value of TYPE_CONFUSION) {
          const before = await snapshot(db);
          const answer = await send(endpoint, { ...endpoint.valid(), [field]: value });
          const context = `${field} = ${JSON.stringify(value)?.slice(0, 40)}: ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(answer.status, context).toBeLessThan(500);
          if (answer.status >= 400) {
            expectRefusal(answer);
            expect(await snapshot(db), context).toEqual(before);
          }
        }
      }
    },
    120_000,
  );

  it.each(
    [
      'POST /api/register',
      'POST /api/login',
      'POST /api/rides',
      'PATCH /api/users/{id}',
      'POST /api/rides/{id}/join',
    ].map((label) => [label, endpoints.find((endpoint) => endpoint.label === label)!] as const),
  )('%s: a body over 64 KB gets 413 and changes nothing', async (_label, endpoint) => {
    const before = await snapshot(db);
    const answer = await send(endpoint, { ...endpoint.valid(), padding: 'x'.repeat(65 * 1024) });
    expectRefusal(answer, 413);
    expect(answer.body.message).toMatch(/too large/i);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await snapshot(db)).toEqual(before);
  });

  it('accepts a body just under the cap when the rest is valid', async () => {
    const answer = await clients.joiner.patch(`/api/users/${clients.joiner.user.id}`, {
      name: 'Just Under',
      padding: 'x'.repeat(60 * 1024),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe('Just Under');
  });

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
      const before = await snapshot(db);
      const answer = await clients.member.post('/api/rides', { ...rideBody(), ...overrides });
      expectRefusal(answer, 400, message);
      expect(await snapshot(db)).toEqual(before);
    });

    it.each(rideCases)('refuses an edit with %s and keeps the ride as it was', async (_label, overrides, message) => {
      const before = await snapshot(db);
      const answer = await clients.organiser.patch(`/api/rides/${openRideId}`, {
        ...rideBody({ maxPassengers: 3 }),
        ...overrides,
      });
      expectRefusal(answer, 400, message);
      expect(await snapshot(db)).toEqual(before);
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
      const before = await snapshot(db);
      const answer = await clients.joiner.post(`/api/rides/${rideId}/join`, {
        rideId,
        passengerCount: 1,
        dropoffLocation: 'Tampines',
        ...overrides,
      });
      expectRefusal(answer, undefined, message);
      expect(await snapshot(db)).toEqual(before);
    });

    it.each([
      ['0', 0],
      ['11', 11],
      ['2.5', 2.5],
      ["'1'", '1'],
      ['null', null],
    ])('refuses a drop-off sequence of %s', async (_label, sequence) => {
      const before = await snapshot(db);
      const answer = await clients.organiser.patch(`/api/rides/${rideId}/passengers/${passengerId}/sequence`, {
        sequence,
      });
      expectRefusal(answer, 400, /sequence must be/);
      expect(await snapshot(db)).toEqual(before);
    });
  });

  describe('ids in the path', () => {
    const idRoutes: Array<[string, Caller, string, (id: string) => string, () => unknown]> = [
      ['GET /api/rides/{id}', 'anonymous', 'GET', (id) => `/api/rides/${id}`, () => undefined],
      ['PATCH /api/rides/{id}', 'organiser', 'PATCH', (id) => `/api/rides/${id}`, () => rideBody()],
      ['DELETE /api/rides/{id}', 'organiser', 'DELETE', (id) => `/api/rides/${id}`, () => undefined],
      ['POST /api/rides/{id}/cancel', 'organiser', 'POST', (id) => `/api/rides/${id}/cancel`, () => ({})],
      [
        'POST /api/rides/{id}/join',
        'joiner',
        'POST',
        (id) => `/api/rides/${id}/join`,
        () => ({ passengerCount: 1, dropoffLocation: 'Bedok' }),
      ],
      ['GET /api/rides/{id}/passengers', 'member', 'GET', (id) => `/api/rides/${id}/passengers`, () => undefined],
      [
        'DELETE /api/rides/{id}/passengers/{p} (ride id)',
        'member',
        'DELETE',
        (id) => `/api/rides/${id}/passengers/${passengerId}`,
        () => undefined,
      ],
      [
        'DELETE /api/rides/{id}/passengers/{p} (passenger id)',
        'member',
        'DELETE',
        (id) => `/api/rides/${rideId}/passengers/${id}`,
        () => undefined,
      ],
      [
        'PATCH …/passengers/{p}/sequence (ride id)',
        'organiser',
        'PATCH',
        (id) => `/api/rides/${id}/passengers/${passengerId}/sequence`,
        () => ({ sequence: 1 }),
      ],
      [
        'PATCH …/passengers/{p}/sequence (passenger id)',
        'organiser',
        'PATCH',
        (id) => `/api/rides/${rideId}/passengers/${id}/sequence`,
        () => ({ sequence: 1 }),
      ],
      ['POST /api/rides/{id}/lockSequence', 'organiser', 'POST', (id) => `/api/rides/${id}/lockSequence`, () => ({})],
      ['POST /api/rides/{id}/assign', 'vendor', 'POST', (id) => `/api/rides/${id}/assign`, () => ({})],
      ['PATCH /api/users/{id}', 'member', 'PATCH', (id) => `/api/users/${id}`, () => ({ name: 'Nope' })],
      ['GET /api/rides/{id}/messages', 'member', 'GET', (id) => `/api/rides/${id}/messages`, () => undefined],
      ['GET /api/rides/{id}/chat', 'member', 'GET', (id) => `/api/rides/${id}/chat`, () => undefined],
      [
        'POST /api/rides/{id}/messages/read',
        'member',
        'POST',
        (id) => `/api/rides/${id}/messages/read`,
        () => ({ lastId: 1 }),
      ],
      [
        'POST /api/rides/{id}/messages',
        'member',
        'POST',
        (id) => `/api/rides/${id}/messages`,
        () => ({ body: 'Hello' }),
      ],
      [
        'DELETE /api/rides/{id}/messages/{m} (ride id)',
        'organiser',
        'DELETE',
        (id) => `/api/rides/${id}/messages/${messageId}`,
        () => undefined,
      ],
      [
        'DELETE /api/rides/{id}/messages/{m} (message id)',
        'organiser',
        'DELETE',
        (id) => `/api/rides/${rideId}/messages/${id}`,
        () => undefined,
      ],
      [
        'PUT /api/rides/{id}/messages/watching',
        'member',
        'PUT',
        (id) => `/api/rides/${id}/messages/watching`,
        () => ({ watching: true }),
      ],
      [
        'PUT …/messages/{m}/pin (message id)',
        'organiser',
        'PUT',
        (id) => `/api/rides/${rideId}/messages/${id}/pin`,
        () => ({ pinned: true }),
      ],
    ];

    it.each(idRoutes)(
      '%s: ids that are not ids get 400 and change nothing',
      async (_label, caller, method, path, body) => {
        const before = await snapshot(db);
        for (const id of BAD_IDS) {
          const answer = await clients[caller].call(method, path(id), body());
          expectRefusal(answer, 400, /^Invalid (ride|passenger|user|message) id$/);
        }
        expect(await snapshot(db)).toEqual(before);
      },
    );

    it.each(idRoutes)(
      '%s: an id that does not exist gets a 4xx and changes nothing',
      async (_label, caller, method, path, body) => {
        const before = await snapshot(db);
        const answer = await clients[caller].call(method, path('2147483647'), body());
        expectRefusal(answer);
        expect([403, 404, 409]).toContain(answer.status);
        expect(await snapshot(db)).toEqual(before);
      },
    );

    it('answers 404 for an unknown path under /api with a JSON message', async () => {
      expectRefusal(await clients.member.get('/api/no-such-thing'), 404);
      expectRefusal(await clients.member.post('/api/rides/1/fly'), 404);
    });
  });

  describe('control characters in one-line account fields', () => {
    // One-line fields: names and numbers go into WhatsApp messages and ride cards as they are.
    it.each([
      [
        'a NUL in the name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          name: 'Bob\u0000',
        }),
        'Name cannot contain control characters',
      ],
      [
        'a line break in the name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          name: 'Bob\nTan',
        }),
        'Name cannot contain control characters',
      ],
      [
        'a NUL in the WhatsApp number',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          whatsappNumber: '+65 9123\u0000 4567',
        }),
        'WhatsApp number cannot contain control characters',
      ],
      [
        'a tab in the company name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          isVendor: true,
          companyName: 'Border\tCars',
          driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        }),
        'Company name cannot contain control characters',
      ],
      [
        'an escape in the driver name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          isVendor: true,
          companyName: 'Border Cars',
          driverDetails: { name: 'Ali\u001b', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        }),
        'Driver name cannot contain control characters',
      ],
      [
        'a DEL in the Revolut username',
        'joiner',
        'PATCH',
        () => `/api/users/${clients.joiner.user.id}`,
        () => ({ revolutUsername: 'joiner\u007f' }),
        'Revolut username cannot contain control characters',
      ],
      [
        'a carriage return in the Malaysian number',
        'joiner',
        'PATCH',
        () => `/api/users/${clients.joiner.user.id}`,
        () => ({ malaysianNumber: '+60 12\r345 6789' }),
        'Malaysian number cannot contain control characters',
      ],
    ] as Array<[string, Caller, string, () => string, () => Record<string, unknown>, string]>)(
      'refuses %s with 400 and changes nothing',
      async (_label, caller, method, path, body, message) => {
        const before = await snapshot(db);
        expectRefusal(await clients[caller].call(method, path(), body()), 400, message);
        expect(await snapshot(db)).toEqual(before);
      },
    );
  });

  describe('long strings on account fields', () => {
    it.each([
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({ discordUsername: 'u'.repeat(41), password: PASSWORD, acceptedPolicies: CURRENT_POLICIES }),
        /at most 40/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({ discordUsername: uniqueName('long'), password: 'p'.repeat(73), acceptedPolicies: CURRENT_POLICIES }),
        /at most 72/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({
          discordUsername: uniqueName('long'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          name: 'n'.repeat(501),
        }),
        /at most 100/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({
          discordUsername: uniqueName('long'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          revolutUsername: 'r'.repeat(501),
        }),
        /at most 60/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({
          discordUsername: uniqueName('long'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          whatsappNumber: '9'.repeat(501),
        }),
        /WhatsApp number must be a Singapore number/,
      ],
      [
        'POST /api/login',
        'anonymous',
        '/api/login',
        () => ({ discordUsername: 'admin', password: 'p'.repeat(501) }),
        /at most 72/,
      ],
      [
        'POST /api/complete-password-reset',
        'anonymous',
        '/api/complete-password-reset',
        () => ({ discordUsername: 'admin', code: 'C'.repeat(501), newPassword: NEW_PASSWORD }),
        /at most 40/,
      ],
      [
        'POST /api/reset-password',
        'changer',
        '/api/reset-password',
        () => ({ currentPassword: PASSWORD, newPassword: 'n'.repeat(501) }),
        /at most 72/,
      ],
      [
        'POST /api/admin/reset-user-password',
        'admin',
        '/api/admin/reset-user-password',
        () => ({ discordUsername: 'u'.repeat(501), newPassword: NEW_PASSWORD }),
        /at most 40/,
      ],
    ] as Array<[string, Caller, string, () => Record<string, unknown>, RegExp]>)(
      '%s refuses an over-long field with 400 (%#)',
      async (_label, caller, path, body, message) => {
        const before = await snapshot(db);
        expectRefusal(await clients[caller].post(path, body()), 400, message);
        expect(await snapshot(db)).toEqual(before);
      },
    );

    it("left the admin's login and the changer's password as they were", async () => {
      const answer = await new TestClient(app).post('/api/login', { discordUsername: 'admin', password: PASSWORD });
      expect(answer.status).toBe(200);
      const [row] = await ownerQuery<{ password_hash: string }>(
        db,
        'select password_hash from private.credentials where user_id = $1',
        [clients.changer.user.id],
      );
      expect(row!.password_hash).toBe(changerHash);
    });
  });

  describe('query parameters given twice', () => {
    const lists: Array<[Caller, string, string]> = [
      ['anonymous', '/api/rides/page?scope=all&limit=5&limit=6', 'limit'],
      ['member', '/api/notifications?limit=5&limit=6', 'limit'],
      ['anonymous', '/api/ride-requests?direction=FC-%3ESG&direction=SG-%3EFC', 'direction'],
    ];
    it.each(lists)('%s GET %s is refused, naming the parameter', async (caller, path, name) => {
      expectRefusal(await clients[caller].get(path), 400, `${name} must be given once`);
    });

    it('DELETE /api/rides/{id} reads only applyTo: a repeat of it is refused, and the ride stays', async () => {
      const answer = await clients.organiser.delete(`/api/rides/${openRideId}?applyTo=this&applyTo=this`);
      expectRefusal(answer, 400, 'applyTo must be given once');
      expect((await clients.organiser.get(`/api/rides/${openRideId}`)).status).toBe(200);
    });
  });

  it('left the seeded ride and its passenger as they were', async () => {
    const ride = await clients.organiser.get(`/api/rides/${rideId}`);
    expect(ride.status).toBe(200);
    expect(ride.body.currentPassengers).toBe(2);
    const passengers = await clients.organiser.get(`/api/rides/${rideId}/passengers`);
    expect(passengers.body.map((p: any) => p.id)).toEqual([passengerId]);
    expect(new Date(ride.body.date).getTime()).toBeGreaterThan(Date.parse(futureDate(1)));
  });
});
