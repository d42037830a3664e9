import type { Waitlist } from '../../_shared/schemas/waitlist.ts';
import type { RequestDb } from '../lib/database.ts';

// The caller's place in a ride's queue, how many wait and, for the organiser, who
// (app.ride_waitlist, migration 20261201000400).
export async function readWaitlist(db: RequestDb, rideId: number): Promise<Waitlist> {
  const row = await db.one<{ waitlist: Waitlist }>('select app.ride_waitlist($1::integer) as waitlist', [rideId]);
  return row!.waitlist;
}
