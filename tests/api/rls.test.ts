// Row-level security and grants proven at SQL level, not through the API: the roles the API
// switches to (`anon`, `authenticated` acting for a member) cannot change other members' rows,
// cannot write derived columns, cannot read secrets, and read a member's contacts only when they
// are on a ride together (or the other organises a ride). ARCHITECTURE.md "Rules of the house".
import { beforeAll, describe, expect, it } from 'vitest';

import { type Queryable, setCaller } from '../../supabase/functions/api/lib/database.ts';
import { createRide, type Member, registerMember, registerVendor } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, rideCounts } from './ride-test-kit.ts';

type Role = 'anon' | 'authenticated';

const PERMISSION_DENIED = /permission denied/i;

describe.each(backends)('row-level security on %s', (backend) => {
  const suite = useSuite(backend);
  let owner: Member; // organises `ride`
  let passenger: Member; // joined `ride`
  let intruder: Member; // a member with nothing to do with `ride`
  let ride: any;
  let intruderRide: any;
  let passengerEntry: number;

  beforeAll(async () => {
    owner = await registerMember(suite.app, 'owner', { malaysianNumber: '+60 12 000 1111' });
    passenger = await registerMember(suite.app, 'pax');
    intruder = await registerMember(suite.app, 'intruder');
    ride = await createRide(owner, { maxPassengers: 5 });
    intruderRide = await createRide(intruder, { maxPassengers: 4 });
    const joined = await passenger.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 2 }));
    expect(joined.status).toBe(201);
    passengerEntry = joined.body.passengerId;
  });

  // One transaction acting as `role`; the caller (user id and admin flag) set as the API sets
  // it, by the owner before the role switch. `arrange` runs first, as the owner, for state the
  // API would take several requests to make. The transaction is always rolled back, so a success
  // here never leaks into the next test.
  async function as<T>(
    role: Role,
    userId: number | null,
    work: (tx: Queryable) => Promise<T>,
    isAdmin = false,
    arrange?: (tx: Queryable) => Promise<unknown>,
  ): Promise<T> {
    const rollback = new Error('rollback');
    let result: T | undefined;
    try {
      await suite.db.database.transaction(async (tx) => {
        if (arrange) await arrange(tx);
        await setCaller(tx, userId === null ? null : { userId, isAdmin });
        await tx.query(`set local role ${role}`);
        result = await work(tx);
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    return result as T;
  }

  async function rideRow(id: number) {
    const [row] = await ownerQuery(
      suite.db,
      'select max_passengers::int as max, current_passengers::int as current, status::text as status from public.rides where id = $1::integer',
      [id],
    );
    return row;
  }

  describe('rides as another member', () => {
    it("updating someone else's ride changes 0 rows", async () => {
      const rows = await as('authenticated', intruder.user.id, (tx) =>
        tx.query('update public.rides set max_passengers = 9 where id = $1::integer returning id', [ride.id]),
      );
      expect(rows).toHaveLength(0);
      expect((await rideRow(ride.id)).max).toBe(5);
    });

    it('the same update on my own ride changes 1 row (the policy is not simply closed)', async () => {
      const rows = await as('authenticated', intruder.user.id, (tx) =>
        tx.query('update public.rides set max_passengers = 9 where id = $1::integer returning id, max_passengers', [
          intruderRide.id,
        ]),
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].max_passengers)).toBe(9);
    });

    it("deleting someone else's ride changes 0 rows", async () => {
      const rows = await as('authenticated', intruder.user.id, (tx) =>
        tx.query('delete from public.rides where id = $1::integer returning id', [ride.id]),
      );
      expect(rows).toHaveLength(0);
      const all = await as('authenticated', intruder.user.id, (tx) =>
        tx.query('delete from public.rides where organiser_id <> $1::integer returning id', [intruder.user.id]),
      );
      expect(all).toHaveLength(0);
      expect(await rideRow(ride.id)).toBeDefined();
    });

    it("inserting a ride in someone else's name is refused by the policy", async () => {
      await expect(
        as('authenticated', intruder.user.id, (tx) =>
          tx.query(
            `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
             values ($1::integer, 'SG->FC', now() + interval '2 days', 4, 'Bedok')`,
            [owner.user.id],
          ),
        ),
      ).rejects.toThrow(/row-level security/i);
    });

    it('writing current_passengers directly is refused (no column privilege), even on my own ride', async () => {
      await expect(
        as('authenticated', owner.user.id, (tx) =>
          tx.query('update public.rides set current_passengers = 10 where id = $1::integer', [ride.id]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      expect((await rideRow(ride.id)).current).toBe(3);
    });

    it.each([
      ['status', "status = 'assigned'"],
      ['vendor_id', 'vendor_id = 1'],
      ['additional_stops', 'additional_stops = 5'],
      ['sequence_locked', 'sequence_locked = true'],
      ['organiser_id', 'organiser_id = organiser_id'],
    ])('writing %s directly is refused', async (_column, assignment) => {
      await expect(
        as('authenticated', owner.user.id, (tx) =>
          tx.query(`update public.rides set ${assignment} where id = $1::integer`, [ride.id]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
    });

    // Issue 21 §2: the organiser sets what the car costs (migration 20261201001100); nobody else.
    it("the organiser may write the cost of their own ride, never of someone else's", async () => {
      const others = await as('authenticated', intruder.user.id, (tx) =>
        tx.query('update public.rides set cost = 1 where id = $1::integer returning id', [ride.id]),
      );
      expect(others).toHaveLength(0);
      const own = await as('authenticated', owner.user.id, (tx) =>
        tx.query('update public.rides set cost = 77.5 where id = $1::integer returning cost::float8 as cost', [
          ride.id,
        ]),
      );
      expect(own).toEqual([{ cost: 77.5 }]);
      await expect(
        as('authenticated', owner.user.id, (tx) =>
          tx.query('update public.rides set cost = 2001 where id = $1::integer', [ride.id]),
        ),
      ).rejects.toThrow(/rides_cost_in_range/);
    });

    it('anonymous callers cannot change rides at all', async () => {
      await expect(
        as('anon', null, (tx) =>
          tx.query('update public.rides set max_passengers = 9 where id = $1::integer', [ride.id]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(
        as('anon', null, (tx) => tx.query('delete from public.rides where id = $1::integer', [ride.id])),
      ).rejects.toThrow(PERMISSION_DENIED);
    });
  });

  describe('ride_passengers', () => {
    it("updating another member's passenger row errors or changes 0 rows", async () => {
      let rows: unknown[] | null = null;
      try {
        rows = await as('authenticated', intruder.user.id, (tx) =>
          tx.query('update public.ride_passengers set passenger_count = 1 where id = $1::integer returning id', [
            passengerEntry,
          ]),
        );
      } catch (error) {
        expect(String(error)).toMatch(PERMISSION_DENIED);
      }
      if (rows !== null) expect(rows).toHaveLength(0);
      const [row] = await ownerQuery(
        suite.db,
        'select passenger_count::int as n from public.ride_passengers where id = $1::integer',
        [passengerEntry],
      );
      expect(row.n).toBe(2);
    });

    it("deleting another member's passenger row is refused, even for the ride organiser", async () => {
      for (const actor of [intruder, owner]) {
        await expect(
          as('authenticated', actor.user.id, (tx) =>
            tx.query('delete from public.ride_passengers where id = $1::integer', [passengerEntry]),
          ),
        ).rejects.toThrow(PERMISSION_DENIED);
      }
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(1);
    });

    it('even the passenger cannot touch their row directly: changes go through the SQL functions', async () => {
      await expect(
        as('authenticated', passenger.user.id, (tx) =>
          tx.query('update public.ride_passengers set passenger_count = 3 where id = $1::integer', [passengerEntry]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(
        as('authenticated', passenger.user.id, (tx) =>
          tx.query('update public.ride_passengers set dropoff_sequence = 1 where id = $1::integer', [passengerEntry]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
    });

    it('inserting into ride_passengers directly is refused', async () => {
      await expect(
        as('authenticated', intruder.user.id, (tx) =>
          tx.query(
            `insert into public.ride_passengers (ride_id, user_id, dropoff_location, passenger_count)
             values ($1::integer, $2::integer, 'Bedok', 1)`,
            [ride.id, intruder.user.id],
          ),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(1);
    });

    it('anonymous callers cannot read passengers', async () => {
      await expect(as('anon', null, (tx) => tx.query('select * from public.ride_passengers'))).rejects.toThrow(
        PERMISSION_DENIED,
      );
    });

    it('a member reads the passenger rows of a ride only once on it; join_ride acts only as the caller', async () => {
      const outside = await as('authenticated', intruder.user.id, (tx) =>
        tx.query('select id, user_id from public.ride_passengers where ride_id = $1::integer', [ride.id]),
      );
      expect(outside).toEqual([]);
      const joined = await as('authenticated', intruder.user.id, async (tx) => {
        await tx.query(`select app.join_ride($1::integer, 1, 'Simei')`, [ride.id]);
        return tx.query('select user_id from public.ride_passengers where ride_id = $1::integer order by id', [
          ride.id,
        ]);
      });
      expect(joined.map((r) => r.user_id)).toEqual([passenger.user.id, intruder.user.id]);
      // Rolled back: nothing stayed.
      expect((await rideCounts(suite.db, ride.id)).rows).toBe(1);
    });

    it('anonymous callers cannot call the state-change functions', async () => {
      await expect(
        as('anon', null, (tx) => tx.query(`select app.join_ride($1::integer, 1, 'Simei')`, [ride.id])),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(
        as('anon', null, (tx) => tx.query('select app.assign_ride($1::integer)', [ride.id])),
      ).rejects.toThrow(PERMISSION_DENIED);
    });
  });

  describe('users', () => {
    it('anonymous callers cannot read usernames or phone numbers', async () => {
      for (const column of ['discord_username', 'whatsapp_number', 'malaysian_number', '*']) {
        await expect(as('anon', null, (tx) => tx.query(`select ${column} from public.users`))).rejects.toThrow(
          PERMISSION_DENIED,
        );
      }
    });

    it('anonymous callers see only the names of organisers', async () => {
      const rows = await as('anon', null, (tx) =>
        tx.query<{ id: number; name: string }>('select id, name from public.users order by id'),
      );
      const ids = rows.map((r) => r.id);
      expect(ids).toContain(owner.user.id);
      expect(ids).toContain(intruder.user.id);
      expect(ids).not.toContain(passenger.user.id);
    });

    it("members read an organiser's contacts, but update only their own profile (0 rows for others)", async () => {
      const [seen] = await as('authenticated', intruder.user.id, (tx) =>
        tx.query('select discord_username, malaysian_number from public.users where id = $1::integer', [owner.user.id]),
      );
      expect(seen).toEqual({ discord_username: owner.user.discordUsername, malaysian_number: '+60120001111' });
      const others = await as('authenticated', intruder.user.id, (tx) =>
        tx.query(`update public.users set name = 'hijacked' where id = $1::integer returning id`, [owner.user.id]),
      );
      expect(others).toHaveLength(0);
      const own = await as('authenticated', intruder.user.id, (tx) =>
        tx.query(`update public.users set name = 'renamed' where id = $1::integer returning id`, [intruder.user.id]),
      );
      expect(own).toHaveLength(1);
      const [row] = await ownerQuery(suite.db, 'select name from public.users where id = $1::integer', [owner.user.id]);
      expect(row.name).toBe('owner person');
    });

    it('members cannot make themselves vendors or change their username', async () => {
      for (const assignment of ['is_vendor = true', "discord_username = 'someoneelse'"]) {
        await expect(
          as('authenticated', intruder.user.id, (tx) =>
            tx.query(`update public.users set ${assignment} where id = $1::integer`, [intruder.user.id]),
          ),
        ).rejects.toThrow(PERMISSION_DENIED);
      }
    });
  });

  // Issue 11 item 4: contacts (and drop-offs) only for the people on the trip, said by RLS.
  describe('contacts only for the people on the trip', () => {
    let fellow: Member; // also joined `ride`
    let loner: Member; // organises nothing, rides nothing
    let vendor: Member;

    beforeAll(async () => {
      fellow = await registerMember(suite.app, 'fellow', { revolutUsername: 'fellowrev' });
      loner = await registerMember(suite.app, 'loner');
      vendor = await registerVendor(suite.app);
      const joined = await fellow.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Simei' }));
      expect(joined.status).toBe(201);
    });

    const profileOf = (
      viewer: number,
      target: number,
      arrange?: (tx: Queryable) => Promise<unknown>,
      isAdmin = false,
    ) =>
      as(
        'authenticated',
        viewer,
        (tx) =>
          tx.query<{ id: number; whatsapp_number: string | null }>(
            'select id, whatsapp_number from public.users where id = $1::integer',
            [target],
          ),
        isAdmin,
        arrange,
      );
    const entriesOf = (viewer: number, arrange?: (tx: Queryable) => Promise<unknown>, isAdmin = false) =>
      as(
        'authenticated',
        viewer,
        (tx) =>
          tx.query<{ user_id: number; dropoff_location: string }>(
            'select user_id, dropoff_location from public.ride_passengers where ride_id = $1::integer order by id',
            [ride.id],
          ),
        isAdmin,
        arrange,
      );
    const assignVendor = (tx: Queryable) =>
      tx.query("update public.rides set status = 'assigned', vendor_id = $2::integer where id = $1::integer", [
        ride.id,
        vendor.user.id,
      ]);

    it("a passenger's profile: the organiser and a fellow passenger read it, members off the ride read no row", async () => {
      expect(await profileOf(owner.user.id, passenger.user.id)).toEqual([
        { id: passenger.user.id, whatsapp_number: '+6591234567' },
      ]);
      expect(await profileOf(fellow.user.id, passenger.user.id)).toHaveLength(1);
      expect(await profileOf(passenger.user.id, fellow.user.id)).toHaveLength(1);
      for (const outsider of [intruder, loner, vendor]) {
        expect(await profileOf(outsider.user.id, passenger.user.id)).toEqual([]);
      }
      // An organiser stays readable by every member (they are contacted before joining).
      expect(await profileOf(loner.user.id, owner.user.id)).toHaveLength(1);
      // A member who organises nothing is readable by nobody off their rides.
      expect(await profileOf(passenger.user.id, loner.user.id)).toEqual([]);
    });

    it('passenger rows (drop-offs): the people on the ride read them all, others none', async () => {
      const everyone = [
        { user_id: passenger.user.id, dropoff_location: 'Bedok Mall' },
        { user_id: fellow.user.id, dropoff_location: 'Simei' },
      ];
      expect(await entriesOf(owner.user.id)).toEqual(everyone);
      expect(await entriesOf(fellow.user.id)).toEqual(everyone);
      expect(await entriesOf(intruder.user.id)).toEqual([]);
      expect(await entriesOf(loner.user.id)).toEqual([]);
    });

    it('the assigned vendor is on the trip while assigned, and only then', async () => {
      expect(await entriesOf(vendor.user.id)).toEqual([]);
      expect(await profileOf(vendor.user.id, passenger.user.id)).toEqual([]);
      expect(await entriesOf(vendor.user.id, assignVendor)).toHaveLength(2);
      expect(await profileOf(vendor.user.id, passenger.user.id, assignVendor)).toHaveLength(1);
      // And the riders read the vendor's profile while it drives them.
      expect(await profileOf(passenger.user.id, vendor.user.id)).toEqual([]);
      expect(await profileOf(passenger.user.id, vendor.user.id, assignVendor)).toHaveLength(1);
    });

    it('leaving the ride ends it: the one who left reads no fellow passenger any more', async () => {
      const leave = (tx: Queryable) =>
        tx.query('delete from public.ride_passengers where id = $1::integer', [passengerEntry]);
      expect(await profileOf(passenger.user.id, fellow.user.id, leave)).toEqual([]);
      expect(await entriesOf(passenger.user.id, leave)).toEqual([]);
      // And the others no longer read theirs.
      expect(await profileOf(fellow.user.id, passenger.user.id, leave)).toEqual([]);
    });

    it('a past ride keeps its people: they still read each other', async () => {
      const past = (tx: Queryable) =>
        tx.query("update public.rides set date = now() - interval '1 day' where id = $1::integer", [ride.id]);
      expect(await profileOf(fellow.user.id, passenger.user.id, past)).toHaveLength(1);
      expect(await entriesOf(loner.user.id, past)).toEqual([]);
    });

    it('the admin reads every profile and passenger row', async () => {
      expect(await profileOf(loner.user.id, passenger.user.id, undefined, true)).toHaveLength(1);
      expect(await entriesOf(loner.user.id, undefined, true)).toHaveLength(2);
    });

    it('every member gets names, party sizes and stops from app.ride_passenger_stops, and no drop-off or contact', async () => {
      const rows = await as('authenticated', loner.user.id, (tx) =>
        tx.query('select * from app.ride_passenger_stops($1::integer) order by list_position', [ride.id]),
      );
      expect(rows.map((row) => [row.user_id, row.name, Number(row.passenger_count)])).toEqual([
        [passenger.user.id, 'pax person', 2],
        [fellow.user.id, 'fellow person', 1],
      ]);
      expect(Object.keys(rows[0]).sort()).toEqual(
        [
          'created_at',
          'dropoff_sequence',
          'id',
          'list_position',
          'name',
          'passenger_count',
          'ride_id',
          'user_id',
        ].sort(),
      );
      await expect(
        as('anon', null, (tx) => tx.query('select * from app.ride_passenger_stops($1::integer)', [ride.id])),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(
        as('authenticated', null, (tx) => tx.query('select * from app.ride_passenger_stops($1::integer)', [ride.id])),
      ).rejects.toThrow('You must be logged in');
    });

    it('authenticated with no caller (a Supabase Auth session through the Data API) reads no member and no passenger', async () => {
      expect(await as('authenticated', null, (tx) => tx.query('select id from public.users'))).toEqual([]);
      expect(await as('authenticated', null, (tx) => tx.query('select id from public.ride_passengers'))).toEqual([]);
    });
  });

  describe('secrets and admin-only rows', () => {
    it.each([
      ['anon', 'sessions'],
      ['authenticated', 'sessions'],
      ['anon', 'credentials'],
      ['authenticated', 'credentials'],
      ['authenticated', 'password_reset_codes'],
    ] as const)('%s cannot read private.%s', async (role, table) => {
      const userId = role === 'authenticated' ? owner.user.id : null;
      await expect(as(role, userId, (tx) => tx.query(`select * from private.${table}`))).rejects.toThrow(
        PERMISSION_DENIED,
      );
    });

    it('even with app.is_admin the API roles cannot read private.sessions', async () => {
      await expect(
        as('authenticated', owner.user.id, (tx) => tx.query('select * from private.sessions'), true),
      ).rejects.toThrow(PERMISSION_DENIED);
    });

    it('password reset requests are invisible to non-admins and visible with app.is_admin', async () => {
      const asked = await suite.anonymous.post('/api/request-password-reset', {
        discordUsername: passenger.user.discordUsername,
      });
      expect(asked.status).toBe(200);
      const [stored] = await ownerQuery(
        suite.db,
        "select count(*)::int as n from public.password_reset_requests where user_id = $1::integer and status = 'open'",
        [passenger.user.id],
      );
      expect(stored.n).toBe(1);

      for (const member of [passenger, owner]) {
        const rows = await as('authenticated', member.user.id, (tx) =>
          tx.query('select * from public.password_reset_requests'),
        );
        expect(rows).toHaveLength(0);
      }
      const adminRows = await as(
        'authenticated',
        owner.user.id,
        (tx) => tx.query<{ user_id: number }>('select user_id from public.password_reset_requests'),
        true,
      );
      expect(adminRows.map((r) => r.user_id)).toContain(passenger.user.id);
      await expect(as('anon', null, (tx) => tx.query('select * from public.password_reset_requests'))).rejects.toThrow(
        PERMISSION_DENIED,
      );
      // Even the admin flag does not let the API role rewrite them directly.
      await expect(
        as(
          'authenticated',
          owner.user.id,
          (tx) => tx.query("update public.password_reset_requests set status = 'done'"),
          true,
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
    });
  });
});
