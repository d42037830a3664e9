import type { Passenger } from '../../_shared/types/ride.ts';
import type { RequestDb } from '../lib/database.ts';
import { isoTimestamp } from './sql.ts';

// A ride's passengers (`Passenger`, _shared/types/ride.ts) as the caller may see them. Every
// member gets the names, party sizes and stop numbers (app.ride_passenger_stops); drop-offs and
// contacts come from ride_passengers and users under their row-level security, which shows them
// only to the people on the ride (migration 20261124000530). For anyone else those fields are
// null, and a passenger without a name is "Member #<id>": the Discord username is a contact.
export async function listPassengers(db: RequestDb, rideId: number): Promise<Passenger[]> {
  const row = await db.one<{ passengers: Passenger[] }>(
    `select coalesce(json_agg(json_build_object(
        'id', s.id,
        'rideId', s.ride_id,
        'userId', s.user_id,
        'dropoffLocation', p.dropoff_location,
        'dropoffSequence', s.dropoff_sequence,
        'passengerCount', s.passenger_count,
        'createdAt', ${isoTimestamp('s.created_at')},
        'user', json_build_object(
          'id', s.user_id,
          'fullName', coalesce(s.name, u.discord_username, 'Member #' || s.user_id),
          'name', s.name,
          'discordUsername', u.discord_username, 'whatsappNumber', u.whatsapp_number,
          'malaysianNumber', u.malaysian_number, 'revolutUsername', u.revolut_username)
      ) order by s.list_position), '[]'::json) as passengers
       from app.ride_passenger_stops($1::integer) s
       left join public.ride_passengers p on p.id = s.id
       -- Only through the trip: a passenger who also organises another ride is readable by
       -- every member, but this list shares their contacts with the people on this ride only.
       left join public.users u on u.id = s.user_id and p.id is not null`,
    [rideId],
  );
  return row!.passengers;
}
