-- Migration: contacts only for the people on the trip
-- Purpose: a passenger's contacts (WhatsApp, +60, Discord username, Revolut) and drop-off go to
--          the people on the same ride (its organiser, its passengers, its assigned vendor),
--          while they are on it; any other member sees each passenger's name, stop number and
--          party size only. Organisers stay readable by every member: people need to reach them
--          before joining. The rules are row-level security, so they hold for any query the api
--          (or anyone else acting as an API role) writes, not just for the passenger list.
-- Affects: public.users: policy "members see member profiles" replaced by "members see
--          themselves, the people on their rides and organisers";
--          public.ride_passengers: policy "members see passengers" replaced by "members see the
--          passengers of their rides"; new functions app.my_ride_ids, app.my_trip_mate_ids,
--          app.ride_passenger_stops.
-- Notes: "On a ride" means: its creator, a passenger (a row in ride_passengers) or its vendor
--        (rides.vendor_id). Leaving a ride, being removed or a released assignment ends it; a
--        past ride keeps its people, so they can still settle up. The admin reads everything.
--        Members read other members' names through app.ride_passenger_stops only (the list of a
--        ride's passengers): a name is what the ride page shows to everyone who is signed in.
--        The Discord username counts as a contact (the chat platform's contact button); where it
--        is hidden the list names a passenger without a name "Member #<id>".
--        The sets are computed once per statement (`(select …)` in the policy is an initplan)
--        from the caller's own rows, through the existing indexes on rides.creator_id,
--        rides.vendor_id, ride_passengers.user_id and ride_passengers (ride_id, user_id).
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- The policies below look up rows past RLS (a policy on ride_passengers cannot query
-- ride_passengers itself), so these are security definer; they answer only about the caller.
-- plpgsql, not sql: a session keeps their plans, where a non-inlined sql function is planned
-- again on every call (twice as slow here, and they run in most member statements).

-- The rides the caller is on.
create function app.my_ride_ids()
returns integer[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  if v_uid is null then
    return '{}';
  end if;
  return array(
    select r.id from public.rides r where r.creator_id = v_uid
    union
    select r.id from public.rides r where r.vendor_id = v_uid
    union
    select p.ride_id from public.ride_passengers p where p.user_id = v_uid
  );
end;
$$;

-- Everyone on a ride the caller is on (the caller included).
create function app.my_trip_mate_ids()
returns integer[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_rides integer[] := app.my_ride_ids();
begin
  if cardinality(v_rides) = 0 then
    return '{}';
  end if;
  return array(
    select r.creator_id from public.rides r where r.id = any (v_rides)
    union
    select r.vendor_id from public.rides r where r.id = any (v_rides) and r.vendor_id is not null
    union
    select p.user_id from public.ride_passengers p where p.ride_id = any (v_rides)
  );
end;
$$;

-- What every signed-in member may know of a ride's passengers: who (id and name, not how to
-- reach them), the party size and the stop. The passenger list joins the rows the caller may
-- read in full (ride_passengers and users, under their policies) for the rest.
create function app.ride_passenger_stops(p_ride_id integer)
returns table (
  id integer,
  ride_id integer,
  user_id integer,
  name text,
  passenger_count smallint,
  dropoff_sequence smallint,
  list_position bigint,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_user();
  return query
    select p.id, p.ride_id, p.user_id, u.name, p.passenger_count, p.dropoff_sequence,
           row_number() over (order by coalesce(p.dropoff_sequence, p.sort_position, 32767), p.created_at, p.id),
           p.created_at
      from public.ride_passengers p
      join public.users u on u.id = p.user_id
     where p.ride_id = p_ride_id;
end;
$$;

drop policy "members see member profiles" on public.users;
create policy "members see themselves, the people on their rides and organisers"
  on public.users for select to authenticated
  using (
    (select app.current_user_id()) is not null
    and (
      id = (select app.current_user_id())
      -- Before the trip: an organiser (every ride's creator, which most reads join) is one
      -- index probe away, and the set below is then never computed.
      or exists (select 1 from public.rides r where r.creator_id = users.id)
      or (select app.is_admin())
      or id = any ((select app.my_trip_mate_ids())::integer[])
    )
  );

drop policy "members see passengers" on public.ride_passengers;
create policy "members see the passengers of their rides"
  on public.ride_passengers for select to authenticated
  using (
    (select app.current_user_id()) is not null
    and (
      user_id = (select app.current_user_id())
      or (select app.is_admin())
      or ride_id = any ((select app.my_ride_ids())::integer[])
    )
  );

revoke all on function app.my_ride_ids(), app.my_trip_mate_ids(), app.ride_passenger_stops(integer)
  from public, anon, authenticated, service_role;
-- The policies run as authenticated, so that role calls the two sets (they tell the caller only
-- who they ride with); the passenger list calls the third.
grant execute on function app.my_ride_ids(), app.my_trip_mate_ids(), app.ride_passenger_stops(integer)
  to authenticated;
