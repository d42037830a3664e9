-- Migration: ride state changes
-- Purpose: every change to seats, passengers, drop-off order and vendor assignment goes
--          through one of these functions. Each locks the ride row (FOR UPDATE) before it
--          reads the seats, so concurrent joins queue up instead of overbooking.
-- Affects: public.rides, public.ride_passengers.
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn the api answers with; the message is
--         written for the member who will read it.

create function private.require_user()
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  if v_uid is null then
    raise exception using errcode = 'PT401', message = 'You must be logged in';
  end if;
  return v_uid;
end;
$$;

create function private.lock_ride(p_ride_id integer)
returns public.rides
language plpgsql
set search_path = ''
as $$
declare
  v_ride public.rides;
begin
  select * into v_ride from public.rides where id = p_ride_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found';
  end if;
  return v_ride;
end;
$$;

-- Organiser-only steps of the FC->SG drop-off sequence.
create function private.lock_ride_for_sequence(p_ride_id integer)
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
  if v_ride.sequence_locked then
    raise exception using errcode = 'PT409', message = 'The drop-off sequence is locked';
  end if;
  return v_ride;
end;
$$;

create function public.join_ride(
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
    raise exception using errcode = 'PT409', message = format('Only %s spots remaining', v_remaining);
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

-- A passenger may take back their own entry and the organiser may remove anyone, until the
-- ride has departed.
create function public.remove_ride_passenger(p_ride_id integer, p_passenger_id integer)
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
  if v_ride.date <= now() then
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

-- Moves one passenger to a 1-based position in the draft drop-off order.
create function public.move_ride_passenger(
  p_ride_id integer,
  p_passenger_id integer,
  p_position integer
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ride public.rides := private.lock_ride_for_sequence(p_ride_id);
  v_count integer;
begin
  if not exists (
    select 1 from public.ride_passengers where id = p_passenger_id and ride_id = p_ride_id
  ) then
    raise exception using errcode = 'PT404', message = 'Passenger not found on this ride';
  end if;

  select count(*) into v_count from public.ride_passengers where ride_id = v_ride.id;
  if p_position < 1 or p_position > v_count then
    raise exception using errcode = 'PT400',
      message = format('Sequence must be between 1 and %s', v_count);
  end if;

  with others as (
    select id, row_number() over (
      order by coalesce(sort_position, 32767), created_at, id
    ) as position
    from public.ride_passengers
    where ride_id = v_ride.id and id <> p_passenger_id
  ),
  target as (
    select id, case when position >= p_position then position + 1 else position end as position
    from others
    union all
    select p_passenger_id, p_position
  )
  update public.ride_passengers p
  set sort_position = target.position
  from target
  where p.id = target.id;
end;
$$;

-- Fixes the draft order as the official stop numbers; no more moves afterwards.
create function public.lock_ride_sequence(p_ride_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ride public.rides := private.lock_ride_for_sequence(p_ride_id);
begin
  if not exists (select 1 from public.ride_passengers where ride_id = v_ride.id) then
    raise exception using errcode = 'PT409', message = 'No passengers have joined this ride yet';
  end if;

  update public.ride_passengers p
  set dropoff_sequence = o.position, sort_position = o.position
  from (
    select id, row_number() over (
      order by coalesce(sort_position, 32767), created_at, id
    ) as position
    from public.ride_passengers where ride_id = v_ride.id
  ) o
  where p.id = o.id;

  update public.rides set sequence_locked = true where id = v_ride.id;
end;
$$;

create function public.assign_ride(p_ride_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides;
begin
  if not exists (select 1 from public.users where id = v_uid and is_vendor) then
    raise exception using errcode = 'PT403', message = 'Only vendors can assign rides';
  end if;
  v_ride := private.lock_ride(p_ride_id);
  if v_ride.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'This ride has already been assigned';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride is in the past';
  end if;
  update public.rides set status = 'assigned', vendor_id = v_uid where id = v_ride.id;
end;
$$;

-- Visitors may not read member rows, so the counts come from a definer function.
create function public.community_stats()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'totalRides', (select count(*) from public.rides),
    'totalUsers', (select count(*) from public.users)
  )
$$;

revoke execute on function
  public.join_ride(integer, integer, text),
  public.remove_ride_passenger(integer, integer),
  public.move_ride_passenger(integer, integer, integer),
  public.lock_ride_sequence(integer),
  public.assign_ride(integer),
  public.community_stats()
from public, anon, authenticated;

grant execute on function
  public.join_ride(integer, integer, text),
  public.remove_ride_passenger(integer, integer),
  public.move_ride_passenger(integer, integer, integer),
  public.lock_ride_sequence(integer),
  public.assign_ride(integer)
to authenticated;

grant execute on function public.community_stats() to anon, authenticated;

revoke execute on all functions in schema private from public, anon, authenticated;
