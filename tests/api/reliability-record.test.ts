// The reliability record (issue 26 §1): after a ride has left, its organiser (and nobody else)
// marks a passenger of that ride as a no-show, and may undo it, for 3 days; a member's record is
// their trips (rides that left with them on board, organising or as a passenger) and no-shows,
// shown on the Passengers tab and their profile; the mark itself is the organiser's and the
// passenger's to read.
import { beforeAll, describe, expect, it } from 'vitest';

import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal, liftThrottles } from '../support/accounts.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(oneBackend)('the reliability record on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let outsider: Member;
  let rideId: number;
  let aliceEntry: number;
  let bobEntry: number;

  async function setRideDate(ride: number, interval: string) {
    await ownerQuery(suite.db, 'update public.rides set date = now() - $2::interval where id = $1::integer', [
      ride,
      interval,
    ]);
  }

  const mark = (member: Member, entry: number, noShow: boolean, ride = rideId) =>
    member.post(`/api/rides/${ride}/passengers/${entry}/no-show`, { noShow });

  const record = async (member: Member, userId: number) => {
    const answer = await member.get(`/api/users/${userId}/record`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  // The no-show rows the member reads straight from the table, as the api role with RLS.
  async function marksSeenBy(userId: number): Promise<number> {
    const rollback = new Error('rollback');
    let count = -1;
    try {
      await suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId, isAdmin: false });
        await tx.query('set local role authenticated');
        const [row] = await tx.query<{ n: number }>(
          'select count(*)::int as n from public.ride_no_shows where ride_id = $1::integer',
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
    await liftThrottles(suite.db);
    organiser = await registerMember(suite.app, 'orgr');
    alice = await registerMember(suite.app, 'alice');
    bob = await registerMember(suite.app, 'bob');
    outsider = await registerMember(suite.app, 'outsider');
    rideId = (await createRide(organiser)).id;
    aliceEntry = (await alice.post(`/api/rides/${rideId}/join`, joinBody())).body.passengerId;
    bobEntry = (await bob.post(`/api/rides/${rideId}/join`, joinBody())).body.passengerId;
  });

  it('counts no trip for an upcoming ride, and refuses a mark before it leaves', async () => {
    expect(await record(outsider, alice.user.id)).toEqual({ trips: 0, noShows: 0 });
    expect(await record(outsider, organiser.user.id)).toEqual({ trips: 0, noShows: 0 });
    const early = await mark(organiser, aliceEntry, true);
    expectRefusal(early, 409, 'A no-show can be marked only once the ride has left');
    expect(early.body.code).toBe('no_show_too_early');
  });

  it('lets only the organiser mark, only a passenger of that ride', async () => {
    await setRideDate(rideId, '2 hours');
    for (const member of [alice, bob, outsider]) {
      const answer = await mark(member, aliceEntry, true);
      expectRefusal(answer, 403, 'Only the organizer can mark a no-show');
      expect(answer.body.code).toBe('no_show_organizer_only');
    }
    expectRefusal(
      await suite.anonymous.post(`/api/rides/${rideId}/passengers/${aliceEntry}/no-show`, { noShow: true }),
      401,
    );
    // Another ride's passenger entry is not one of this ride's.
    const other = (await createRide(outsider)).id;
    const carolEntry = (await (await registerMember(suite.app, 'carol')).post(`/api/rides/${other}/join`, joinBody()))
      .body.passengerId;
    const stranger = await mark(organiser, carolEntry, true);
    expectRefusal(stranger, 404, 'Passenger not found on this ride');
    expect(stranger.body.code).toBe('passenger_not_found');
    expectRefusal(await mark(organiser, aliceEntry, true, 99999999), 404);
    expectRefusal(
      await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/no-show`, { noShow: 'yes' }),
      400,
    );
    expectRefusal(await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/no-show`, {}), 400);

    expect((await mark(organiser, aliceEntry, true)).status).toBe(200);
    // Marking twice is one mark.
    expect((await mark(organiser, aliceEntry, true)).status).toBe(200);
  });

  it('counts trips and no-shows, and shows them on the Passengers tab', async () => {
    expect(await record(outsider, alice.user.id)).toEqual({ trips: 0, noShows: 1 });
    expect(await record(outsider, bob.user.id)).toEqual({ trips: 1, noShows: 0 });
    expect(await record(alice, organiser.user.id)).toEqual({ trips: 1, noShows: 0 });
    expectRefusal(await outsider.get('/api/users/99999999/record'), 404);
    expectRefusal(await suite.anonymous.get(`/api/users/${alice.user.id}/record`), 401);

    const forOrganiser = (await organiser.get(`/api/rides/${rideId}/passengers`)).body;
    const byUser = (list: { userId: number }[], userId: number) => list.find((p) => p.userId === userId)!;
    expect(byUser(forOrganiser, alice.user.id)).toMatchObject({ noShow: true, record: { trips: 0, noShows: 1 } });
    expect(byUser(forOrganiser, bob.user.id)).toMatchObject({ noShow: false, record: { trips: 1, noShows: 0 } });
    // The others see the counts, not the mark.
    const forBob = (await bob.get(`/api/rides/${rideId}/passengers`)).body;
    expect(byUser(forBob, alice.user.id)).toMatchObject({ noShow: null, record: { trips: 0, noShows: 1 } });
    const forOutsider = (await outsider.get(`/api/rides/${rideId}/passengers`)).body;
    expect(byUser(forOutsider, alice.user.id)).toMatchObject({ noShow: null, record: { trips: 0, noShows: 1 } });

    // Row-level security: the organiser and the passenger marked read the row; nobody else.
    expect(await marksSeenBy(organiser.user.id)).toBe(1);
    expect(await marksSeenBy(alice.user.id)).toBe(1);
    expect(await marksSeenBy(bob.user.id)).toBe(0);
    expect(await marksSeenBy(outsider.user.id)).toBe(0);
  });

  it('undoes a mark within the window, and refuses both after 3 days', async () => {
    expect((await mark(organiser, aliceEntry, false)).status).toBe(200);
    expect(await record(outsider, alice.user.id)).toEqual({ trips: 1, noShows: 0 });

    await setRideDate(rideId, '2 days 23 hours');
    expect((await mark(organiser, bobEntry, true)).status).toBe(200);
    expect(await record(outsider, bob.user.id)).toEqual({ trips: 0, noShows: 1 });

    await setRideDate(rideId, '3 days 1 minute');
    const late = await mark(organiser, aliceEntry, true);
    expectRefusal(late, 409, 'A no-show can be marked only within 3 days of the ride');
    expect(late.body.code).toBe('no_show_window_over');
    expectRefusal(await mark(organiser, bobEntry, false), 409);
    expect(await record(outsider, bob.user.id)).toEqual({ trips: 0, noShows: 1 });
    // Still counted a month on: the record keeps.
    await setRideDate(rideId, '30 days');
    expect(await record(outsider, alice.user.id)).toEqual({ trips: 1, noShows: 0 });
  });

  // The record is a kept count less the upcoming entries (issue 36 §1): after each change that
  // adds, removes or moves an entry, it must equal the count made from the rows themselves.
  it('keeps the count equal to the rows through joins, leaving, hand-overs, deletions and time', async () => {
    const members = [organiser, alice, bob, outsider];
    const counted = async (userId: number) => {
      const [row] = await ownerQuery<{ trips: number; noShows: number }>(
        suite.db,
        `select ((select count(*) from public.rides r where r.organiser_id = $1::integer and r.date <= now())
                 + (select count(*) from public.ride_passengers p
                     where p.user_id = $1::integer and p.ride_date <= now()
                       and not exists (select 1 from public.ride_no_shows n
                                        where n.ride_id = p.ride_id and n.user_id = p.user_id)))::int as trips,
                (select count(*) from public.ride_no_shows n where n.user_id = $1::integer)::int as "noShows"`,
        [userId],
      );
      return row!;
    };
    const expectRecordsCounted = async (step: string) => {
      for (const member of members) {
        expect(await record(outsider, member.user.id), `${step}: member ${member.user.id}`).toEqual(
          await counted(member.user.id),
        );
      }
    };
    await expectRecordsCounted('as arranged');

    const upcoming = (await createRide(organiser, { maxPassengers: 6 })).id;
    expect((await alice.post(`/api/rides/${upcoming}/join`, joinBody())).status).toBe(201);
    const bobUpcoming = (await bob.post(`/api/rides/${upcoming}/join`, joinBody())).body.passengerId;
    await expectRecordsCounted('joined an upcoming ride');
    const before = await record(outsider, alice.user.id);

    expect((await bob.delete(`/api/rides/${upcoming}/passengers/${bobUpcoming}`)).status).toBe(200);
    await setRideDate(upcoming, '1 hour');
    await expectRecordsCounted('left, then the ride left');
    expect(await record(outsider, alice.user.id)).toEqual({ ...before, trips: before.trips + 1 });

    // Handed over after it left: the organiser's trip goes with it.
    await ownerQuery(suite.db, 'update public.rides set organiser_id = $2::integer where id = $1::integer', [
      upcoming,
      outsider.user.id,
    ]);
    await expectRecordsCounted('handed over');

    const deleted = (await createRide(outsider)).id;
    await bob.post(`/api/rides/${deleted}/join`, joinBody());
    expect((await outsider.delete(`/api/rides/${deleted}`)).status).toBe(200);
    await expectRecordsCounted('an upcoming ride deleted with its passengers');

    await ownerQuery(suite.db, 'truncate public.ride_no_shows');
    await expectRecordsCounted('no-shows cleared at once');
  });

  it('refuses writes to the table except through the function', async () => {
    const rollback = new Error('rollback');
    let failure: unknown = null;
    try {
      await suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId: organiser.user.id, isAdmin: false });
        await tx.query('set local role authenticated');
        try {
          await tx.query('insert into public.ride_no_shows (ride_id, user_id) values ($1::integer, $2::integer)', [
            rideId,
            alice.user.id,
          ]);
        } catch (error) {
          failure = error;
        }
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    expect(String(failure)).toMatch(/permission denied/);
  });
});
