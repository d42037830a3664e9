// Bad input anywhere gets a 4xx with a JSON {message} a person can read, never a 5xx, and a refused
// request changes nothing (issue 2, "Bad input"). This file: what the URL carries (ids in the path,
// a query parameter given twice, an unknown path). The fixture is tests/support/bad-input.ts.
import { describe, expect, it } from 'vitest';

import { expectRefusal, snapshot } from '../support/accounts.ts';
import { rideBody } from '../support/api-client.ts';
import { type Caller, itLeftTheSeededRide, useBadInputSuite } from '../support/bad-input.ts';
import { oneBackend } from '../support/databases.ts';

const BAD_IDS = ['abc', '0', '-1', '99999999999', '1e3', '2147483648', '1.5', '0x10', '%20', '1;drop'];

describe.each(oneBackend)('bad input on %s', (backend) => {
  const suite = useBadInputSuite(backend);
  const { clients } = suite;

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
        (id) => `/api/rides/${id}/passengers/${suite.passengerId}`,
        () => undefined,
      ],
      [
        'DELETE /api/rides/{id}/passengers/{p} (passenger id)',
        'member',
        'DELETE',
        (id) => `/api/rides/${suite.rideId}/passengers/${id}`,
        () => undefined,
      ],
      [
        'PATCH …/passengers/{p}/sequence (ride id)',
        'organiser',
        'PATCH',
        (id) => `/api/rides/${id}/passengers/${suite.passengerId}/sequence`,
        () => ({ sequence: 1 }),
      ],
      [
        'PATCH …/passengers/{p}/sequence (passenger id)',
        'organiser',
        'PATCH',
        (id) => `/api/rides/${suite.rideId}/passengers/${id}/sequence`,
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
        (id) => `/api/rides/${id}/messages/${suite.messageId}`,
        () => undefined,
      ],
      [
        'DELETE /api/rides/{id}/messages/{m} (message id)',
        'organiser',
        'DELETE',
        (id) => `/api/rides/${suite.rideId}/messages/${id}`,
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
        (id) => `/api/rides/${suite.rideId}/messages/${id}/pin`,
        () => ({ pinned: true }),
      ],
    ];

    it.each(idRoutes)(
      '%s: ids that are not ids get 400 and change nothing',
      async (_label, caller, method, path, body) => {
        const before = await snapshot(suite.db);
        for (const id of BAD_IDS) {
          const answer = await clients[caller].call(method, path(id), body());
          expectRefusal(answer, 400, /^Invalid (ride|passenger|user|message) id$/);
        }
        expect(await snapshot(suite.db)).toEqual(before);
      },
    );

    it.each(idRoutes)(
      '%s: an id that does not exist gets a 4xx and changes nothing',
      async (_label, caller, method, path, body) => {
        const before = await snapshot(suite.db);
        const answer = await clients[caller].call(method, path('2147483647'), body());
        expectRefusal(answer);
        expect([403, 404, 409]).toContain(answer.status);
        expect(await snapshot(suite.db)).toEqual(before);
      },
    );

    it('answers 404 for an unknown path under /api with a JSON message', async () => {
      expectRefusal(await clients.member.get('/api/no-such-thing'), 404);
      expectRefusal(await clients.member.post('/api/rides/1/fly'), 404);
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
      const answer = await clients.organiser.delete(`/api/rides/${suite.openRideId}?applyTo=this&applyTo=this`);
      expectRefusal(answer, 400, 'applyTo must be given once');
      expect((await clients.organiser.get(`/api/rides/${suite.openRideId}`)).status).toBe(200);
    });
  });

  itLeftTheSeededRide(suite);
});
