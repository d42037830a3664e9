// The waitlist under concurrency (issue 13 part 2): 20 members on one ride joining, leaving,
// queueing and leaving the queue at the same moment, while the organiser moves the maximum, for
// several rounds. After every round: never more passengers than seats (current_passengers is the
// organiser's party plus every passenger's, never above the maximum, also while it runs), never a
// lost waitlist entry (each member is a passenger, waiting, or out by their own call), and no
// free seat while a party that fits waits. On PostgreSQL this is real concurrency (a pool of
// connections); on PGlite the transactions queue one after another.
import { beforeAll, describe, expect, it } from 'vitest';

import { type ApiAnswer, createRide, type Member, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { rideCounts } from './ride-test-kit.ts';

type Place = 'passenger' | 'waiting' | 'out';

const LONG = 180_000;
const MEMBERS = 20;
const ROUNDS = 5;

// A fixed sequence of "random" choices, so a failure can be replayed.
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe.each(backends)('waitlist concurrency on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let members: Member[];

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'org');
    members = [];
    for (let batch = 0; batch < 2; batch += 1) {
      members.push(
        ...(await Promise.all(Array.from({ length: MEMBERS / 2 }, () => registerMember(suite.app, 'crowd')))),
      );
    }
  }, LONG);

  async function places(rideId: number): Promise<Map<number, { place: Place; entry?: number; party?: number }>> {
    const rows = await ownerQuery<{ user_id: number; place: Place; entry: number; party: number }>(
      suite.db,
      `select user_id, 'passenger' as place, id as entry, passenger_count::int as party
         from public.ride_passengers where ride_id = $1::integer
       union all
       select user_id, 'waiting', id, passenger_count::int from public.ride_waitlist where ride_id = $1::integer`,
      [rideId],
    );
    const map = new Map<number, { place: Place; entry?: number; party?: number }>();
    for (const row of rows) {
      // One member in both places would be a bug: the second row makes the check below fail.
      expect(map.has(row.user_id), `member ${row.user_id} is both on the ride and waiting`).toBe(false);
      map.set(row.user_id, { place: row.place, entry: row.entry, party: row.party });
    }
    return map;
  }

  async function expectSeats(rideId: number) {
    const counts = await rideCounts(suite.db, rideId);
    expect(counts.current).toBe(counts.organiser + counts.passengerSum);
    expect(counts.current).toBeLessThanOrEqual(counts.max);
    // No free seat while a party that fits waits.
    const [smallest] = await ownerQuery<{ party: number | null }>(
      suite.db,
      'select min(passenger_count)::int as party from public.ride_waitlist where ride_id = $1::integer',
      [rideId],
    );
    if (smallest.party !== null) expect(smallest.party).toBeGreaterThan(counts.max - counts.current);
    return counts;
  }

  // Samples the seats from outside the API while the round runs.
  async function watch<T>(rideId: number, work: () => Promise<T>) {
    let running = true;
    const broken: string[] = [];
    let samples = 0;
    const sampler = (async () => {
      while (running) {
        const counts = await rideCounts(suite.db, rideId);
        samples += 1;
        if (counts.current !== counts.organiser + counts.passengerSum || counts.current > counts.max) {
          broken.push(JSON.stringify(counts));
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    try {
      return { result: await work(), broken, samples: () => samples };
    } finally {
      running = false;
      await sampler;
    }
  }

  it(
    `${MEMBERS} members join, leave and wait on one ride at once for ${ROUNDS} rounds: seats exact, no entry lost`,
    async () => {
      const ride = await createRide(organiser, { maxPassengers: 10, organizerPassengerCount: 1 });
      const random = prng(backend === 'postgres' ? 7 : 11);
      const promotedSeen = new Set<number>();
      let waitedTotal = 0;
      let leftTotal = 0;

      for (let round = 0; round < ROUNDS; round += 1) {
        const before = await places(ride.id);
        // What each member's own successful calls say they must be after the round.
        const expected = new Map<number, Place | 'waiting-or-passenger'>();
        const answers: ApiAnswer[] = [];

        const act = async (member: Member) => {
          const id = member.user.id as number;
          const now = before.get(id);
          const roll = random();
          const party = 1 + Math.floor(random() * 3);
          const record = (answer: ApiAnswer) => {
            answers.push(answer);
            return answer;
          };
          if (now?.place === 'passenger') {
            if (roll < 0.45) {
              const left = record(await member.delete(`/api/rides/${ride.id}/passengers/${now.entry}`));
              expect(left.status).toBe(200);
              expected.set(id, 'out');
              leftTotal += 1;
            } else {
              expected.set(id, 'passenger');
            }
            return;
          }
          if (now?.place === 'waiting') {
            if (roll < 0.3) {
              const left = record(await member.delete(`/api/rides/${ride.id}/waitlist`));
              // Promoted a moment before the leave: then they are on the ride.
              if (left.status === 200) {
                expected.set(id, 'out');
                leftTotal += 1;
              } else {
                expect(left.status).toBe(404);
                expected.set(id, 'passenger');
              }
            } else {
              expected.set(id, 'waiting-or-passenger');
            }
            return;
          }
          if (roll < 0.2) {
            expected.set(id, 'out');
            return;
          }
          // Outside: join if the party fits, else queue; a seat freed in between sends them back.
          for (let attempt = 0; attempt < 4; attempt += 1) {
            const joined = record(
              await member.post(`/api/rides/${ride.id}/join`, {
                passengerCount: party,
                dropoffLocation: `Stop ${id % 5}`,
              }),
            );
            if (joined.status === 201) {
              expected.set(id, 'passenger');
              return;
            }
            expect(joined.status).toBe(409);
            expect(joined.body.message).toMatch(/^(This ride is full|Only \d+ spots? remaining)$/);
            const queued = record(
              await member.post(`/api/rides/${ride.id}/waitlist`, {
                passengerCount: party,
                dropoffLocation: `Stop ${id % 5}`,
              }),
            );
            if (queued.status === 201) {
              expected.set(id, 'waiting-or-passenger');
              waitedTotal += 1;
              return;
            }
            expect(queued.status).toBe(409);
            expect(queued.body.message).toMatch(/^This ride still has \d+ spots?: join the ride instead$/);
          }
          expected.set(id, 'out');
        };

        // The organiser moves the maximum too: down (refused while the seats are taken) or up.
        const maxPassengers = round % 2 === 0 ? 8 : 10;
        const organiserEdit = async () =>
          organiser.patch(`/api/rides/${ride.id}`, {
            direction: ride.direction,
            date: ride.date,
            maxPassengers,
            pickupLocation: ride.pickupLocation,
            dropoffLocations: ride.dropoffLocations,
            organizerPassengerCount: 1,
          });

        const watched = await watch(ride.id, () =>
          Promise.all([...members.slice(0, 10).map(act), organiserEdit(), ...members.slice(10).map(act)]),
        );
        const editAnswer = watched.result[10] as ApiAnswer;
        expect([200, 409]).toContain(editAnswer.status);
        for (const answer of answers) expect(answer.status).toBeLessThan(500);
        expect(watched.broken).toEqual([]);
        expect(watched.samples()).toBeGreaterThan(0);

        await expectSeats(ride.id);
        const after = await places(ride.id);
        for (const member of members) {
          const id = member.user.id as number;
          const want = expected.get(id);
          const got = after.get(id)?.place ?? 'out';
          if (want === 'waiting-or-passenger') {
            expect(['waiting', 'passenger'], `member ${id} lost their waitlist entry`).toContain(got);
            if (got === 'passenger') promotedSeen.add(id);
          } else {
            expect(got, `member ${id} should be ${want}`).toBe(want);
          }
        }
      }

      // Everyone the queue moved onto the ride was told so.
      for (const id of promotedSeen) {
        const [row] = await ownerQuery<{ n: number }>(
          suite.db,
          "select count(*)::int as n from public.notifications where user_id = $1::integer and ride_id = $2::integer and kind = 'waitlist_seat'",
          [id, ride.id],
        );
        expect(row.n, `member ${id} was promoted without a notification`).toBeGreaterThan(0);
      }
      // The rounds really exercised the queue: people waited, left, and were promoted.
      expect(waitedTotal).toBeGreaterThan(0);
      expect(leftTotal).toBeGreaterThan(0);
      expect(promotedSeen.size).toBeGreaterThan(0);

      // Finally every passenger leaves at once: the queue drains into the freed seats exactly.
      const finalPlaces = await places(ride.id);
      const onBoard = members.filter((m) => finalPlaces.get(m.user.id)?.place === 'passenger');
      await Promise.all(
        onBoard.map((m) => m.delete(`/api/rides/${ride.id}/passengers/${finalPlaces.get(m.user.id)!.entry}`)),
      );
      const drained = await expectSeats(ride.id);
      const stillWaiting = members.filter((m) => finalPlaces.get(m.user.id)?.place === 'waiting');
      const nowPlaces = await places(ride.id);
      for (const member of stillWaiting)
        expect(['waiting', 'passenger']).toContain(nowPlaces.get(member.user.id)?.place);
      for (const member of onBoard) expect(nowPlaces.get(member.user.id)).toBeUndefined();
      if (stillWaiting.length > 0) expect(drained.current).toBeGreaterThan(1);
    },
    LONG,
  );
});
