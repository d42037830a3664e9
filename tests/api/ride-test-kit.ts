// Helpers shared by the ride suites (rides, passengers, sequence, vendor, stats, rls,
// concurrency): arranging and reading ride state straight in the database. The suite fixture
// itself is tests/support/suite.ts.
import { ownerQuery, type TestDatabase } from '../support/databases.ts';

export async function makeRidePast(db: TestDatabase, rideId: number): Promise<void> {
  await ownerQuery(db, "update public.rides set date = now() - interval '1 day' where id = $1::integer", [rideId]);
}

export interface RideCounts {
  current: number;
  organiser: number;
  passengerSum: number;
  rows: number;
  max: number;
}

// What the database holds for a ride's seats, read directly (not through the API).
export async function rideCounts(db: TestDatabase, rideId: number): Promise<RideCounts> {
  const [row] = await ownerQuery<{
    current: number;
    organiser: number;
    passenger_sum: number;
    rows: number;
    max: number;
  }>(
    db,
    `select r.current_passengers::int as current, r.organiser_passenger_count::int as organiser,
            r.max_passengers::int as max,
            (select coalesce(sum(p.passenger_count), 0)::int from public.ride_passengers p where p.ride_id = r.id)
              as passenger_sum,
            (select count(*)::int from public.ride_passengers p where p.ride_id = r.id) as rows
       from public.rides r where r.id = $1::integer`,
    [rideId],
  );
  if (!row) throw new Error(`ride ${rideId} does not exist`);
  return {
    current: row.current,
    organiser: row.organiser,
    passengerSum: row.passenger_sum,
    rows: row.rows,
    max: row.max,
  };
}

export function joinBody(overrides: Record<string, unknown> = {}) {
  return { passengerCount: 1, dropoffLocation: 'Bedok Mall', ...overrides };
}
