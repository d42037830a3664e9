import type { Direction, DropoffEntry } from '../../_shared/types/ride.ts';
import type { RequestDb } from '../lib/database.ts';
import { isoTimestamp, rideStartJson } from './sql.ts';

// What a ride's calendar event shows, read for the caller in one statement (one snapshot, so
// SEQUENCE is the revision of exactly the data written into the file). It runs as the caller's
// API role: the passengers, their stops and the vendor come through row-level security, which
// shows them to the people on the ride (20261124000530_contacts_for_the_trip.sql) and to nobody
// else; the route answers only the organiser and the passengers anyway.

export type CalendarRole = 'organiser' | 'passenger';

export interface CalendarStop {
  name: string | null;
  dropoffLocation: string;
  passengerCount: number;
}

export interface CalendarRide {
  id: number;
  direction: Direction;
  date: string;
  revision: number;
  pickupLocation: string;
  meetingPoint?: string | null;
  // SPEC §3: entries may also be plain strings when read.
  dropoffLocations: Array<DropoffEntry | string>;
  organizerPassengerCount: number;
  sequenceLocked: boolean;
  // Null when the caller is neither the organiser nor a passenger.
  role: CalendarRole | null;
  // The price rule's inputs (_shared/price.ts), and the caller's own party when a passenger.
  cost: number;
  additionalStops: number;
  currentPassengers: number;
  ownParty: number | null;
  organiser: { name: string | null; discordUsername: string | null; whatsappNumber: string | null } | null;
  // The passengers' stops in the order the ride page lists them (app.ride_passenger_stops).
  passengers: CalendarStop[];
  // The community-recommended driver the organiser booked (an inactive one is not shown).
  driver: { name: string; whatsappNumber: string; vehicleType: string } | null;
  vendor: {
    companyName: string | null;
    driverName: string | null;
    driverContact: string | null;
    carNumber: string | null;
  } | null;
}

export async function readCalendarRide(db: RequestDb, rideId: number): Promise<CalendarRide | undefined> {
  const row = await db.one<{ ride: CalendarRide }>(
    `select json_build_object(
        'id', r.id,
        'direction', r.direction,
        'date', ${isoTimestamp('r.date')},
        'revision', r.revision,
        ${rideStartJson('r')},
        'dropoffLocations', r.dropoff_locations,
        'organizerPassengerCount', r.organiser_passenger_count,
        'sequenceLocked', r.sequence_locked,
        'cost', r.cost,
        'additionalStops', r.additional_stops,
        'currentPassengers', r.current_passengers,
        'ownParty', (
          select me.passenger_count from public.ride_passengers me
           where me.ride_id = r.id and me.user_id = (select app.current_user_id())
        ),
        'role', case
          when r.organiser_id = (select app.current_user_id()) then 'organiser'
          when exists (
            select 1 from public.ride_passengers me
             where me.ride_id = r.id and me.user_id = (select app.current_user_id())
          ) then 'passenger'
        end,
        'organiser', (
          select json_build_object('name', u.name, 'discordUsername', u.discord_username,
                                   'whatsappNumber', case when app.phone_visible(u.id, r.organiser_id)
                                                          then u.whatsapp_number end)
            from public.users u where u.id = r.organiser_id
        ),
        'passengers', coalesce((
          select json_agg(json_build_object(
                   'name', coalesce(u.name, u.discord_username),
                   'dropoffLocation', p.dropoff_location,
                   'passengerCount', p.passenger_count
                 ) order by coalesce(p.dropoff_sequence, p.sort_position, 32767), p.created_at, p.id)
            from public.ride_passengers p
            left join public.users u on u.id = p.user_id
           where p.ride_id = r.id
        ), '[]'::json),
        'driver', (
          select json_build_object('name', d.name, 'whatsappNumber', d.whatsapp_number, 'vehicleType', d.vehicle_type)
            from public.driver_contacts d where d.id = r.driver_contact_id
        ),
        'vendor', (
          select json_build_object(
                   'companyName', v.company_name,
                   'driverName', v.driver_details ->> 'name',
                   'driverContact', v.driver_details ->> 'contact',
                   'carNumber', v.driver_details ->> 'carNumber')
            from public.users v where v.id = r.vendor_id
        )
      ) as ride
       from public.rides r
      where r.id = $1::integer`,
    [rideId],
  );
  return row?.ride;
}
