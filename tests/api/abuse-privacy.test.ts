// Issue 11 ("Open to the internet"), the rows about privacy and history, each reproduced as the
// attacker tried it and now refused, on PGlite and PostgreSQL:
// - contact scraping: a member reading /api/rides/{id}/passengers for every ride (item 4);
// - past rides: an organiser editing or deleting a past ride, or removing its passengers (item 9);
// - a forged caller: an API role setting app.user_id itself (item 10);
// - the security definer functions out of the schema the Supabase Data API exposes (item 10).
import { beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { type Queryable, setCaller } from '../../supabase/functions/api/lib/database.ts';
import {
  createRide,
  type Member,
  PASSWORD,
  registerMember,
  registerVendor,
  TestClient,
} from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { approveVendor } from '../support/vendors.ts';
import { joinBody, makeRidePast, rideCounts } from './ride-test-kit.ts';

const PERMISSION_DENIED = /permission denied/i;

// The contacts a scraper was after, one set per passenger so a leak names whose it was.
const ALICE = { whatsappNumber: '+65 9111 2222', malaysianNumber: '+60 12 111 2222', revolutUsername: 'alice-pays' };
const BOB = { whatsappNumber: '+65 9333 4444', malaysianNumber: '+60 12 333 4444', revolutUsername: 'bob-pays' };
const stored = (contacts: typeof ALICE) => [
  contacts.whatsappNumber.replace(/ /g, ''),
  contacts.malaysianNumber.replace(/ /g, ''),
  contacts.revolutUsername,
];

describe.each(backends)('abuse: privacy and history on %s', (backend) => {
  const suite = useSuite(backend);
  let admin: Member;
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let scraper: Member;

  beforeAll(async () => {
    // The admin is id 1 with the admin username (SPEC §6); the suite's app says 'admin'.
    admin = new TestClient(suite.app) as Member;
    const registered = await admin.post('/api/register', {
      discordUsername: 'admin',
      password: PASSWORD,
      acceptedPolicies: CURRENT_POLICIES,
      name: 'The admin',
    });
    expect(registered.status).toBe(201);
    admin.user = registered.body;
    expect(admin.user.isAdmin).toBe(true);
    organiser = await registerMember(suite.app, 'org', { whatsappNumber: '+65 9555 6666' });
    alice = await registerMember(suite.app, 'alice', ALICE);
    // No name: the list must still say who it is without the username (a contact).
    bob = await registerMember(suite.app, 'bob', { ...BOB, name: undefined });
    scraper = await registerMember(suite.app, 'scraper');
  });

  async function ridesWithAliceAndBob(count: number, overrides: Record<string, unknown> = {}) {
    const rides = [];
    for (let i = 0; i < count; i += 1) {
      const ride = await createRide(organiser, { maxPassengers: 6, ...overrides });
      expect(
        (await alice.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Alice Street 1' }))).status,
      ).toBe(201);
      expect(
        (await bob.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Bob Road 2', passengerCount: 2 })))
          .status,
      ).toBe(201);
      rides.push(ride);
    }
    return rides;
  }

  describe('contact scraping: /api/rides/{id}/passengers for every ride', () => {
    let rides: any[];

    beforeAll(async () => {
      rides = await ridesWithAliceAndBob(2, { direction: 'FC->SG' });
      // One of them travelled already: history is no way in either.
      await makeRidePast(suite.db, rides[1].id);
    });

    it('a member on none of the rides reads every id and gets names, party sizes and stops, no contact and no drop-off', async () => {
      const [highest] = await ownerQuery<{ id: number }>(suite.db, 'select max(id)::int as id from public.rides');
      const seen: any[] = [];
      for (let id = 1; id <= highest!.id + 2; id += 1) {
        const answer = await scraper.get(`/api/rides/${id}/passengers`);
        expect([200, 404]).toContain(answer.status);
        if (answer.status === 200) seen.push(...answer.body);
      }
      const text = JSON.stringify(seen);
      for (const secret of [...stored(ALICE), ...stored(BOB), alice.user.discordUsername, bob.user.discordUsername]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toContain('Alice Street');
      expect(text).not.toContain('Bob Road');

      const [first, second] = (await scraper.get(`/api/rides/${rides[0].id}/passengers`)).body;
      expect(first).toMatchObject({
        userId: alice.user.id,
        passengerCount: 1,
        dropoffLocation: null,
        dropoffSequence: null,
        user: {
          id: alice.user.id,
          fullName: 'alice person',
          name: 'alice person',
          discordUsername: null,
          whatsappNumber: null,
          malaysianNumber: null,
          revolutUsername: null,
        },
      });
      expect(second).toMatchObject({
        userId: bob.user.id,
        passengerCount: 2,
        user: { fullName: `Member #${bob.user.id}`, name: null },
      });
    });

    it('the stop numbers still show once the organiser locks the order', async () => {
      const locked = await organiser.post(`/api/rides/${rides[0].id}/lockSequence`);
      expect(locked.status).toBe(200);
      const list = (await scraper.get(`/api/rides/${rides[0].id}/passengers`)).body;
      expect(list.map((p: any) => [p.userId, p.dropoffSequence])).toEqual([
        [alice.user.id, 1],
        [bob.user.id, 2],
      ]);
    });

    it('the people on the ride get the contacts and drop-offs: organiser and passengers, past rides too', async () => {
      for (const viewer of [organiser, alice, bob]) {
        for (const ride of rides) {
          const list = (await viewer.get(`/api/rides/${ride.id}/passengers`)).body;
          expect(list.map((p: any) => p.dropoffLocation)).toEqual(['Alice Street 1', 'Bob Road 2']);
          expect(list[0].user).toMatchObject({
            discordUsername: alice.user.discordUsername,
            whatsappNumber: stored(ALICE)[0],
            malaysianNumber: stored(ALICE)[1],
            revolutUsername: 'alice-pays',
          });
          // Bob has no name: the people on the trip know him by his username.
          expect(list[1].user).toMatchObject({ fullName: bob.user.discordUsername, whatsappNumber: stored(BOB)[0] });
        }
      }
    });

    it('the assigned vendor gets them while assigned, not before', async () => {
      const vendor = await registerVendor(suite.app);
      await approveVendor(suite, vendor.user.id);
      const [ride] = await ridesWithAliceAndBob(1);
      const before = (await vendor.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(before.map((p: any) => p.user.whatsappNumber)).toEqual([null, null]);
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      const after = (await vendor.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(after.map((p: any) => p.user.whatsappNumber)).toEqual([stored(ALICE)[0], stored(BOB)[0]]);
    });

    it('a passenger who leaves no longer gets the others’ contacts or drop-offs', async () => {
      const [ride] = await ridesWithAliceAndBob(1);
      const list = (await bob.get(`/api/rides/${ride.id}/passengers`)).body;
      const bobEntry = list.find((p: any) => p.userId === bob.user.id).id;
      expect((await bob.delete(`/api/rides/${ride.id}/passengers/${bobEntry}`)).status).toBe(200);
      const bobView = (await bob.get(`/api/rides/${ride.id}/passengers`)).body;
      expect(bobView.map((p: any) => [p.userId, p.user.whatsappNumber, p.dropoffLocation])).toEqual([
        [alice.user.id, null, null],
      ]);
    });

    it("the organiser's contacts stay readable by every member (they are needed before joining), not by visitors", async () => {
      const member = (await scraper.get(`/api/rides/${rides[0].id}`)).body;
      expect(member.creator).toMatchObject({ id: organiser.user.id, whatsappNumber: '+6595556666' });
      const visitor = await suite.anonymous.get(`/api/rides/${rides[0].id}`);
      expect(JSON.stringify(visitor.body)).not.toContain('+6595556666');
    });
  });

  describe('past rides: the record of the trip is kept', () => {
    let past: any;
    let aliceEntry: number;

    beforeAll(async () => {
      [past] = await ridesWithAliceAndBob(1, { direction: 'FC->SG' });
      aliceEntry = (await alice.get(`/api/rides/${past.id}/passengers`)).body[0].id;
      await makeRidePast(suite.db, past.id);
    });

    it('the organiser cannot edit it (409), whatever the field', async () => {
      const current = (await organiser.get(`/api/rides/${past.id}`)).body;
      const answer = await organiser.patch(`/api/rides/${past.id}`, saveBody(current, { maxPassengers: 8 }));
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'This ride is in the past and can no longer be changed: it is the record of the trip',
      );
      expect((await rideCounts(suite.db, past.id)).max).toBe(6);
    });

    it('the organiser cannot delete it (409); it and its passengers stay', async () => {
      const answer = await organiser.delete(`/api/rides/${past.id}`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'This ride is in the past and can no longer be deleted: it is the record of the trip',
      );
      expect(await rideCounts(suite.db, past.id)).toMatchObject({ rows: 2, current: 4 });
    });

    it('nobody removes, moves or locks its passengers (409)', async () => {
      const removed = await organiser.delete(`/api/rides/${past.id}/passengers/${aliceEntry}`);
      expect(removed.status).toBe(409);
      expect(removed.body.message).toBe('Passengers cannot be removed from a past ride');
      const left = await alice.delete(`/api/rides/${past.id}/passengers/${aliceEntry}`);
      expect(left.status).toBe(409);
      const moved = await organiser.patch(`/api/rides/${past.id}/passengers/${aliceEntry}/sequence`, { sequence: 2 });
      expect(moved.status).toBe(409);
      expect(moved.body.message).toBe('The drop-off sequence of a past ride cannot be changed');
      const locked = await organiser.post(`/api/rides/${past.id}/lockSequence`);
      expect(locked.status).toBe(409);
      expect(await rideCounts(suite.db, past.id)).toMatchObject({ rows: 2, current: 4 });
    });

    it('the database says it, not only the routes: a member writing the rows directly is refused', async () => {
      const asMember = async (userId: number, sql: string, params: unknown[]) =>
        suite.db.database.transaction(async (tx) => {
          await setCaller(tx, { userId, isAdmin: false });
          await tx.query('set local role authenticated');
          return tx.query(sql, params);
        });
      await expect(
        asMember(organiser.user.id, 'update public.rides set max_passengers = 9 where id = $1::integer', [past.id]),
      ).rejects.toMatchObject({ code: 'PT409' });
      await expect(
        asMember(organiser.user.id, 'delete from public.rides where id = $1::integer', [past.id]),
      ).rejects.toMatchObject({
        code: 'PT409',
      });
      // The ride functions run as their owner: the caller is what the trigger goes by.
      await expect(
        asMember(organiser.user.id, 'select app.move_ride_passenger($1::integer, $2::integer, 2)', [
          past.id,
          aliceEntry,
        ]),
      ).rejects.toMatchObject({ code: 'PT409' });
      expect(await rideCounts(suite.db, past.id)).toMatchObject({ rows: 2, max: 6 });
    });

    it('the admin may still correct a past ride: edit it, remove a passenger, delete it', async () => {
      const ride = await createRide(admin, { maxPassengers: 6 });
      expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      expect((await bob.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }))).status).toBe(201);
      await makeRidePast(suite.db, ride.id);
      const current = (await admin.get(`/api/rides/${ride.id}`)).body;
      const edited = await admin.patch(`/api/rides/${ride.id}`, saveBody(current, { maxPassengers: 7 }));
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.maxPassengers).toBe(7);

      const entries = (await admin.get(`/api/rides/${ride.id}/passengers`)).body;
      const removed = await admin.delete(`/api/rides/${ride.id}/passengers/${entries[0].id}`);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      // The counts the database derives follow, on a past ride too.
      expect(await rideCounts(suite.db, ride.id)).toMatchObject({ rows: 1, current: 3 });

      expect((await admin.delete(`/api/rides/${ride.id}`)).status).toBe(200);
      expect(await ownerQuery(suite.db, 'select 1 from public.rides where id = $1::integer', [ride.id])).toEqual([]);
    });

    it('the owner (migrations, maintenance, fixtures) still changes past rows; an upcoming ride stays editable', async () => {
      const [moved] = await ownerQuery<{ max: number }>(
        suite.db,
        'update public.rides set max_passengers = 7 where id = $1::integer returning max_passengers::int as max',
        [past.id],
      );
      expect(moved!.max).toBe(7);
      await ownerQuery(suite.db, 'update public.rides set max_passengers = 6 where id = $1::integer', [past.id]);

      const upcoming = await createRide(organiser);
      const edited = await organiser.patch(`/api/rides/${upcoming.id}`, saveBody(upcoming, { maxPassengers: 4 }));
      expect(edited.status).toBe(200);
      expect((await organiser.delete(`/api/rides/${upcoming.id}`)).status).toBe(200);
    });
  });

  describe('a forged caller: an API role setting app.user_id itself', () => {
    let victimRide: any;
    let victimEntry: number;

    beforeAll(async () => {
      [victimRide] = await ridesWithAliceAndBob(1);
      victimEntry = (await alice.get(`/api/rides/${victimRide.id}/passengers`)).body[0].id;
    });

    // What an attacker who could run SQL as an API role would try: the role switch, then the
    // settings the api used to set, naming the victim (the organiser) and the admin flag.
    async function forged<T>(attacker: number | null, work: (tx: Queryable) => Promise<T>): Promise<T> {
      const rollback = new Error('rollback');
      let result: T | undefined;
      try {
        await suite.db.database.transaction(async (tx) => {
          if (attacker !== null) await setCaller(tx, { userId: attacker, isAdmin: false });
          await tx.query('set local role authenticated');
          await tx.query(`select set_config('app.user_id', $1::text, true), set_config('app.is_admin', 'true', true)`, [
            String(organiser.user.id),
          ]);
          await tx.query(`set app.user_id = '${organiser.user.id}'`);
          result = await work(tx);
          throw rollback;
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      return result as T;
    }

    it('the caller stays who the api said (or nobody), and the admin flag stays off', async () => {
      const [asScraper] = await forged(scraper.user.id, (tx) =>
        tx.query('select app.current_user_id() as uid, app.is_admin() as admin'),
      );
      expect(asScraper).toEqual({ uid: scraper.user.id, admin: false });
      const [asNobody] = await forged(null, (tx) =>
        tx.query('select app.current_user_id() as uid, app.is_admin() as admin'),
      );
      expect(asNobody).toEqual({ uid: null, admin: false });
    });

    it('cannot act as the victim: their ride, their passengers and their contacts stay out of reach', async () => {
      for (const attacker of [scraper.user.id, null]) {
        const updated = await forged(attacker, (tx) =>
          tx.query('update public.rides set max_passengers = 9 where id = $1::integer returning id', [victimRide.id]),
        );
        expect(updated).toEqual([]);
        const contacts = await forged(attacker, (tx) =>
          tx.query('select whatsapp_number from public.users where id = $1::integer', [alice.user.id]),
        );
        expect(contacts).toEqual([]);
        await expect(
          forged(attacker, (tx) =>
            tx.query('select app.remove_ride_passenger($1::integer, $2::integer)', [victimRide.id, victimEntry]),
          ),
        ).rejects.toThrow(
          attacker === null ? 'You must be logged in' : 'Only the organizer or the passenger can remove this entry',
        );
      }
      expect(await rideCounts(suite.db, victimRide.id)).toMatchObject({ rows: 2, max: 6 });
    });

    it('cannot write the caller table or call the function that does', async () => {
      for (const sql of [
        `insert into private.request_callers (backend_pid, xact, user_id, is_admin)
         values (pg_backend_pid(), pg_current_xact_id(), ${organiser.user.id}, true)`,
        `update private.request_callers set user_id = ${organiser.user.id}, is_admin = true`,
        `select private.act_as(${organiser.user.id}, true)`,
        'select * from private.request_callers',
      ]) {
        await expect(forged(scraper.user.id, (tx) => tx.query(sql))).rejects.toThrow(PERMISSION_DENIED);
      }
    });

    it('a caller counts only in its own transaction: what an earlier request left names nobody', async () => {
      for (let i = 0; i < 25; i += 1) expect((await organiser.get('/api/auth/me')).status).toBe(200);
      const [after] = await ownerQuery<{ uid: number | null; rows: number }>(
        suite.db,
        'select app.current_user_id() as uid, (select count(*)::int from private.request_callers) as rows',
      );
      // One row per connection at most (the api's pool holds 20), none of them ours.
      expect(after).toMatchObject({ uid: null });
      expect(after!.rows).toBeGreaterThan(0);
      expect(after!.rows).toBeLessThanOrEqual(20);
      // Another transaction that writes (so has an id) is still nobody.
      const [written] = await suite.db.database.transaction(async (tx) => {
        await tx.query('select pg_current_xact_id()');
        return tx.query<{ uid: number | null }>('select app.current_user_id() as uid');
      });
      expect(written!.uid).toBeNull();
    });
  });

  describe('the security definer functions are out of the schemas the Supabase Data API exposes', () => {
    const MOVED = [
      'app.join_ride(integer,integer,text)',
      'app.remove_ride_passenger(integer,integer)',
      'app.move_ride_passenger(integer,integer,integer)',
      'app.lock_ride_sequence(integer)',
      'app.unlock_ride_sequence(integer)',
      'app.community_stats()',
    ];

    it('public and graphql_public hold no security definer function', async () => {
      const rows = await ownerQuery<{ signature: string }>(
        suite.db,
        `select p.oid::regprocedure::text as signature
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ('public', 'graphql_public') and p.prosecdef`,
      );
      expect(rows).toEqual([]);
    });

    it('the ride functions live in app, as security definers with an empty search_path', async () => {
      const rows = await ownerQuery<{ signature: string; definer: boolean; config: string[] | null }>(
        suite.db,
        `select p.oid::regprocedure::text as signature, p.prosecdef as definer, p.proconfig as config
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'app' and p.proname = any ($1::text[])`,
        [MOVED.map((signature) => signature.slice(4, signature.indexOf('(')))],
      );
      expect(rows.map((row) => row.signature).sort()).toEqual([...MOVED].sort());
      for (const row of rows) {
        expect(row.definer).toBe(true);
        expect(row.config!.map((setting) => setting.replace(/"/g, ''))).toContain('search_path=');
      }
    });

    it('who may call them: members the ride functions, visitors only the stats', async () => {
      const [grants] = await ownerQuery<Record<string, boolean>>(
        suite.db,
        `select has_function_privilege('authenticated', 'app.join_ride(integer,integer,text)', 'execute') as member_join,
                has_function_privilege('anon', 'app.join_ride(integer,integer,text)', 'execute') as visitor_join,
                has_function_privilege('anon', 'app.remove_ride_passenger(integer,integer)', 'execute') as visitor_remove,
                has_function_privilege('anon', 'app.community_stats()', 'execute') as visitor_stats`,
      );
      expect(grants).toEqual({ member_join: true, visitor_join: false, visitor_remove: false, visitor_stats: true });
      const stats = await suite.anonymous.get('/api/stats');
      expect(stats.status).toBe(200);
      expect(stats.body.totalRides).toBeGreaterThan(0);
    });

    it('joining with too many passengers says "Only 1 spot remaining" for one, "Only N spots remaining" for more', async () => {
      const ride = await createRide(organiser, { maxPassengers: 3 });
      const two = await scraper.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 3 }));
      expect(two.status).toBe(409);
      expect(two.body.message).toBe('Only 2 spots remaining');
      expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
      const one = await scraper.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }));
      expect(one.status).toBe(409);
      expect(one.body.message).toBe('Only 1 spot remaining');
    });
  });
});

// The ride form's body for a ride as read, with some fields changed.
function saveBody(ride: any, changes: Record<string, unknown>) {
  return {
    direction: ride.direction,
    date: ride.date,
    maxPassengers: ride.maxPassengers,
    pickupLocation: ride.pickupLocation,
    dropoffLocations: ride.dropoffLocations,
    organizerPassengerCount: ride.organizerPassengerCount,
    ...changes,
  };
}
