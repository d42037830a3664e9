// Bad input anywhere gets a 4xx with a JSON {message} a person can read, never a 5xx, and a refused
// request changes nothing (issue 2, "Bad input"). This file: request bodies on every endpoint that
// takes one (malformed JSON, missing fields, values of the wrong kind, the 64 KB cap). The fixture
// is tests/support/bad-input.ts.
import { describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { expectRefusal, NEW_PASSWORD, snapshot } from '../support/accounts.ts';
import { type ApiAnswer, PASSWORD, rideBody, uniqueName } from '../support/api-client.ts';
import { type Caller, itLeftTheSeededRide, useBadInputSuite } from '../support/bad-input.ts';
import { oneBackend } from '../support/databases.ts';

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
  const suite = useBadInputSuite(backend);
  const { clients } = suite;

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
      path: () => `/api/rides/${suite.openRideId}`,
      valid: () => rideBody({ maxPassengers: 3 }),
    },
    {
      label: 'POST /api/rides/{id}/join',
      caller: 'joiner',
      method: 'POST',
      path: () => `/api/rides/${suite.fuzzRideId}/join`,
      valid: () => ({ rideId: suite.fuzzRideId, passengerCount: 1, dropoffLocation: 'Tampines' }),
    },
    {
      label: 'PATCH /api/rides/{id}/passengers/{id}/sequence',
      caller: 'organiser',
      method: 'PATCH',
      path: () => `/api/rides/${suite.rideId}/passengers/${suite.passengerId}/sequence`,
      valid: () => ({ sequence: 1 }),
    },
    {
      label: 'POST /api/rides/{id}/messages',
      caller: 'member',
      method: 'POST',
      path: () => `/api/rides/${suite.rideId}/messages`,
      valid: () => ({ body: 'On my way' }),
    },
    {
      label: 'POST /api/rides/{id}/messages/read',
      caller: 'member',
      method: 'POST',
      path: () => `/api/rides/${suite.rideId}/messages/read`,
      valid: () => ({ lastId: suite.messageId }),
    },
    {
      label: 'PUT /api/rides/{id}/messages/watching',
      caller: 'member',
      method: 'PUT',
      path: () => `/api/rides/${suite.rideId}/messages/watching`,
      valid: () => ({ watching: true }),
    },
    {
      label: 'PUT /api/rides/{id}/messages/{id}/pin',
      caller: 'organiser',
      method: 'PUT',
      path: () => `/api/rides/${suite.rideId}/messages/${suite.messageId}/pin`,
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
      const before = await snapshot(suite.db);
      for (const body of MALFORMED) {
        expectRefusal(await send(endpoint, body), 400, 'Request body must be valid JSON');
      }
      for (const body of NOT_AN_OBJECT) {
        expectRefusal(await send(endpoint, body), 400, 'Request body must be a JSON object');
      }
      expect(await snapshot(suite.db)).toEqual(before);
    },
  );

  it.each(endpoints.filter((e) => !e.label.startsWith('PATCH /api/users')).map((e) => [e.label, e] as const))(
    '%s: an empty body and a body missing each field get 400 and change nothing',
    async (_label, endpoint) => {
      const before = await snapshot(suite.db);
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
      expect(await snapshot(suite.db)).toEqual(before);
    },
  );

  it.each(endpoints.map((endpoint) => [endpoint.label, endpoint] as const))(
    '%s: any value of the wrong kind in any field is never a 5xx, and refusals are readable',
    async (_label, endpoint) => {
      const fields = Object.keys(endpoint.valid());
      for (const field of fields) {
        for (const value of TYPE_CONFUSION) {
          const before = await snapshot(suite.db);
          const answer = await send(endpoint, { ...endpoint.valid(), [field]: value });
          const context = `${field} = ${JSON.stringify(value)?.slice(0, 40)}: ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(answer.status, context).toBeLessThan(500);
          if (answer.status >= 400) {
            expectRefusal(answer);
            expect(await snapshot(suite.db), context).toEqual(before);
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
    const before = await snapshot(suite.db);
    const answer = await send(endpoint, { ...endpoint.valid(), padding: 'x'.repeat(65 * 1024) });
    expectRefusal(answer, 413);
    expect(answer.body.message).toMatch(/too large/i);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await snapshot(suite.db)).toEqual(before);
  });

  it('accepts a body just under the cap when the rest is valid', async () => {
    const answer = await clients.joiner.patch(`/api/users/${clients.joiner.user.id}`, {
      name: 'Just Under',
      padding: 'x'.repeat(60 * 1024),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe('Just Under');
  });

  itLeftTheSeededRide(suite);
});
