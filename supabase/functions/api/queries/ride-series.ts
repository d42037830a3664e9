import type { RideSeries } from '../../_shared/types/ride-series.ts';
import type { RequestDb } from '../lib/database.ts';
import { isoTimestamp } from './sql.ts';

// The caller's own part: visitors have no grant on these tables, so their variant names none.
const ON_RIDE = `r.organiser_id = $2::integer or exists (
    select 1 from public.ride_passengers p where p.ride_id = r.id and p.user_id = $2::integer)`;
const ON_WAITLIST = `exists (
    select 1 from public.ride_waitlist w where w.ride_id = r.id and w.user_id = $2::integer)`;
const REGULAR = `(
    select json_build_object('passengerCount', g.passenger_count, 'dropoffLocation', g.dropoff_location)
      from public.ride_series_regulars g
     where g.series_id = s.id and g.user_id = $2::integer)`;

// A weekly series as GET /api/series/{id} answers it (`RideSeries`), in one statement under the
// caller's row-level security: a date the admin hid is not readable, so it is not listed. A
// visitor (no caller) reads the organiser's name only, as on a ride.
export async function readRideSeries(
  db: RequestDb,
  seriesId: number,
  callerId: number | null,
): Promise<RideSeries | undefined> {
  const member = callerId !== null;
  const row = await db.one<{ series: RideSeries }>(
    `select json_build_object(
       'id', s.id,
       'creatorId', s.organiser_id,
       'organizerName', ${member ? 'coalesce(u.name, u.discord_username)' : 'u.name'},
       'direction', s.direction,
       'weekdays', to_json(s.weekdays),
       'until', to_char(s.until, 'YYYY-MM-DD'),
       'time', to_char(s.local_time, 'HH24:MI'),
       'endedAt', ${isoTimestamp('s.ended_at')},
       'dates', coalesce((
         select json_agg(json_build_object(
                  'rideId', r.id,
                  'date', ${isoTimestamp('r.date')},
                  'maxPassengers', r.max_passengers,
                  'seatsLeft', greatest(r.max_passengers - r.current_passengers, 0),
                  'onRide', ${member ? ON_RIDE : 'false'},
                  'onWaitlist', ${member ? ON_WAITLIST : 'false'}
                ) order by r.date, r.id)
           from public.rides r
          where r.series_id = s.id and r.date > now()
       ), '[]'::json),
       'regular', ${member ? REGULAR : 'null'}
     ) as series
       from public.ride_series s left join public.users u on u.id = s.organiser_id
      where s.id = $1::integer`,
    // Visitors' variant names no $2.
    member ? [seriesId, callerId] : [seriesId],
  );
  return row?.series;
}
