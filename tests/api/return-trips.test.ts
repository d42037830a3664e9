// The return trip in one tap (issue 14 §3): a ride created with `returnOf` is the way back of
// the organiser's own ride, checked by the database (migration 20261201000800); the outbound's
// passengers are told; the outbound's detail names the return. SPEC §7's create without
// `returnOf` is unchanged.
import { beforeAll, describe, expect, it } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, futureDate, type Member, registerMember, rideBody } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

const returnBody = (returnOf: unknown, overrides: Record<string, unknown> = {}) =>
  rideBody({
    direction: 'FC->SG',
    date: futureDate(5),
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    returnOf,
    ...overrides,
  });

describe.each(oneBackend)('return trips on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'org');
    bob = await registerMember(suite.app, 'bob');
    carol = await registerMember(suite.app, 'carol');
    dave = await registerMember(suite.app, 'dave');
  });

  async function notificationsSince(mark: number) {
    return ownerQuery<{ user_id: number; ride_id: number | null; kind: string; params: Record<string, any> }>(
      suite.db,
      'select user_id, ride_id, kind, params from public.notifications where id > $1::bigint order by id',
      [mark],
    );
  }

  async function lastNotification(): Promise<number> {
    const [row] = await ownerQuery(suite.db, 'select coalesce(max(id), 0)::int as id from public.notifications');
    return row!.id;
  }

  it('creates the return of an own ride, tells its passengers and names it on the outbound', async () => {
    const outbound = await createRide(organiser, { maxPassengers: 6 });
    expect(outbound.returnOf).toBeNull();
    expect(
      (await bob.post(`/api/rides/${outbound.id}/join`, joinBody({ passengerCount: 2, dropoffLocation: 'Bedok Mall' })))
        .status,
    ).toBe(201);
    expect(
      (await carol.post(`/api/rides/${outbound.id}/join`, joinBody({ dropoffLocation: 'Tampines MRT' }))).status,
    ).toBe(201);
    const mark = await lastNotification();

    const body = returnBody(outbound.id);
    const created = await organiser.post('/api/rides', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ direction: 'FC->SG', returnOf: outbound.id, creatorId: organiser.user.id });

    // Both passengers, nobody else (the organiser acted; dave never rode).
    const events = await notificationsSince(mark);
    expect(events.map((event) => event.user_id).sort()).toEqual([bob.user.id, carol.user.id].sort());
    for (const event of events) {
      expect(event.kind).toBe('return_trip');
      expect(event.ride_id).toBe(created.body.id);
      expect(event.params).toEqual({
        rideId: outbound.id,
        direction: 'SG->FC',
        date: outbound.date,
        name: 'org person',
        returnRideId: created.body.id,
        returnDirection: 'FC->SG',
        returnDate: body.date,
      });
    }

    // The inbox shows it in words built from those params.
    const inbox = await bob.get('/api/notifications');
    const item = (inbox.body.items as any[]).find((entry) => entry.kind === 'return_trip');
    expect(item.rideId).toBe(created.body.id);
    const { body: text } = notificationText('return_trip', item.params);
    expect(text).toMatch(/^Need a ride back after your Singapore → Forest City ride on \w{3} \d{1,2} \w{3}, /);

    // A member of the outbound (and anyone reading it) learns which return exists.
    const seen = await bob.get(`/api/rides/${outbound.id}`);
    expect(seen.body.returnTrip).toEqual({ id: created.body.id, direction: 'FC->SG', date: body.date });
    expect((await suite.anonymous.get(`/api/rides/${outbound.id}`)).body.returnTrip).toEqual({
      id: created.body.id,
      direction: 'FC->SG',
      date: body.date,
    });
    expect((await bob.get(`/api/rides/${created.body.id}`)).body).toMatchObject({
      returnOf: outbound.id,
      returnTrip: null,
    });
    const listed = (await bob.get('/api/rides')).body.find((ride: any) => ride.id === created.body.id);
    expect(listed.returnOf).toBe(outbound.id);
  });

  it('plans the return of a ride that has just happened', async () => {
    const outbound = await createRide(organiser, {
      direction: 'FC->SG',
      dropoffLocations: [{ location: 'Jurong East', passengerCount: 1 }],
    });
    await bob.post(`/api/rides/${outbound.id}/join`, joinBody({ dropoffLocation: 'Clementi MRT' }));
    await makeRidePast(suite.db, outbound.id);
    const mark = await lastNotification();
    const created = await organiser.post(
      '/api/rides',
      returnBody(outbound.id, { direction: 'SG->FC', pickupLocation: 'Jurong East' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const events = await notificationsSince(mark);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ user_id: bob.user.id, kind: 'return_trip', params: { direction: 'FC->SG' } });
  });

  it('refuses a return of a ride that does not exist (404)', async () => {
    expectRefusal(
      await organiser.post('/api/rides', returnBody(987_654)),
      404,
      'The ride to plan the return of was not found',
    );
  });

  it("refuses a return of someone else's ride (403), with nothing created and nobody told", async () => {
    const outbound = await createRide(organiser);
    await bob.post(`/api/rides/${outbound.id}/join`, joinBody());
    const mark = await lastNotification();
    const [before] = await ownerQuery(suite.db, 'select count(*)::int as n from public.rides');
    expectRefusal(
      await dave.post('/api/rides', returnBody(outbound.id)),
      403,
      'You can only plan the return of your own ride',
    );
    const [after] = await ownerQuery(suite.db, 'select count(*)::int as n from public.rides');
    expect(after!.n).toBe(before!.n);
    expect(await notificationsSince(mark)).toEqual([]);
  });

  it('refuses a return that goes the same way, or leaves before the outbound (400)', async () => {
    const outbound = await createRide(organiser, { date: futureDate(4) });
    expectRefusal(
      await organiser.post('/api/rides', returnBody(outbound.id, { direction: 'SG->FC', pickupLocation: 'Bedok' })),
      400,
      'A return trip goes the opposite way of the ride it returns from',
    );
    expectRefusal(
      await organiser.post('/api/rides', returnBody(outbound.id, { date: futureDate(3) })),
      400,
      'The return trip must leave after the ride it returns from',
    );
  });

  it('refuses a second return of one outbound (409), and allows one again once it is deleted', async () => {
    const outbound = await createRide(organiser);
    const first = await organiser.post('/api/rides', returnBody(outbound.id));
    expect(first.status).toBe(201);
    expectRefusal(
      await organiser.post('/api/rides', returnBody(outbound.id)),
      409,
      'A return trip is already planned for this ride',
    );
    expect((await organiser.delete(`/api/rides/${first.body.id}`)).status).toBe(200);
    expect((await organiser.get(`/api/rides/${outbound.id}`)).body.returnTrip).toBeNull();
    expect((await organiser.post('/api/rides', returnBody(outbound.id))).status).toBe(201);
  });

  it('refuses a returnOf that is not a ride id (400)', async () => {
    for (const bad of ['12', 0, -3, 1.5, 2_147_483_648, true]) {
      const answer = await organiser.post('/api/rides', returnBody(bad));
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.message).toMatch(/^returnOf /);
    }
  });

  it("keeps SPEC §7's create without returnOf as it was, and an edit leaves the link alone", async () => {
    const plain = await organiser.post('/api/rides', rideBody());
    expect(plain.status).toBe(201);
    expect(plain.body.returnOf).toBeNull();
    const withNull = await organiser.post('/api/rides', rideBody({ returnOf: null }));
    expect(withNull.status).toBe(201);
    expect(withNull.body.returnOf).toBeNull();

    const back = await organiser.post('/api/rides', returnBody(plain.body.id));
    // The edit body may carry returnOf (the same schema): it is ignored, not re-pointed.
    const edited = await organiser.patch(
      `/api/rides/${back.body.id}`,
      returnBody(withNull.body.id, { maxPassengers: 4 }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ maxPassengers: 4, returnOf: plain.body.id });
  });

  it('drops the link when an edit means the ride no longer goes back', async () => {
    const outbound = await createRide(organiser, { date: futureDate(3) });
    const back = await organiser.post('/api/rides', returnBody(outbound.id, { date: futureDate(5) }));
    // The return turned around: no longer a return.
    const turned = await organiser.patch(`/api/rides/${back.body.id}`, rideBody({ date: back.body.date }));
    expect(turned.status).toBe(200);
    expect(turned.body.returnOf).toBeNull();

    // The outbound moved after its return.
    const outbound2 = await createRide(organiser, { date: futureDate(3) });
    const back2 = await organiser.post('/api/rides', returnBody(outbound2.id, { date: futureDate(5) }));
    expect((await organiser.patch(`/api/rides/${outbound2.id}`, rideBody({ date: futureDate(6) }))).status).toBe(200);
    expect((await organiser.get(`/api/rides/${back2.body.id}`)).body.returnOf).toBeNull();
    expect((await organiser.get(`/api/rides/${outbound2.id}`)).body.returnTrip).toBeNull();
  });

  it('clears the link when the outbound is deleted', async () => {
    const outbound = await createRide(organiser);
    const back = await organiser.post('/api/rides', returnBody(outbound.id));
    expect((await organiser.delete(`/api/rides/${outbound.id}`)).status).toBe(200);
    const after = await organiser.get(`/api/rides/${back.body.id}`);
    expect(after.status).toBe(200);
    expect(after.body.returnOf).toBeNull();
  });

  it("holds a member writing SQL to the same rules: no relinking, no return of a stranger's ride", async () => {
    const outbound = await createRide(organiser);
    const theirs = await createRide(dave, {
      direction: 'FC->SG',
      dropoffLocations: [{ location: 'Bedok', passengerCount: 1 }],
    });
    async function asDave(text: string, params: unknown[]) {
      return suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId: dave.user.id, isAdmin: false });
        await tx.query('set local role authenticated');
        await tx.query(text, params);
      });
    }
    // No update grant on the column.
    await expect(
      asDave('update public.rides set return_of = $1::integer where id = $2::integer', [outbound.id, theirs.id]),
    ).rejects.toThrow(/permission denied/i);
    // An insert names the column (it may), and the trigger refuses the pairing.
    await expect(
      asDave(
        `insert into public.rides (organiser_id, direction, date, max_passengers, organiser_passenger_count,
           pickup_location, dropoff_locations, return_of)
         values ($1::integer, 'FC->SG', now() + interval '9 days', 4, 1, 'Forest City',
                 '[{"location":"Bedok","passengerCount":1}]'::jsonb, $2::integer)`,
        [dave.user.id, outbound.id],
      ),
    ).rejects.toMatchObject({ code: 'PT403' });
  });
});
