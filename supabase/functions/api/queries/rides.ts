import type { Ride } from '../../_shared/types/ride.ts';
import type { RequestDb } from '../lib/database.ts';
import { NOT_BLOCKED_BY_CALLER } from './ride-page.ts';
import { isoTimestamp, rideStartJson } from './sql.ts';

export type RideFilter = 'all' | 'not-blocked' | 'assigned-to-me' | 'one';

const filters: Record<RideFilter, string> = {
  all: 'true',
  // Every ride but those of members the caller blocked (issue 26 §1).
  'not-blocked': NOT_BLOCKED_BY_CALLER,
  'assigned-to-me': 'r.vendor_id = (select app.current_user_id())',
  one: 'r.id = $1::integer',
};

// A `Ride` (_shared/types/ride.ts). Visitors may read only the organiser's id and name (column
// grants enforce it), so their variant names no other column; members also get the organiser's
// contacts.
// With the ride's planned return (issue 14): one probe of a unique index per ride, and the
// lists are cached, so SPEC's list keeps carrying exactly the detail's `Ride`.
function rideJson(member: boolean): string {
  const organiser = member
    ? `json_build_object(
        'id', u.id, 'name', u.name, 'discordUsername', u.discord_username,
        'whatsappNumber', case when app.phone_visible(u.id, r.organiser_id) then u.whatsapp_number end,
        'malaysianNumber', case when app.phone_visible(u.id, r.organiser_id) then u.malaysian_number end)`
    : `json_build_object(
        'id', u.id, 'name', u.name, 'discordUsername', null,
        'whatsappNumber', null, 'malaysianNumber', null)`;
  return `json_build_object(
    'id', r.id,
    'creatorId', r.organiser_id,
    'direction', r.direction,
    'date', ${isoTimestamp('r.date')},
    'maxPassengers', r.max_passengers,
    'currentPassengers', r.current_passengers,
    'organizerPassengerCount', r.organiser_passenger_count,
    ${rideStartJson('r')},
    'dropoffLocations', r.dropoff_locations,
    'status', r.status,
    'vendorId', r.vendor_id,
    'driverContactId', r.driver_contact_id,
    'cost', r.cost,
    'additionalStops', r.additional_stops,
    'sequenceLocked', r.sequence_locked,
    'createdAt', ${isoTimestamp('r.created_at')},
    'creatorName', ${member ? 'coalesce(u.name, u.discord_username)' : 'u.name'},
    'organizerName', u.name,
    'creator', ${organiser},
    'returnOf', r.return_of,
    'seriesId', r.series_id,
    'returnTrip', (
      select json_build_object('id', rr.id, 'direction', rr.direction, 'date', ${isoTimestamp('rr.date')})
        from public.rides rr where rr.return_of = r.id
    )
  )`;
}

// One query whatever the number of rides: the list is built by json_agg in Postgres and
// handed over as text (a JSON array of `Ride`), so the api neither parses nor re-serialises a
// thousand rides.
export async function listRidesJson(
  db: RequestDb,
  member: boolean,
  filter: Exclude<RideFilter, 'one'>,
): Promise<string> {
  const row = await db.one<{ rides: string }>(
    `select coalesce(json_agg(${rideJson(member)} order by r.date, r.id), '[]'::json)::text as rides
       from public.rides r left join public.users u on u.id = r.organiser_id
      where ${filters[filter]}`,
  );
  return row!.rides;
}

// How many of the member's past rides GET /api/rides/user/joined still carries (issue 36 §5):
// SPEC's answer for clients other than the PWA, which pages My Rides instead, bounded by what the
// member has booked rather than by how long they have been riding.
export const JOINED_PAST_RIDES = 20;

// The member's joined rides as `Ride`s: every upcoming one and the JOINED_PAST_RIDES most recent
// past ones, read from their own entries by ride_passengers_user_date_idx.
export async function listJoinedRidesJson(db: RequestDb): Promise<string> {
  const row = await db.one<{ rides: string }>(
    `with joined as (
       (select p.ride_id from public.ride_passengers p
         where p.user_id = (select app.current_user_id()) and p.ride_date >= now())
       union all
       (select p.ride_id from public.ride_passengers p
         where p.user_id = (select app.current_user_id()) and p.ride_date < now()
         order by p.ride_date desc, p.ride_id desc
         limit $1::integer)
     )
     select coalesce(json_agg(${rideJson(true)} order by r.date, r.id), '[]'::json)::text as rides
       from joined j
       join public.rides r on r.id = j.ride_id
       left join public.users u on u.id = r.organiser_id`,
    [JOINED_PAST_RIDES],
  );
  return row!.rides;
}

// SPEC's whole list for the list cache: the body and the data version it was built under,
// read in one statement so both come from one snapshot.
export async function listAllRidesVersioned(
  db: RequestDb,
  member: boolean,
): Promise<{ json: string; version: string }> {
  const row = await db.one<{ rides: string; version: string }>(
    `select coalesce(json_agg(${rideJson(member)} order by r.date, r.id), '[]'::json)::text as rides,
            app.ride_list_version()::text as version
       from public.rides r left join public.users u on u.id = r.organiser_id`,
  );
  return { json: row!.rides, version: row!.version };
}

export async function readRide(db: RequestDb, member: boolean, rideId: number): Promise<Ride | undefined> {
  const row = await db.one<{ ride: Ride }>(
    `select ${rideJson(member)} as ride
       from public.rides r left join public.users u on u.id = r.organiser_id
      where ${filters.one}`,
    [rideId],
  );
  return row?.ride;
}
