-- Migration: the ride functions leave the schema the Supabase Data API exposes
-- Purpose: the security definer functions the api calls move from public (which PostgREST and
--          pg_graphql expose to anyone holding the project's public anon key) to app, which they
--          do not expose; the api calls them there. join_ride also says "Only 1 spot remaining"
--          for one spot. remove_ride_passenger, moving and locking the drop-off order refuse a
--          past ride for everyone but the admin, in the words the member will read (unlocking
--          refused it already; the history triggers of 20261124000520_history_kept.sql hold the
--          same line for any other writer).
-- Affects: public.join_ride, public.remove_ride_passenger -> app.* (recreated: new body);
--          public.move_ride_passenger, public.lock_ride_sequence, public.unlock_ride_sequence,
--          public.community_stats -> app.* (moved as they are, grants and all);
--          private.lock_ride_for_sequence (same signature, refuses a past ride).
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn, as before.
-- Notes: app.assign_ride and the vendor functions moved in 20261124000400_vendor_approval.sql.
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

alter function public.move_ride_passenger(integer, integer, integer) set schema app;
alter function public.lock_ride_sequence(integer) set schema app;
alter function public.unlock_ride_sequence(integer) set schema app;
alter function public.community_stats() set schema app;

drop function public.join_ride(integer, integer, text);
drop function public.remove_ride_passenger(integer, integer);

-- As in 20261122000400_ride_functions.sql, with SPEC §5's "Only {N} spots remaining" said in
-- the singular for one spot.
create function app.join_ride(
  p_ride_id integer,
  p_passenger_count integer,
  p_dropoff_location text
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_remaining integer;
  v_passenger_id integer;
begin
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride is in the past and cannot be joined';
  end if;
  if v_ride.status = 'completed' then
    raise exception using errcode = 'PT409', message = 'This ride is completed';
  end if;
  if v_ride.creator_id = v_uid then
    raise exception using errcode = 'PT409', message = 'You cannot join your own ride';
  end if;
  if exists (
    select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT409', message = 'You have already joined this ride';
  end if;

  v_remaining := v_ride.max_passengers - v_ride.current_passengers;
  if v_remaining <= 0 then
    raise exception using errcode = 'PT409', message = 'This ride is full';
  end if;
  if p_passenger_count > v_remaining then
    raise exception using errcode = 'PT409', message = case
      when v_remaining = 1 then 'Only 1 spot remaining'
      else format('Only %s spots remaining', v_remaining)
    end;
  end if;

  insert into public.ride_passengers (ride_id, user_id, passenger_count, dropoff_location, dropoff_sequence)
  values (
    p_ride_id, v_uid, p_passenger_count, btrim(p_dropoff_location),
    -- Someone joining after the organiser locked the order is the last stop.
    case when v_ride.sequence_locked then (
      select coalesce(max(dropoff_sequence), 0) + 1
      from public.ride_passengers where ride_id = p_ride_id
    ) end
  )
  returning id into v_passenger_id;
  return v_passenger_id;
end;
$$;

-- As in 20261122000400_ride_functions.sql; the admin may also correct a past ride's record.
create function app.remove_ride_passenger(p_ride_id integer, p_passenger_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger public.ride_passengers;
begin
  select * into v_passenger
  from public.ride_passengers where id = p_passenger_id and ride_id = p_ride_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Passenger not found on this ride';
  end if;

  if v_passenger.user_id <> v_uid and v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer or the passenger can remove this entry';
  end if;
  -- SPEC §4: a past ride keeps its passengers, so its record and cost split stay as travelled.
  if v_ride.date <= now() and not app.is_admin() then
    raise exception using errcode = 'PT409',
      message = 'Passengers cannot be removed from a past ride';
  end if;

  delete from public.ride_passengers where id = p_passenger_id;

  -- Close the gap so the remaining stops still read 1, 2, 3...
  update public.ride_passengers p
  set dropoff_sequence = case when p.dropoff_sequence is null then null else o.position end,
      sort_position = o.position
  from (
    select id, row_number() over (
      order by coalesce(dropoff_sequence, sort_position, 32767), created_at, id
    ) as position
    from public.ride_passengers where ride_id = p_ride_id
  ) o
  where p.id = o.id;
end;
$$;

-- As in 20261122000400_ride_functions.sql, plus: a past ride's drop-off order is its record.
create or replace function private.lock_ride_for_sequence(p_ride_id integer)
returns public.rides
language plpgsql
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer can change the drop-off sequence';
  end if;
  if v_ride.direction <> 'FC->SG' then
    raise exception using errcode = 'PT409',
      message = 'A drop-off sequence applies only to Forest City to Singapore rides';
  end if;
  if v_ride.date <= now() and not app.is_admin() then
    raise exception using errcode = 'PT409',
      message = 'The drop-off sequence of a past ride cannot be changed';
  end if;
  if v_ride.sequence_locked then
    raise exception using errcode = 'PT409', message = 'The drop-off sequence is locked';
  end if;
  return v_ride;
end;
$$;

revoke all on function
  app.join_ride(integer, integer, text),
  app.remove_ride_passenger(integer, integer)
from public, anon, authenticated, service_role;
grant execute on function
  app.join_ride(integer, integer, text),
  app.remove_ride_passenger(integer, integer)
to authenticated;
revoke all on function private.lock_ride_for_sequence(integer) from public, anon, authenticated, service_role;
