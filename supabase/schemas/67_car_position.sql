-- Where the car is
--
-- Issue 40 §2: on the ride's day the driver (or the organiser of a ride with no driver) may share
-- the phone's position from the Today card; everyone aboard sees it on the card's map. The last
-- position only is kept, one row per ride, overwritten by the next: no track of where the car
-- went. It goes when the sharer stops, with the sharer's account, and when the trip's window
-- closes (private.purge_expired, 8 hours after the ride).
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

create table public.ride_car_positions (
  ride_id integer primary key references public.rides (id) on delete cascade,
  latitude double precision not null,
  longitude double precision not null,
  -- The phone's own estimate, in metres (the Geolocation API's accuracy).
  accuracy double precision not null,
  -- When the phone took it, which may be a little before it reached us.
  taken_at timestamptz not null,
  -- The sharer's position is theirs: it goes with their account.
  shared_by integer not null references public.users (id) on delete cascade,
  updated_at timestamptz not null default now(),
  constraint ride_car_positions_latitude_check check (latitude between -90 and 90),
  constraint ride_car_positions_longitude_check check (longitude between -180 and 180),
  -- Its upper bound is app.share_car_position's, a shared limit.
  constraint ride_car_positions_accuracy_check check (accuracy > 0)
);

comment on table public.ride_car_positions is
  'The car''s last shared position on the ride''s day (issue 40): read by those aboard, written by app.share_car_position only.';

create index ride_car_positions_shared_by_idx on public.ride_car_positions (shared_by);

alter table public.ride_car_positions enable row level security;

revoke all on public.ride_car_positions from public, anon, authenticated;

-- Reads only; every change goes through the app functions below.
grant select on public.ride_car_positions to authenticated;

create policy "those aboard read the car's position"
  on public.ride_car_positions for select to authenticated
  using (app.is_on_ride(ride_id));

-- Whether p_uid may share the car's position: the assigned driver, who has the car, or the
-- organiser when no driver is assigned (they drive, or ride with whoever does).
create function private.car_position_sharer(p_ride public.rides, p_uid integer)
returns boolean
language sql
immutable
security invoker
set search_path = ''
as $$
  select coalesce(case when p_ride.vendor_id is null then p_uid = p_ride.organiser_id
                       else p_uid = p_ride.vendor_id end, false)
$$;

revoke all on function private.car_position_sharer(public.rides, integer) from public;

-- Whether the car's newest step is 'arrived': the position is no longer shared then.
create function private.car_arrived(p_ride_id integer)
returns boolean
language sql
stable
security definer -- reads the car's steps for the check, whoever asks
set search_path = ''
as $$
  select coalesce((select step = 'arrived' from public.ride_car_steps
                    where ride_id = p_ride_id order by id desc limit 1), false)
$$;

revoke all on function private.car_arrived(integer) from public;

-- The car's last position as app.trip_day_json answers it, or null: none shared, or the car has
-- arrived. Stale when taken more than 5 minutes ago: the card says when, not that it is there.
create function private.car_position_json(p_ride_id integer)
returns json
language sql
stable
security definer -- called by app.trip_day_json, which checked the caller is aboard
set search_path = ''
as $$
  select json_build_object(
           'latitude', p.latitude,
           'longitude', p.longitude,
           'accuracy', p.accuracy,
           'takenAt', to_char(p.taken_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'stale', p.taken_at < now() - make_interval(mins => private.limit_car_position_stale_minutes()))
    from public.ride_car_positions p
   where p.ride_id = p_ride_id and not private.car_arrived(p_ride_id)
$$;

revoke all on function private.car_position_json(integer) from public;

-- The ride, for the member who may share its car's position, on its day, before it arrived.
create function private.require_car_position_sharer(p_ride_id integer)
returns public.rides
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
begin
  if not private.in_ride_conversation(v_ride.id, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the people on this ride can follow its trip', hint = 'not_on_trip';
  end if;
  if not private.car_position_sharer(v_ride, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the driver, or the organizer of a ride with no driver, can share where the car is',
      hint = 'not_car_position_sharer';
  end if;
  return v_ride;
end;
$$;

revoke all on function private.require_car_position_sharer(integer) from public;

-- The driver's phone says where the car is; the position replaces the last one.
create function app.share_car_position(
  p_ride_id integer,
  p_latitude double precision,
  p_longitude double precision,
  p_accuracy double precision,
  p_taken_at timestamptz
)
returns json
language plpgsql
security definer -- the position is written only through these functions
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_car_position_sharer(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  if not private.trip_day_open(v_ride) then
    raise exception using errcode = 'PT409',
      message = 'The trip can be followed from 2 hours before the ride until 8 hours after it',
      hint = 'trip_day_closed';
  end if;
  if private.car_arrived(v_ride.id) then
    raise exception using errcode = 'PT409',
      message = 'The car has arrived, so its position is no longer shared', hint = 'car_arrived';
  end if;
  -- 'NaN' is no number between the bounds: refused with them.
  if p_latitude is null or not (p_latitude between -90 and 90) then
    raise exception using errcode = 'PT400', message = 'Latitude must be between -90 and 90',
      hint = 'car_position_latitude';
  end if;
  if p_longitude is null or not (p_longitude between -180 and 180) then
    raise exception using errcode = 'PT400', message = 'Longitude must be between -180 and 180',
      hint = 'car_position_longitude';
  end if;
  if p_accuracy is null or not (p_accuracy > 0 and p_accuracy <= private.limit_car_position_max_accuracy_metres()) then
    raise exception using errcode = 'PT400',
      message = format('Accuracy must be more than 0 and at most %s metres', private.limit_car_position_max_accuracy_metres()),
      detail = json_build_object('max', private.limit_car_position_max_accuracy_metres())::text,
      hint = 'car_position_accuracy';
  end if;
  if p_taken_at is null or p_taken_at > now() + make_interval(secs => private.limit_car_position_clock_skew_seconds()) then
    raise exception using errcode = 'PT400', message = 'The position''s time is in the future',
      hint = 'car_position_future';
  end if;
  if p_taken_at < now() - make_interval(mins => private.limit_car_position_max_age_minutes()) then
    raise exception using errcode = 'PT400',
      message = format('The position was taken more than %s minutes ago', private.limit_car_position_max_age_minutes()),
      detail = json_build_object('minutes', private.limit_car_position_max_age_minutes())::text,
      hint = 'car_position_too_old';
  end if;
  perform private.take_throttle('trip:positions', v_uid || ':' || v_ride.id,
    'Too many trip updates. Please try again in %s.');
  -- A phone's clock a little ahead is taken as now: a position is never newer than its arrival.
  insert into public.ride_car_positions (ride_id, latitude, longitude, accuracy, taken_at, shared_by, updated_at)
  values (v_ride.id, p_latitude, p_longitude, p_accuracy, least(p_taken_at, now()), v_uid, now())
  on conflict (ride_id) do update
    set latitude = excluded.latitude, longitude = excluded.longitude, accuracy = excluded.accuracy,
        taken_at = excluded.taken_at, shared_by = excluded.shared_by, updated_at = excluded.updated_at
  -- Sent out of order (a retry after a newer one): the newer position stays.
  where public.ride_car_positions.taken_at <= excluded.taken_at;
  return app.trip_day_json(v_ride.id);
end;
$$;

revoke all on function app.share_car_position(integer, double precision, double precision, double precision, timestamptz) from public;

grant execute on function app.share_car_position(integer, double precision, double precision, double precision, timestamptz) to authenticated;

-- Stops sharing: the last position is deleted, on any day.
create function app.stop_car_position(p_ride_id integer)
returns json
language plpgsql
security definer -- the position is written only through these functions
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_car_position_sharer(p_ride_id);
begin
  delete from public.ride_car_positions where ride_id = v_ride.id;
  return app.trip_day_json(v_ride.id);
end;
$$;

revoke all on function app.stop_car_position(integer) from public;

grant execute on function app.stop_car_position(integer) to authenticated;
