// Where the car is (issue 40 §2, §7): the assigned driver, or the organiser of a ride with no
// driver, shares the phone's position on the trip's day; the last one only is kept, read by
// those aboard only (the api and row-level security), stale after 5 minutes, gone when the car
// arrives or sharing stops, purged at the window's end; bad positions refused with their code.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(backends)("the car's position on %s", (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let mei: Member;
  let stranger: Member;
  let driver: Member;
  let rideId: number;

  const trip = () => `/api/rides/${rideId}/trip`;
  const position = () => `${trip()}/position`;
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  const woodlands = (overrides: Record<string, unknown> = {}) => ({
    latitude: 1.4457,
    longitude: 103.7691,
    accuracy: 12,
    takenAt: at(2),
    ...overrides,
  });

  async function expectRefusal(
    answer: Promise<{ status: number; body: any }>,
    status: number,
    code: string,
  ): Promise<{ body: any }> {
    const got = await answer;
    expect([got.status, got.body.code], JSON.stringify(got.body)).toEqual([status, code]);
    return got;
  }

  async function setRideDate(fromNow: string) {
    await ownerQuery(suite.db, 'update public.rides set date = now() + $2::interval where id = $1::integer', [
      rideId,
      fromNow,
    ]);
  }

  async function storedRows(): Promise<number> {
    const [row] = await ownerQuery<{ n: number }>(
      suite.db,
      'select count(*)::int as n from public.ride_car_positions where ride_id = $1::integer',
      [rideId],
    );
    return row!.n;
  }

  // What the member reads straight from the table, as the api role with RLS.
  async function rowsSeenBy(userId: number): Promise<number> {
    const rollback = new Error('rollback');
    let count = -1;
    try {
      await suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId, isAdmin: false });
        await tx.query('set local role authenticated');
        const [row] = await tx.query<{ n: number }>(
          'select count(*)::int as n from public.ride_car_positions where ride_id = $1::integer',
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

  beforeAll(async () => {
    mei = await registerMember(suite.app, 'posMei');
    stranger = await registerMember(suite.app, 'posStranger');
    driver = await registerApprovedVendor(suite);
  });

  beforeEach(async () => {
    organiser = await registerMember(suite.app, 'posOrg');
    rideId = (await createRide(organiser)).id;
    expect((await mei.post(`/api/rides/${rideId}/join`, joinBody({ dropoffLocation: 'Bedok Mall' }))).status).toBe(201);
    expect((await driver.post(`/api/rides/${rideId}/assign`)).status).toBe(200);
    await setRideDate('1 hour');
  });

  it('lets the assigned driver share, and everyone aboard read the last position only', async () => {
    const first = await driver.put(position(), woodlands());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.canShareCarPosition).toBe(true);
    const moved = await driver.put(position(), woodlands({ latitude: 1.45, longitude: 103.77, takenAt: at(1) }));
    expect(moved.status).toBe(200);
    for (const member of [organiser, mei, driver]) {
      const answer = await member.get(trip());
      expect(answer.status).toBe(200);
      expect(answer.body.carPosition).toMatchObject({ latitude: 1.45, longitude: 103.77, accuracy: 12, stale: false });
      expect(answer.body.canShareCarPosition).toBe(member === driver);
    }
    // No track: one row a ride, the newest.
    expect(await storedRows()).toBe(1);
    // A retry of an older position arriving late does not move the car back.
    expect((await driver.put(position(), woodlands({ takenAt: at(30) }))).status).toBe(200);
    expect((await mei.get(trip())).body.carPosition).toMatchObject({ latitude: 1.45 });
  });

  it('refuses the organiser and the passengers while a driver is assigned, and strangers always', async () => {
    await expectRefusal(organiser.put(position(), woodlands()), 403, 'not_car_position_sharer');
    await expectRefusal(mei.put(position(), woodlands()), 403, 'not_car_position_sharer');
    await expectRefusal(mei.delete(position()), 403, 'not_car_position_sharer');
    await expectRefusal(stranger.put(position(), woodlands()), 403, 'not_on_trip');
    expect((await driver.put(position(), woodlands())).status).toBe(200);
    await expectRefusal(stranger.get(trip()), 403, 'not_on_trip');
    // Row-level security says the same to a member reading the table.
    expect(await rowsSeenBy(mei.user.id)).toBe(1);
    expect(await rowsSeenBy(stranger.user.id)).toBe(0);
  });

  it('lets the organiser share when no driver is assigned', async () => {
    await ownerQuery(suite.db, "update public.rides set vendor_id = null, status = 'open' where id = $1::integer", [
      rideId,
    ]);
    const shared = await organiser.put(position(), woodlands());
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.canShareCarPosition).toBe(true);
    await expectRefusal(driver.put(position(), woodlands()), 403, 'not_on_trip');
  });

  it('is shared only within the trip window, and not once the car has arrived', async () => {
    await setRideDate('2 hours 5 minutes');
    await expectRefusal(driver.put(position(), woodlands()), 409, 'trip_day_closed');
    await setRideDate('1 hour');
    expect((await driver.put(position(), woodlands())).status).toBe(200);
    expect((await driver.post(`${trip()}/car-steps`, { step: 'arrived' })).status).toBe(200);
    // Arrived: the car's place is no longer shown, nor taken.
    expect((await mei.get(trip())).body.carPosition).toBeNull();
    await expectRefusal(driver.put(position(), woodlands()), 409, 'car_arrived');
    await setRideDate('-485 minutes');
    await expectRefusal(driver.put(position(), woodlands()), 409, 'trip_day_closed');
  });

  it('says a position older than 5 minutes is stale', async () => {
    expect((await driver.put(position(), woodlands({ takenAt: at(4 * 60) }))).body.carPosition.stale).toBe(false);
    await ownerQuery(
      suite.db,
      "update public.ride_car_positions set taken_at = now() - interval '6 minutes' where ride_id = $1::integer",
      [rideId],
    );
    expect((await mei.get(trip())).body.carPosition.stale).toBe(true);
  });

  it('forgets the position when sharing stops', async () => {
    expect((await driver.put(position(), woodlands())).status).toBe(200);
    const stopped = await driver.delete(position());
    expect(stopped.status).toBe(200);
    expect(stopped.body.carPosition).toBeNull();
    expect(await storedRows()).toBe(0);
  });

  it('keeps the position until the window closes, then purges it', async () => {
    expect((await driver.put(position(), woodlands())).status).toBe(200);
    await setRideDate('-7 hours');
    await ownerQuery(suite.db, 'select private.purge_expired()');
    expect(await storedRows()).toBe(1);
    await setRideDate('-485 minutes');
    await ownerQuery(suite.db, 'select private.purge_expired()');
    expect(await storedRows()).toBe(0);
  });

  it('goes with the sharing member in their download', async () => {
    expect((await driver.put(position(), woodlands())).status).toBe(200);
    const data = await driver.get('/api/account/data');
    expect(data.status).toBe(200);
    // The driver drives every case's ride: this one's is among theirs.
    expect(data.body.carPositionsShared).toEqual(
      expect.arrayContaining([expect.objectContaining({ ride_id: rideId, latitude: 1.4457 })]),
    );
  });

  it('refuses a bad position with its own code', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ latitude: 91 }, 'car_position_latitude', /Latitude must be between -90 and 90/],
      [{ latitude: -90.5 }, 'car_position_latitude', /Latitude/],
      [{ longitude: 180.1 }, 'car_position_longitude', /Longitude must be between -180 and 180/],
      [{ accuracy: 0 }, 'car_position_accuracy', /at most 5000 metres/],
      [{ accuracy: 20_000 }, 'car_position_accuracy', /at most 5000 metres/],
      [{ takenAt: at(-300) }, 'car_position_future', /in the future/],
      [{ takenAt: at(11 * 60) }, 'car_position_too_old', /more than 10 minutes ago/],
    ];
    for (const [overrides, code, message] of cases) {
      const refused = await expectRefusal(driver.put(position(), woodlands(overrides)), 400, code);
      expect(refused.body.message).toMatch(message);
    }
    for (const body of [
      woodlands({ latitude: 'north' }),
      woodlands({ accuracy: null }),
      woodlands({ takenAt: 'yesterday' }),
      { latitude: 1.3 },
    ]) {
      await expectRefusal(driver.put(position(), body), 400, 'invalid_input');
    }
    expect(await storedRows()).toBe(0);
  });
});
