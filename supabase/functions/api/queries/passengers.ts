import { passengerMoney } from '../../_shared/payments.ts';
import { passengerShare, type PriceInputs } from '../../_shared/price.ts';
import type { Passenger } from '../../_shared/types/ride.ts';
import type { RequestDb } from '../lib/database.ts';
import { isoTimestamp } from './sql.ts';

// A ride's passengers (`Passenger`, _shared/types/ride.ts) as the caller may see them. Every
// member gets the names, party sizes and stop numbers (app.ride_passenger_stops); drop-offs,
// pickup times and contacts come from ride_passengers and users under their row-level security, which shows them
// only to the people on the ride (migration 20261124000530). For anyone else those fields are
// null, and a passenger without a name is "Member #<id>": the Discord username is a contact.
//
// The payment status, and with it the share owed (_shared/price.ts) and the sums paid (issue
// 37 §2), reaches the passenger themself and the organiser only (migration 20261201000500).
export async function listPassengers(db: RequestDb, rideId: number): Promise<Passenger[]> {
  const row = await db.one<{
    passengers: Omit<Passenger, 'share' | 'money'>[];
    ride: (PriceInputs & { creatorId: number }) | null;
  }>(
    `select coalesce(json_agg(json_build_object(
        'id', s.id,
        'rideId', s.ride_id,
        'userId', s.user_id,
        'dropoffLocation', p.dropoff_location,
        'dropoffSequence', s.dropoff_sequence,
        -- SG->FC (ADR 0040): about when the car comes, 'HH:MM' Singapore time; like the stop
        -- itself, for the people on the ride only (p is read under its policy).
        'pickupTime', case when r.direction = 'SG->FC' then to_char(p.pickup_time, 'HH24:MI') end,
        'passengerCount', s.passenger_count,
        'createdAt', ${isoTimestamp('s.created_at')},
        'user', json_build_object(
          'id', s.user_id,
          'fullName', coalesce(s.name, u.discord_username, 'Member #' || s.user_id),
          'name', s.name,
          'discordUsername', u.discord_username,
          -- The member's choice of who sees their numbers (app.phone_visible, issue 25).
          'whatsappNumber', case when app.phone_visible(u.id, r.organiser_id) then u.whatsapp_number end,
          'malaysianNumber', case when app.phone_visible(u.id, r.organiser_id) then u.malaysian_number end,
          'revolutUsername', u.revolut_username),
        'paymentStatus', case when (select app.current_user_id()) in (s.user_id, r.organiser_id) then p.payment_status end,
        'payments', case when (select app.current_user_id()) in (s.user_id, r.organiser_id)
                         then coalesce(app.payment_sums_json(s.id), '[]'::json) end,
        -- Issue 26 §1: everyone sees the count; the mark on this ride, its organiser only.
        'record', app.member_record_json(s.user_id),
        'noShow', case when (select app.current_user_id()) = r.organiser_id then exists (
          select 1 from public.ride_no_shows n where n.ride_id = s.ride_id and n.user_id = s.user_id) end
      ) order by s.list_position), '[]'::json) as passengers,
      json_build_object('cost', r.cost, 'additionalStops', r.additional_stops,
        'currentPassengers', r.current_passengers, 'maxPassengers', r.max_passengers,
        'creatorId', r.organiser_id) as ride
       from public.rides r
       cross join app.ride_passenger_stops($1::integer) s
       left join public.ride_passengers p on p.id = s.id
       -- Only through the trip: a passenger who also organises another ride is readable by
       -- every member, but this list shares their contacts with the people on this ride only.
       left join public.users u on u.id = s.user_id and p.id is not null
      where r.id = $1::integer
      group by r.id`,
    [rideId],
  );
  const ride = row?.ride;
  return (row?.passengers ?? []).map((passenger) => {
    const share = ride && passenger.paymentStatus != null ? passengerShare(ride, passenger.passengerCount) : null;
    const money =
      ride && share != null && passenger.paymentStatus != null
        ? passengerMoney(share, passenger.paymentStatus, passenger.payments ?? [], ride.creatorId)
        : null;
    return { ...passenger, share, money };
  });
}
