// Ride events land in the right inboxes (issue 13 §1), and the inbox api: reading a page,
// marking read, only ever one's own rows (RLS), refusals for bad input.
import { beforeAll, describe, expect, it } from 'vitest';

import { expectRefusal } from '../support/accounts.ts';
import { createRide, futureDate, type Member, registerMember, rideBody } from '../support/api-client.ts';
import { backends, createTestDatabase, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

interface Event {
  user_id: number;
  ride_id: number | null;
  kind: string;
  params: Record<string, any>;
}

describe.each(backends)('notifications on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let bob: Member;
  let carol: Member;
  let vendor: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'org');
    bob = await registerMember(suite.app, 'bob');
    carol = await registerMember(suite.app, 'carol', { name: null });
    vendor = await registerApprovedVendor(suite);
  });

  async function lastId(): Promise<number> {
    const [row] = await ownerQuery(suite.db, 'select coalesce(max(id), 0)::int as id from public.notifications');
    return row!.id;
  }

  // Every notification written since `mark`, whoever it is for, in the order written.
  async function eventsSince(mark: number): Promise<Event[]> {
    return ownerQuery<Event>(
      suite.db,
      'select user_id, ride_id, kind, params from public.notifications where id > $1::bigint order by id',
      [mark],
    );
  }

  async function join(member: Member, rideId: number, overrides: Record<string, unknown> = {}): Promise<number> {
    const answer = await member.post(`/api/rides/${rideId}/join`, joinBody(overrides));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.passengerId;
  }

  describe('ride events', () => {
    it('a join tells the organiser who joined, with the party and the ride; nothing for the joiner', async () => {
      const ride = await createRide(organiser, { maxPassengers: 6 });
      const mark = await lastId();
      await join(bob, ride.id, { passengerCount: 2 });
      expect(await eventsSince(mark)).toEqual([
        {
          user_id: organiser.user.id,
          ride_id: ride.id,
          kind: 'passenger_joined',
          params: {
            rideId: ride.id,
            direction: 'SG->FC',
            date: new Date(ride.date).toISOString(),
            name: 'bob person',
            passengerCount: 2,
          },
        },
      ]);
    });

    it('names a member without a name by their Discord username', async () => {
      const ride = await createRide(organiser);
      const mark = await lastId();
      await join(carol, ride.id);
      const [event] = await eventsSince(mark);
      expect(event!.params.name).toBe(carol.user.discordUsername);
    });

    it('a leave tells the organiser; a removal tells the one removed, not the organiser who did it', async () => {
      const ride = await createRide(organiser);
      const bobEntry = await join(bob, ride.id);
      const carolEntry = await join(carol, ride.id);

      let mark = await lastId();
      expect((await bob.delete(`/api/rides/${ride.id}/passengers/${bobEntry}`)).status).toBe(200);
      expect(await eventsSince(mark)).toEqual([
        expect.objectContaining({ user_id: organiser.user.id, kind: 'passenger_left', ride_id: ride.id }),
      ]);

      mark = await lastId();
      expect((await organiser.delete(`/api/rides/${ride.id}/passengers/${carolEntry}`)).status).toBe(200);
      const events = await eventsSince(mark);
      expect(events).toEqual([
        expect.objectContaining({ user_id: carol.user.id, kind: 'removed_from_ride', ride_id: ride.id }),
      ]);
      expect(events[0]!.params).toMatchObject({ direction: 'SG->FC', name: 'org person' });
    });

    it('a new date, pickup or stop list tells the passengers which changed; an edit changing none of them tells nobody', async () => {
      const body = rideBody({ maxPassengers: 6 });
      const ride = await createRide(organiser, body);
      await join(bob, ride.id);
      await join(carol, ride.id);

      let mark = await lastId();
      const newDate = futureDate(5);
      const answer = await organiser.patch(`/api/rides/${ride.id}`, {
        ...body,
        date: newDate,
        pickupLocation: 'Tampines MRT',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const events = await eventsSince(mark);
      expect(events.map((event) => [event.user_id, event.kind]).sort()).toEqual(
        [
          [bob.user.id, 'ride_changed'],
          [carol.user.id, 'ride_changed'],
        ].sort(),
      );
      for (const event of events) {
        expect(event.params).toMatchObject({ changed: ['date', 'pickup'], date: new Date(newDate).toISOString() });
      }

      // Seats and the organiser's party are no one else's news.
      mark = await lastId();
      expect(
        (
          await organiser.patch(`/api/rides/${ride.id}`, {
            ...body,
            date: newDate,
            pickupLocation: 'Tampines MRT',
            maxPassengers: 7,
            organizerPassengerCount: 2,
            dropoffLocations: [{ location: body.dropoffLocations[0]!.location, passengerCount: 2 }],
          })
        ).status,
      ).toBe(200);
      expect(await eventsSince(mark)).toEqual([]);

      mark = await lastId();
      expect(
        (
          await organiser.patch(`/api/rides/${ride.id}`, {
            ...body,
            date: newDate,
            pickupLocation: 'Tampines MRT',
            maxPassengers: 7,
            organizerPassengerCount: 2,
            dropoffLocations: [{ location: 'Changi Airport', passengerCount: 2 }],
          })
        ).status,
      ).toBe(200);
      const stops = await eventsSince(mark);
      expect(stops).toHaveLength(2);
      expect(stops.every((event) => event.kind === 'ride_changed' && event.params.changed.join() === 'stops')).toBe(
        true,
      );
    });

    it('a vendor taking the ride tells organiser and passengers; a release by the organiser tells the passengers', async () => {
      const ride = await createRide(organiser);
      await join(bob, ride.id);

      let mark = await lastId();
      expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
      let events = await eventsSince(mark);
      expect(new Set(events.map((event) => event.user_id))).toEqual(new Set([organiser.user.id, bob.user.id]));
      expect(events.every((event) => event.kind === 'vendor_assigned')).toBe(true);
      expect(events[0]!.params.vendorName).toBe('Border Cars Pte Ltd');

      mark = await lastId();
      expect((await organiser.post(`/api/rides/${ride.id}/release`)).status).toBe(200);
      events = await eventsSince(mark);
      expect(events).toEqual([
        expect.objectContaining({ user_id: bob.user.id, kind: 'vendor_released', ride_id: ride.id }),
      ]);
    });

    it('locking an FC->SG drop-off order tells its passengers', async () => {
      const ride = await createRide(organiser, { direction: 'FC->SG' });
      await join(bob, ride.id, { dropoffLocation: 'Bedok' });
      await join(carol, ride.id, { dropoffLocation: 'Simei' });
      const mark = await lastId();
      expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
      const events = await eventsSince(mark);
      expect(events.map((event) => event.user_id).sort()).toEqual([bob.user.id, carol.user.id].sort());
      expect(events.every((event) => event.kind === 'sequence_locked' && event.params.direction === 'FC->SG')).toBe(
        true,
      );

      // Unlocking is not news.
      const unlockMark = await lastId();
      expect((await organiser.post(`/api/rides/${ride.id}/unlockSequence`)).status).toBe(200);
      expect(await eventsSince(unlockMark)).toEqual([]);
    });

    it('a deleted ride tells each passenger once (not also "removed"); its rows keep the direction and date', async () => {
      const ride = await createRide(organiser);
      await join(bob, ride.id);
      await join(carol, ride.id);
      const mark = await lastId();
      expect((await organiser.delete(`/api/rides/${ride.id}`)).status).toBe(200);
      const events = await eventsSince(mark);
      expect(events.map((event) => [event.user_id, event.kind]).sort()).toEqual(
        [
          [bob.user.id, 'ride_deleted'],
          [carol.user.id, 'ride_deleted'],
        ].sort(),
      );
      for (const event of events) {
        expect(event.ride_id).toBeNull();
        expect(event.params).toMatchObject({
          rideId: ride.id,
          direction: 'SG->FC',
          date: new Date(ride.date).toISOString(),
        });
      }
      // The organiser's "joined" rows stay, no longer pointing at a ride.
      const [left] = await ownerQuery(
        suite.db,
        "select count(*)::int as n from public.notifications where params ->> 'rideId' = $1::text and ride_id is not null",
        [String(ride.id)],
      );
      expect(left!.n).toBe(0);
    });
  });

  it('an account deleted from the SQL editor goes with its rides: their passengers are told, the deleted member is not', async () => {
    const leaving = await registerMember(suite.app, 'leaving');
    const ride = await createRide(leaving);
    await join(bob, ride.id);
    const elsewhere = await createRide(organiser);
    await join(leaving, elsewhere.id);
    const mark = await lastId();
    await ownerQuery(suite.db, 'delete from public.users where id = $1::integer', [leaving.user.id]);
    const events = await eventsSince(mark);
    expect(events.filter((event) => event.user_id === bob.user.id).map((event) => event.kind)).toEqual([
      'ride_deleted',
    ]);
    expect(events.some((event) => event.user_id === leaving.user.id)).toBe(false);
    const [seats] = await ownerQuery(
      suite.db,
      'select count(*)::int as n from public.ride_passengers where ride_id = $1::integer',
      [elsewhere.id],
    );
    expect(seats!.n).toBe(0);
  });

  describe('GET /api/notifications and POST /api/notifications/read', () => {
    let reader: Member;
    let other: Member;

    beforeAll(async () => {
      reader = await registerMember(suite.app, 'reader');
      other = await registerMember(suite.app, 'other');
      const ride = await createRide(reader, { maxPassengers: 8 });
      const joiners = [bob, carol, other];
      for (const member of joiners) await join(member, ride.id);
    });

    it('answers the caller their own items, newest first, with the unread count and pages by before', async () => {
      const first = await reader.get('/api/notifications');
      expect(first.status).toBe(200);
      expect(first.body.unread).toBe(3);
      expect(first.body.nextBefore).toBeNull();
      expect(first.body.items.map((item: any) => item.params.name)).toEqual([
        'other person',
        carol.user.discordUsername,
        'bob person',
      ]);
      expect(first.body.items[0]).toEqual({
        id: expect.any(Number),
        rideId: expect.any(Number),
        kind: 'passenger_joined',
        params: expect.objectContaining({ direction: 'SG->FC' }),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        readAt: null,
      });

      const page = await reader.get('/api/notifications?limit=2');
      expect(page.body.items).toHaveLength(2);
      expect(page.body.nextBefore).toBe(page.body.items[1].id);
      const rest = await reader.get(`/api/notifications?limit=2&before=${page.body.nextBefore}`);
      expect(rest.body.items.map((item: any) => item.id)).toEqual([first.body.items[2].id]);
      expect(rest.body.nextBefore).toBeNull();
    });

    it("marks read by ids; another member's ids change nothing (RLS); all marks the rest", async () => {
      const mine = (await reader.get('/api/notifications')).body.items as any[];
      const theirs = (await organiser.get('/api/notifications')).body;
      expect(theirs.unread).toBeGreaterThan(0);

      const marked = await reader.post('/api/notifications/read', { ids: [mine[0].id] });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(marked.body).toEqual({ unread: mine.filter((item) => item.readAt === null).length - 1 });
      const after = (await reader.get('/api/notifications')).body.items as any[];
      expect(after[0].readAt).toEqual(expect.any(String));
      expect(after[1].readAt).toBeNull();

      // The reader cannot see, nor mark, the organiser's rows.
      const stolen = await reader.post('/api/notifications/read', { ids: theirs.items.map((item: any) => item.id) });
      expect(stolen.status).toBe(200);
      expect((await organiser.get('/api/notifications')).body.unread).toBe(theirs.unread);
      const readerIds = new Set(after.map((item) => item.id));
      expect(theirs.items.some((item: any) => readerIds.has(item.id))).toBe(false);

      expect((await reader.post('/api/notifications/read', { all: true })).body).toEqual({ unread: 0 });
      expect((await organiser.get('/api/notifications')).body.unread).toBe(theirs.unread);
    });

    it('refuses visitors (401)', async () => {
      expectRefusal(await suite.anonymous.get('/api/notifications'), 401);
      expectRefusal(await suite.anonymous.post('/api/notifications/read', { all: true }), 401);
    });

    it('refuses bad input with a 400 and a sentence', async () => {
      for (const query of [
        'limit=0',
        'limit=51',
        'limit=abc',
        'before=0',
        'before=-1',
        'before=1e3',
        'limit=1&limit=2',
        'page=2',
      ]) {
        expectRefusal(await reader.get(`/api/notifications?${query}`), 400);
      }
      for (const body of [
        {},
        { ids: [] },
        { ids: ['1'] },
        { ids: [1.5] },
        { ids: [-1] },
        { ids: 1 },
        { all: false },
        { all: 'true' },
        { ids: [1], all: true },
        { ids: Array.from({ length: 201 }, (_, index) => index + 1) },
        [1, 2],
        'not json',
      ]) {
        expectRefusal(await reader.post('/api/notifications/read', body), 400);
      }
    });
  });

  describe('keeping inboxes small', () => {
    it("keeps a member's newest 200 and purges what is older than 90 days", async () => {
      const member = await registerMember(suite.app, 'busy');
      await ownerQuery(
        suite.db,
        `insert into public.notifications (user_id, kind, params)
         select $1::integer, 'return_trip', jsonb_build_object('n', n) from generate_series(1, 205) n`,
        [member.user.id],
      );
      const kept = await ownerQuery(
        suite.db,
        "select (params ->> 'n')::int as n from public.notifications where user_id = $1::integer order by id",
        [member.user.id],
      );
      expect(kept).toHaveLength(200);
      expect(kept[0]!.n).toBe(6);
      expect(kept[199]!.n).toBe(205);

      await ownerQuery(
        suite.db,
        "update public.notifications set created_at = now() - interval '91 days' where user_id = $1::integer and (params ->> 'n')::int <= 100",
        [member.user.id],
      );
      await ownerQuery(suite.db, 'select private.purge_expired()');
      const [row] = await ownerQuery(
        suite.db,
        "select count(*)::int as n, min((params ->> 'n')::int) as first from public.notifications where user_id = $1::integer",
        [member.user.id],
      );
      expect(row).toEqual({ n: 105, first: 101 });
    });

    it('trims every member an insert takes past 200 at once, to their own newest 200', async () => {
      const full = await registerMember(suite.app, 'full');
      const fuller = await registerMember(suite.app, 'fuller');
      const light = await registerMember(suite.app, 'light');
      // One statement for all three, their rows interleaved, as a ride's alerts tell them.
      await ownerQuery(
        suite.db,
        `insert into public.notifications (user_id, kind, params)
         select m.user_id, 'return_trip', jsonb_build_object('n', n)
           from generate_series(1, 203) n
           cross join (values ($1::integer, 201), ($2::integer, 203), ($3::integer, 5)) as m(user_id, upto)
          where n <= m.upto
          order by n, m.user_id`,
        [full.user.id, fuller.user.id, light.user.id],
      );
      const kept = await ownerQuery(
        suite.db,
        `select user_id, count(*)::int as n, min((params ->> 'n')::int) as first, max((params ->> 'n')::int) as last
           from public.notifications where user_id = any ($1::integer[]) group by user_id order by user_id`,
        [[full.user.id, fuller.user.id, light.user.id]],
      );
      expect(kept).toEqual([
        { user_id: full.user.id, n: 200, first: 2, last: 201 },
        { user_id: fuller.user.id, n: 200, first: 4, last: 203 },
        { user_id: light.user.id, n: 5, first: 1, last: 5 },
      ]);
    });
  });
});

// PGlite never analyzes on its own, and PL/pgSQL keeps a trigger's plan for the session: a trim
// planned while the inbox was small (a scan of the whole table, the cheapest then) would read
// every member's rows on each insert ever after, more with each one (issue 24 §2, bench:alerts).
describe('the inbox trim as the table grows, on pglite', () => {
  it("finds who is over 200 by the members' index entries, however small the table was when planned", async () => {
    const db = await createTestDatabase('pglite');
    try {
      const [{ ids }] = await ownerQuery<{ ids: number[] }>(
        db,
        `with added as (
           insert into public.users (discord_username, name)
           select 'inbox' || n, 'Inbox ' || n from generate_series(1, 300) n returning id)
         select array_agg(id order by id) as ids from added`,
      );
      await ownerQuery(db, 'analyze public.notifications');
      // As rides do: dozens told at once, and statements that tell nobody.
      for (let round = 0; round < 20; round += 1) {
        const told = ids.slice((round * 13) % 200, ((round * 13) % 200) + 72);
        for (const members of [told, []]) {
          await ownerQuery(
            db,
            `insert into public.notifications (user_id, kind) select u, 'return_trip' from unnest($1::int[]) u`,
            [members],
          );
        }
      }
      const scans = await db.database.transaction(async (tx) => {
        // The counts not yet flushed, earlier transactions' too: what the insert adds.
        const count = async () => {
          const [row] = await tx.query<{ seq: number; index: number }>(
            `select seq_scan::int as seq, idx_scan::int as index
               from pg_stat_xact_user_tables where relid = 'public.notifications'::regclass`,
          );
          return row!;
        };
        const before = await count();
        await tx.query(
          `insert into public.notifications (user_id, kind) select $1::integer, 'return_trip' from generate_series(1, 3)`,
          [ids[5]],
        );
        const after = await count();
        return { seq: after.seq - before.seq, index: after.index - before.index };
      });
      expect(scans).toEqual({ seq: 0, index: 1 });
    } finally {
      await db.close();
    }
  });
});
