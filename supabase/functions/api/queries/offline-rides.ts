import { OFFLINE_RIDES_MAX, OFFLINE_RIDES_PAST_DAYS } from '../../_shared/schemas/offline-rides.ts';
import type { OfflineRide } from '../../_shared/schemas/offline-rides-response.ts';
import type { RequestDb } from '../lib/database.ts';
import { listPassengers } from './passengers.ts';
import { readRidePayment } from './payments.ts';
import { readRideConversation } from './ride-chat.ts';
import { readRide } from './rides.ts';
import { readRideVendor } from './vendor.ts';
import { readWaitlist } from './waitlist.ts';

interface KeptRide {
  id: number;
  assigned: boolean;
  // Organiser or passenger: may read the payment; with the vendor, may read who drives.
  onTrip: boolean;
  driving: boolean;
}

// The caller's rides, found through the indexes on each role's column and date (issue 36 §3:
// from a few days ago on, so a member's years of past rides are never read) and read under the
// caller's row-level security: organised, joined, waited for or driven.
async function keptRides(db: RequestDb): Promise<KeptRide[]> {
  return db.query<KeptRide>(
    `with me as (select app.current_user_id() as id, now() - make_interval(days => $1::integer) as since),
     mine as (
       select r.id from public.rides r, me where r.organiser_id = me.id and r.date >= me.since
       union select r.id from public.rides r, me where r.vendor_id = me.id and r.date >= me.since
       union select p.ride_id from public.ride_passengers p, me where p.user_id = me.id and p.ride_date >= me.since
       union select w.ride_id from public.ride_waitlist w, me where w.user_id = me.id
     )
     select r.id, r.status = 'assigned' as assigned,
            r.organiser_id = me.id or exists (
              select 1 from public.ride_passengers p where p.ride_id = r.id and p.user_id = me.id
            ) as "onTrip",
            r.vendor_id is not distinct from me.id as driving
       from public.rides r cross join me
      -- An array, not a join: the planner cannot know the caller's id, guessed thousands of
      -- rides for it and hashed every ride to join them (1,242 buffers at 50,000 rides).
      where r.id = any (array(select id from mine)) and r.date >= me.since
      order by r.date, r.id
      limit $2::integer`,
    [OFFLINE_RIDES_PAST_DAYS, OFFLINE_RIDES_MAX],
  );
}

// Each part read by the same function as its own call, so what the PWA keeps is what the ride
// page would have read. A handful of statements per ride, for at most OFFLINE_RIDES_MAX rides:
// the PWA asks once per start, after its first screen (ADR 0017).
export async function readOfflineRides(db: RequestDb, callerId: number): Promise<OfflineRide[]> {
  const rides: OfflineRide[] = [];
  for (const kept of await keptRides(db)) {
    const ride = await readRide(db, true, kept.id);
    // Deleted between the two reads: nothing to keep.
    if (!ride) continue;
    const passengers = await listPassengers(db, kept.id);
    rides.push({
      ride,
      passengers,
      payment: kept.onTrip ? await readRidePayment(db, callerId, kept.id, passengers) : null,
      vendor: kept.assigned && (kept.onTrip || kept.driving) ? await readRideVendor(db, kept.id) : null,
      waitlist: await readWaitlist(db, kept.id),
      // The people in its conversation (organiser, passengers, driver): its last 200 messages.
      conversation: kept.onTrip || kept.driving ? await readRideConversation(db, kept.id) : null,
    });
  }
  return rides;
}
