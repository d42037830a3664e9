// The bad-input suites' fixture (tests/api/bad-input-*.test.ts): a fresh database with the admin,
// a member in each role, a ride with a passenger and a message, an open ride to edit and one that a
// request which happens to be valid may join; every answer is read for secrets (accounts.ts
// guarded). Closed after the describe block.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { guarded, registerAdmin, registerNamed } from './accounts.ts';
import { createTestApp, futureDate, rideBody, type TestApp, TestClient, uniqueName } from './api-client.ts';
import { type Backend, createTestDatabase, ownerQuery, type TestDatabase } from './databases.ts';

export type Caller = 'anonymous' | 'member' | 'organiser' | 'joiner' | 'vendor' | 'admin' | 'changer';

export interface BadInputSuite {
  db: TestDatabase;
  app: TestApp;
  // Filled in beforeAll; the object itself is there from the start, so a suite may take it at once.
  clients: Record<Caller, TestClient & { user?: any }>;
  // The organiser's ride with the member aboard and the organiser's message.
  rideId: number;
  passengerId: number;
  messageId: number;
  // The organiser's ride to edit.
  openRideId: number;
  // Requests that happen to be valid may join this one; the ride above stays as seeded.
  fuzzRideId: number;
  // The changer's password hash as registered.
  changerHash: string;
}

export function useBadInputSuite(backend: Backend): BadInputSuite {
  const suite = { clients: {} } as BadInputSuite;
  const { clients } = suite;
  beforeAll(async () => {
    suite.db = await createTestDatabase(backend);
    suite.app = guarded(createTestApp(suite.db.database));
    const app = suite.app;
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
    suite.rideId = ride.body.id;
    const joined = await clients.member.post(`/api/rides/${suite.rideId}/join`, {
      passengerCount: 1,
      dropoffLocation: 'Bedok',
    });
    expect(joined.status).toBe(201);
    suite.passengerId = joined.body.passengerId;
    const open = await clients.organiser.post('/api/rides', rideBody({ maxPassengers: 3 }));
    suite.openRideId = open.body.id;
    const fuzz = await clients.organiser.post('/api/rides', rideBody({ maxPassengers: 10 }));
    suite.fuzzRideId = fuzz.body.id;
    const message = await clients.organiser.post(`/api/rides/${suite.rideId}/messages`, { body: 'Meet at the lobby' });
    expect(message.status).toBe(201);
    suite.messageId = message.body.id;
    [{ password_hash: suite.changerHash }] = await ownerQuery<{ password_hash: string }>(
      suite.db,
      'select password_hash from private.credentials where user_id = $1',
      [clients.changer.user.id],
    );
  });
  afterAll(() => suite.db?.close());
  return suite;
}

// The last test of a suite that sent its refusals at the seeded ride: they left it, and its one
// passenger, as they were.
export function itLeftTheSeededRide(suite: BadInputSuite): void {
  it('left the seeded ride and its passenger as they were', async () => {
    const { clients, rideId, passengerId } = suite;
    const ride = await clients.organiser.get(`/api/rides/${rideId}`);
    expect(ride.status).toBe(200);
    expect(ride.body.currentPassengers).toBe(2);
    const passengers = await clients.organiser.get(`/api/rides/${rideId}/passengers`);
    expect(passengers.body.map((p: any) => p.id)).toEqual([passengerId]);
    expect(new Date(ride.body.date).getTime()).toBeGreaterThan(Date.parse(futureDate(1)));
  });
}
