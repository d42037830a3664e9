import type { RideRequest } from '../../_shared/schemas/ride-requests.ts';
import type { RequestDb } from '../lib/database.ts';

// The requests are built in the database (app.ride_requests_json), where the requesters' names
// may be read: the api role cannot read other members' rows itself.
export async function readRideRequests(
  db: RequestDb,
  filter: { direction?: string; date?: string },
): Promise<RideRequest[]> {
  const row = await db.one<{ requests: RideRequest[] }>(
    'select app.ride_requests_json(null, $1::public.ride_direction, $2::date) as requests',
    [filter.direction ?? null, filter.date ?? null],
  );
  return row!.requests;
}

export async function readRideRequest(db: RequestDb, requestId: number): Promise<RideRequest | undefined> {
  const row = await db.one<{ requests: RideRequest[] }>(
    'select app.ride_requests_json($1::integer, null, null) as requests',
    [requestId],
  );
  return row!.requests[0];
}
