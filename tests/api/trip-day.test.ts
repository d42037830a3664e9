// The day of the trip (issue 40 §1, §7): the car's steps set by the driver or the organiser, each
// passenger's own, within the ride's window only, for those aboard only (the api and row-level
// security), told in the chat and, at most once a minute, in the inbox; purged with the chat's
// week; bad input refused with a clear message.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(backends)('the day of the trip on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let mei: Member;
  let raju: Member;
  let stranger: Member;
  let driver: Member;
  let rideId: number;

  let meiEntry: number;

  const trip = (ride = rideId) => `/api/rides/${ride}/trip`;

  async function expectRefusal(
    answer: Promise<{ status: number; body: any }>,
    status: number,
    code: string,
  ): Promise<void> {
    const { status: got, body } = await answer;
    expect([got, body.code], JSON.stringify(body)).toEqual([status, code]);
  }

  // The name those aboard read for a member, as the trip lists it.
  async function nameOf(member: Member): Promise<string> {
    const passengers = (await organiser.get(trip())).body.passengers as Array<{ userId: number; name: string }>;
    return passengers.find((entry) => entry.userId === member.user.id)!.name;
  }

  async function setRideDate(ride: number, fromNow: string) {
    await ownerQuery(suite.db, 'update public.rides set date = now() + $2::interval where id = $1::integer', [
      ride,
      fromNow,
    ]);
  }

  // What the member reads straight from the table, as the api role with RLS.
  async function rowsSeenBy(userId: number, table: string): Promise<number> {
    const rollback = new Error('rollback');
    let count = -1;
    try {
      await suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId, isAdmin: false });
        await tx.query('set local role authenticated');
        const [row] = await tx.query<{ n: number }>(
          `select count(*)::int as n from public.${table} where ride_id = $1::integer`,
          [rideId],
        );
        count = row!.n;
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    return count;
  }

  async function tripNotices(userId: number) {
    return ownerQuery<{ params: Record<string, unknown>; read_at: string | null }>(
      suite.db,
      "select params, read_at from public.notifications where user_id = $1::integer and ride_id = $2::integer and kind = 'trip_update' order by id",
      [userId, rideId],
    );
  }

  async function chatLines(kind: string) {
    const rows = await ownerQuery<{ body: string; system_params: Record<string, unknown> }>(
      suite.db,
      'select body, system_params from public.ride_messages where ride_id = $1::integer and system_kind = $2::text order by id',
      [rideId, kind],
    );
    return rows;
  }

  beforeAll(async () => {
    mei = await registerMember(suite.app, 'tripMei');
    raju = await registerMember(suite.app, 'tripRaju');
    stranger = await registerMember(suite.app, 'tripStranger');
    driver = await registerApprovedVendor(suite);
  });

  beforeEach(async () => {
    // One organiser a case: a member may organise only so many upcoming rides.
    organiser = await registerMember(suite.app, 'tripOrg');
    rideId = (await createRide(organiser)).id;
    const joined = await mei.post(`/api/rides/${rideId}/join`, joinBody({ dropoffLocation: 'Bedok Mall' }));
    expect(joined.status).toBe(201);
    meiEntry = joined.body.passengerId;
    expect((await raju.post(`/api/rides/${rideId}/join`, joinBody({ dropoffLocation: 'Tampines Hub' }))).status).toBe(
      201,
    );
    expect((await driver.post(`/api/rides/${rideId}/assign`)).status).toBe(200);
    await setRideDate(rideId, '1 hour');
  });

  it('lets the driver set the car through its steps, which everyone aboard reads, in order', async () => {
    for (const body of [
      { step: 'on_the_way' },
      { step: 'at_stop', stop: 'bedok mall' },
      { step: 'at_checkpoint' },
      { step: 'through_sg' },
    ]) {
      const answer = await driver.post(`${trip()}/car-steps`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    for (const member of [organiser, mei, raju, driver]) {
      const answer = await member.get(trip());
      expect(answer.status).toBe(200);
      expect(answer.body.open).toBe(true);
      expect(
        answer.body.carSteps.map((entry: { step: string; stop: string | null }) => [entry.step, entry.stop]),
      ).toEqual([
        ['on_the_way', null],
        // The route's own spelling, whatever the tap sent.
        ['at_stop', 'Bedok Mall'],
        ['at_checkpoint', null],
        ['through_sg', null],
      ]);
      expect(answer.body.canSetCarSteps).toBe(member === organiser || member === driver);
    }
    // Each step is a line of the ride's chat, in English for any other reader.
    expect((await chatLines('car_step')).map((line) => line.body)).toEqual([
      'The car is on the way',
      'The car is at Bedok Mall',
      'The car is at the Singapore checkpoint',
      'The car is through Singapore',
    ]);
  });

  it('lists the passengers in stop order with their news, and "no news" as null', async () => {
    expect((await mei.post(`${trip()}/passenger-steps`, { step: 'late', lateMinutes: 10 })).status).toBe(200);
    const answer = await organiser.get(trip());
    expect(
      answer.body.passengers.map(
        (entry: { name: string; stop: string; step: string | null; lateMinutes: number | null }) => [
          entry.stop,
          entry.step,
          entry.lateMinutes,
        ],
      ),
    ).toEqual([
      ['Bedok Mall', 'late', 10],
      ['Tampines Hub', null, null],
    ]);
    expect((await chatLines('passenger_step')).map((line) => line.body)).toEqual([
      `${await nameOf(mei)} is running 10 minutes late`,
    ]);
  });

  it('refuses the car steps to passengers, and everything to a stranger, by the api and by RLS', async () => {
    await expectRefusal(mei.post(`${trip()}/car-steps`, { step: 'on_the_way' }), 403, 'not_trip_driver');
    await expectRefusal(stranger.get(trip()), 403, 'not_on_trip');
    await expectRefusal(stranger.post(`${trip()}/car-steps`, { step: 'on_the_way' }), 403, 'not_on_trip');
    await expectRefusal(stranger.post(`${trip()}/passenger-steps`, { step: 'at_stop' }), 403, 'not_on_trip');
    expect((await driver.post(`${trip()}/car-steps`, { step: 'on_the_way' })).status).toBe(200);
    expect((await mei.post(`${trip()}/passenger-steps`, { step: 'at_stop' })).status).toBe(200);
    expect(await rowsSeenBy(mei.user.id, 'ride_car_steps')).toBe(1);
    expect(await rowsSeenBy(mei.user.id, 'ride_passenger_steps')).toBe(1);
    expect(await rowsSeenBy(stranger.user.id, 'ride_car_steps')).toBe(0);
    expect(await rowsSeenBy(stranger.user.id, 'ride_passenger_steps')).toBe(0);
  });

  it('lets the organiser set the steps of a ride with no driver', async () => {
    await ownerQuery(suite.db, "update public.rides set vendor_id = null, status = 'open' where id = $1::integer", [
      rideId,
    ]);
    expect((await organiser.post(`${trip()}/car-steps`, { step: 'on_the_way' })).status).toBe(200);
    await expectRefusal(driver.get(trip()), 403, 'not_on_trip');
  });

  it('is open from 2 hours before the ride until 8 hours after it', async () => {
    await setRideDate(rideId, '2 hours 5 minutes');
    await expectRefusal(driver.post(`${trip()}/car-steps`, { step: 'on_the_way' }), 409, 'trip_day_closed');
    expect((await mei.get(trip())).body.open).toBe(false);
    await setRideDate(rideId, '-485 minutes');
    await expectRefusal(mei.post(`${trip()}/passenger-steps`, { step: 'at_stop' }), 409, 'trip_day_closed');
    await setRideDate(rideId, '-470 minutes');
    expect((await driver.post(`${trip()}/car-steps`, { step: 'arrived' })).status).toBe(200);
  });

  it('takes back a mistaken step within 2 minutes, and not after', async () => {
    await driver.post(`${trip()}/car-steps`, { step: 'on_the_way' });
    const tapped = await driver.post(`${trip()}/car-steps`, { step: 'arrived' });
    expect(Date.parse(tapped.body.undoUntil) - Date.now()).toBeGreaterThan(60_000);
    expect((await mei.get(trip())).body.undoUntil).toBeNull();
    const undone = await driver.delete(`${trip()}/car-steps/latest`);
    expect(undone.status).toBe(200);
    expect(undone.body.carSteps.map((entry: { step: string }) => entry.step)).toEqual(['on_the_way']);
    expect((await chatLines('car_step_undone')).map((line) => line.body)).toEqual(['Taken back: The car has arrived']);
    await ownerQuery(
      suite.db,
      "update public.ride_car_steps set created_at = now() - interval '3 minutes' where ride_id = $1::integer",
      [rideId],
    );
    await expectRefusal(driver.delete(`${trip()}/car-steps/latest`), 409, 'trip_step_not_undoable');
    await expectRefusal(mei.delete(`${trip()}/car-steps/latest`), 403, 'not_trip_driver');
  });

  it('lets only the passenger say where they are; the driver or the organiser marks them picked up', async () => {
    await expectRefusal(
      raju.post(`${trip()}/passenger-steps`, { step: 'at_stop', userId: mei.user.id }),
      403,
      'not_trip_passenger',
    );
    await expectRefusal(
      driver.post(`${trip()}/passenger-steps`, { step: 'at_stop', userId: mei.user.id }),
      403,
      'not_trip_passenger',
    );
    const picked = await driver.post(`${trip()}/passenger-steps`, { step: 'picked_up', userId: mei.user.id });
    expect(picked.status).toBe(200);
    expect(picked.body.passengers[0]).toMatchObject({ userId: mei.user.id, step: 'picked_up', lateMinutes: null });
    await expectRefusal(
      organiser.post(`${trip()}/passenger-steps`, { step: 'picked_up', userId: stranger.user.id }),
      404,
      'trip_passenger_not_found',
    );
    // The organiser rides but is no passenger entry: their own news is the car's.
    await expectRefusal(
      organiser.post(`${trip()}/passenger-steps`, { step: 'at_stop' }),
      404,
      'trip_passenger_not_found',
    );
  });

  it('tells the others at most once a minute, the newest news standing for the rest', async () => {
    await driver.post(`${trip()}/car-steps`, { step: 'on_the_way' });
    await driver.post(`${trip()}/car-steps`, { step: 'at_stop', stop: 'Bedok Mall' });
    const notices = await tripNotices(mei.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.params).toMatchObject({ step: 'at_stop', stop: 'Bedok Mall', rideId });
    // The driver is not told of their own tap.
    expect(await tripNotices(driver.user.id)).toHaveLength(0);
    await ownerQuery(
      suite.db,
      "update public.notifications set created_at = now() - interval '2 minutes' where kind = 'trip_update' and ride_id = $1::integer",
      [rideId],
    );
    await driver.post(`${trip()}/car-steps`, { step: 'at_checkpoint' });
    expect(await tripNotices(mei.user.id)).toHaveLength(2);
  });

  it('tells only the organiser and the driver that a passenger was picked up; late goes to everyone aboard', async () => {
    await mei.post(`${trip()}/passenger-steps`, { step: 'picked_up' });
    expect(await tripNotices(organiser.user.id)).toHaveLength(1);
    expect(await tripNotices(driver.user.id)).toHaveLength(1);
    expect(await tripNotices(raju.user.id)).toHaveLength(0);
    await raju.post(`${trip()}/passenger-steps`, { step: 'late', lateMinutes: 15 });
    expect((await tripNotices(mei.user.id))[0]!.params).toMatchObject({ passengerStep: 'late', lateMinutes: 15 });
    expect((await chatLines('passenger_step')).at(-1)!.body).toBe(`${await nameOf(raju)} is running 15+ minutes late`);
  });

  it("forgets a passenger's news when they leave, and their view with it", async () => {
    await mei.post(`${trip()}/passenger-steps`, { step: 'at_stop' });
    expect((await mei.delete(`/api/rides/${rideId}/passengers/${meiEntry}`)).status).toBe(200);
    expect((await organiser.get(trip())).body.passengers.map((entry: { userId: number }) => entry.userId)).toEqual([
      raju.user.id,
    ]);
    await expectRefusal(mei.get(trip()), 403, 'not_on_trip');
  });

  it('keeps the day as long as the chat is open, then purges it', async () => {
    await driver.post(`${trip()}/car-steps`, { step: 'on_the_way' });
    await mei.post(`${trip()}/passenger-steps`, { step: 'at_stop' });
    await setRideDate(rideId, '-6 days');
    await ownerQuery(suite.db, 'select private.purge_expired()');
    expect((await organiser.get(trip())).body.carSteps).toHaveLength(1);
    await setRideDate(rideId, '-8 days');
    await ownerQuery(suite.db, 'select private.purge_expired()');
    const kept = await organiser.get(trip());
    expect(kept.body.carSteps).toEqual([]);
    expect(kept.body.passengers.every((entry: { step: string | null }) => entry.step === null)).toBe(true);
  });

  it('refuses bad input with a clear message', async () => {
    const cases: Array<[string, unknown, string]> = [
      [
        'car-steps',
        { step: 'flying' },
        'step must be one of on_the_way, at_stop, at_checkpoint, through_sg, through_my, arrived',
      ],
      ['car-steps', { step: 'at_stop' }, 'stop is required'],
      ['car-steps', { step: 'at_stop', stop: 42 }, 'stop must be text'],
      ['passenger-steps', { step: 'late' }, 'lateMinutes is required'],
      ['passenger-steps', { step: 'late', lateMinutes: 7 }, 'lateMinutes must be one of 5, 10, 15'],
      ['passenger-steps', { step: 'picked_up', userId: -1 }, 'userId must be positive'],
    ];
    for (const [where, body, message] of cases) {
      const answer = await mei.post(`${trip()}/${where}`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('invalid_input');
      expect(answer.body.message).toContain(message);
    }
    await expectRefusal(
      driver.post(`${trip()}/car-steps`, { step: 'at_stop', stop: 'Changi Airport' }),
      400,
      'trip_stop_unknown',
    );
  });
});
