-- The day of the trip
--
-- Issue 40 §1: from 2 hours before the ride until 8 hours after it, the people aboard (the
-- organiser, the passengers and the assigned driver) share one truth about the trip: the car's
-- steps (on the way, at each stop, at the first checkpoint, through Singapore and Malaysia,
-- arrived) and each passenger's own (at my stop, running late, picked up). Every change is a
-- system line in the ride's chat, so the chat's live stream carries it to every open ride page,
-- and a notification, at most one per member and ride a minute. Kept 7 days with the ride
-- (private.purge_expired), as long as its chat is open.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- The car's steps, newest last: the current step is the newest; the newest can be taken back
-- for 2 minutes (a mistaken tap), which deletes it.
create table public.ride_car_steps (
  id bigint generated always as identity primary key,
  ride_id integer not null references public.rides (id) on delete cascade,
  step text not null,
  -- The stop's name as the ride's route spells it, for 'at_stop' only.
  stop text,
  set_by integer references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint ride_car_steps_step_check check (
    step in ('on_the_way', 'at_stop', 'at_checkpoint', 'through_sg', 'through_my', 'arrived')
  ),
  constraint ride_car_steps_stop_check check (
    (step = 'at_stop') = (stop is not null)
    and (stop is null or char_length(stop) between 1 and private.limit_location_max_length())
  )
);

comment on table public.ride_car_steps is
  'The car''s steps on the ride''s day (issue 40): read by those aboard, written by app.set_car_step only.';

create index ride_car_steps_ride_id_id_idx on public.ride_car_steps (ride_id, id);

create index ride_car_steps_set_by_idx on public.ride_car_steps (set_by);

-- Each passenger's own step; gone with their place on the ride.
create table public.ride_passenger_steps (
  ride_id integer not null,
  -- Also a member's own reference, so their download and their deletion find it.
  user_id integer not null references public.users (id) on delete cascade,
  step text not null,
  late_minutes smallint,
  set_by integer references public.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (ride_id, user_id),
  foreign key (ride_id, user_id) references public.ride_passengers (ride_id, user_id) on delete cascade,
  constraint ride_passenger_steps_step_check check (step in ('at_stop', 'late', 'picked_up')),
  -- 15 stands for "15 minutes or more".
  constraint ride_passenger_steps_late_check check (
    (step = 'late') = (late_minutes is not null) and (late_minutes is null or late_minutes in (5, 10, 15))
  )
);

comment on table public.ride_passenger_steps is
  'Each passenger''s step on the ride''s day (issue 40): read by those aboard, written by app.set_passenger_step only.';

create index ride_passenger_steps_user_id_idx on public.ride_passenger_steps (user_id);

create index ride_passenger_steps_set_by_idx on public.ride_passenger_steps (set_by);

alter table public.ride_car_steps enable row level security;

alter table public.ride_passenger_steps enable row level security;

revoke all on public.ride_car_steps from public, anon, authenticated;

revoke all on public.ride_passenger_steps from public, anon, authenticated;

-- Reads only; every change goes through the app functions below.
grant select on public.ride_car_steps to authenticated;

grant select on public.ride_passenger_steps to authenticated;

create policy "those aboard read the car's steps"
  on public.ride_car_steps for select to authenticated
  using (app.is_on_ride(ride_id));

create policy "those aboard read the passengers' steps"
  on public.ride_passenger_steps for select to authenticated
  using (app.is_on_ride(ride_id));

-- Whether the ride's day is on: from 2 hours before the ride until 8 hours after it.
create function private.trip_day_open(p_ride public.rides)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select now() >= p_ride.date - make_interval(hours => private.limit_trip_day_hours_before())
     and now() < p_ride.date + make_interval(hours => private.limit_trip_day_hours_after())
$$;

revoke all on function private.trip_day_open(public.rides) from public;

-- Whether p_uid may set the car's steps: the ride's organiser or its assigned driver.
create function private.trip_driver(p_ride public.rides, p_uid integer)
returns boolean
language sql
immutable
security invoker
set search_path = ''
as $$
  select coalesce(p_uid = p_ride.organiser_id or p_uid = p_ride.vendor_id, false)
$$;

revoke all on function private.trip_driver(public.rides, integer) from public;

-- The ride, for someone aboard it on its day; refuses anyone else, and any other day.
create function private.require_trip_day(p_ride_id integer)
returns public.rides
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if not private.in_ride_conversation(v_ride.id, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the people on this ride can follow its trip', hint = 'not_on_trip';
  end if;
  if not private.trip_day_open(v_ride) then
    raise exception using errcode = 'PT409',
      message = 'The trip can be followed from 2 hours before the ride until 8 hours after it',
      hint = 'trip_day_closed';
  end if;
  perform private.take_throttle('trip:steps', v_uid || ':' || v_ride.id,
    'Too many trip updates. Please try again in %s.');
  return v_ride;
end;
$$;

revoke all on function private.require_trip_day(integer) from public;

-- The stop of the ride's route that p_stop names (the route's own spelling), or null.
create function private.ride_stop_named(p_ride public.rides, p_stop text)
returns text
language sql
stable
security definer -- reads every passenger's stop, which a member's own view narrows
set search_path = ''
as $$
  select stop from (
    select p_ride.pickup_location as stop, 0 as place
    union all
    select p.dropoff_location, 1 from public.ride_passengers p
     where p.ride_id = p_ride.id and p.dropoff_location is not null
    union all
    select entry ->> 'location', 2 from jsonb_array_elements(p_ride.dropoff_locations) entry
     where jsonb_typeof(entry) = 'object' and entry ? 'location'
  ) stops
  where private.stop_key(stop) = private.stop_key(p_stop) and private.stop_key(p_stop) <> ''
  order by place
  limit 1
$$;

revoke all on function private.ride_stop_named(public.rides, text) from public;

-- Tells p_recipients about the trip, at most once a minute per member and ride: within the
-- minute the unread notice takes the newest news instead, so the inbox says what is true now
-- and no second push wakes the phone. Never the member who made the change (private.notify), a
-- member who blocked them, nor one looking at the ride's chat.
create function private.notify_trip(p_ride public.rides, p_recipients integer[], p_params jsonb)
returns void
language plpgsql
security definer -- writes other members' notifications
set search_path = ''
as $$
declare
  v_recipient integer;
  v_uid integer := app.current_user_id();
  v_params jsonb := private.ride_event_params(p_ride) || p_params;
begin
  perform pg_advisory_xact_lock(hashtextextended('fc-trip-notify:' || p_ride.id, 0));
  foreach v_recipient in array p_recipients loop
    continue when v_recipient is null or v_recipient = v_uid or private.has_blocked(v_recipient, v_uid);
    continue when exists (
      select 1 from private.ride_chat_reads w
       where w.ride_id = p_ride.id and w.user_id = v_recipient and w.watching_until > now());
    update public.notifications set params = v_params
     where user_id = v_recipient and ride_id = p_ride.id and kind = 'trip_update' and read_at is null
       and created_at > now() - interval '1 minute';
    if not found then
      perform private.notify(v_recipient, p_ride.id, 'trip_update', v_params);
    end if;
  end loop;
end;
$$;

revoke all on function private.notify_trip(public.rides, integer[], jsonb) from public;

-- Everyone aboard: the organiser, the driver and the passengers.
create function private.trip_aboard(p_ride public.rides)
returns integer[]
language sql
stable
security definer -- lists every passenger, which a member's own view narrows
set search_path = ''
as $$
  select array[p_ride.organiser_id, p_ride.vendor_id]
      || coalesce((select array_agg(p.user_id) from public.ride_passengers p where p.ride_id = p_ride.id), '{}')
$$;

revoke all on function private.trip_aboard(public.rides) from public;

-- The English of a car's step, for the chat's body and any reader without the app's words.
create function private.car_step_text(p_ride public.rides, p_step text, p_stop text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case p_step
    when 'on_the_way' then 'The car is on the way'
    when 'at_stop' then 'The car is at ' || p_stop
    when 'at_checkpoint' then case when p_ride.direction = 'SG->FC'
      then 'The car is at the Singapore checkpoint' else 'The car is at the Malaysia checkpoint' end
    when 'through_sg' then 'The car is through Singapore'
    when 'through_my' then 'The car is through Malaysia'
    else 'The car has arrived'
  end
$$;

revoke all on function private.car_step_text(public.rides, text, text) from public;

-- The trip as the caller reads it: the window, the car's steps, each passenger's step in the
-- order of the passengers list, and what the caller may do.
create function app.trip_day_json(p_ride_id integer)
returns json
language plpgsql
stable
security definer -- reads the names and stops of everyone aboard for each of them
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
  v_last public.ride_car_steps;
begin
  if not private.in_ride_conversation(v_ride.id, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the people on this ride can follow its trip', hint = 'not_on_trip';
  end if;
  select * into v_last from public.ride_car_steps where ride_id = v_ride.id order by id desc limit 1;
  return json_build_object(
    'rideId', v_ride.id,
    'opensAt', to_char((v_ride.date - make_interval(hours => private.limit_trip_day_hours_before())) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'closesAt', to_char((v_ride.date + make_interval(hours => private.limit_trip_day_hours_after())) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'open', private.trip_day_open(v_ride),
    'canSetCarSteps', private.trip_driver(v_ride, v_uid),
    -- The car's last shared position and who may share it (67_car_position.sql).
    'canShareCarPosition', private.car_position_sharer(v_ride, v_uid),
    'carPosition', private.car_position_json(v_ride.id),
    'carSteps', coalesce((
      select json_agg(json_build_object(
               'id', s.id, 'step', s.step, 'stop', s.stop,
               'at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             order by s.id)
        from public.ride_car_steps s where s.ride_id = v_ride.id), '[]'::json),
    -- Until when the newest step can be taken back, for those who may set steps.
    'undoUntil', case when v_last.id is not null and private.trip_driver(v_ride, v_uid)
                        and v_last.created_at > now() - make_interval(mins => private.limit_trip_step_undo_minutes())
      then to_char((v_last.created_at + make_interval(mins => private.limit_trip_step_undo_minutes())) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
    'passengers', coalesce((
      select json_agg(json_build_object(
               'userId', p.user_id,
               'name', private.member_display_name(p.user_id),
               'stop', p.dropoff_location,
               'step', st.step,
               'lateMinutes', st.late_minutes,
               'updatedAt', to_char(st.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             order by p.dropoff_sequence nulls last, p.id)
        from public.ride_passengers p
        left join public.ride_passenger_steps st on st.ride_id = p.ride_id and st.user_id = p.user_id
       where p.ride_id = v_ride.id), '[]'::json)
  );
end;
$$;

revoke all on function app.trip_day_json(integer) from public;

grant execute on function app.trip_day_json(integer) to authenticated;

-- The driver or the organiser sets the car's step; 'at_stop' names a stop of the ride's route.
create function app.set_car_step(p_ride_id integer, p_step text, p_stop text)
returns json
language plpgsql
security definer -- the steps and chat lines are written only through these functions
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_trip_day(p_ride_id);
  v_uid integer := app.current_user_id();
  v_stop text;
begin
  if not private.trip_driver(v_ride, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the driver or the organizer can set where the car is', hint = 'not_trip_driver';
  end if;
  if p_step = 'at_stop' then
    v_stop := private.ride_stop_named(v_ride, p_stop);
    if v_stop is null then
      raise exception using errcode = 'PT400', message = 'That stop is not on this ride''s route',
        hint = 'trip_stop_unknown';
    end if;
  end if;
  insert into public.ride_car_steps (ride_id, step, stop, set_by) values (v_ride.id, p_step, v_stop, v_uid);
  perform private.ride_chat_line(v_ride.id, 'car_step', private.car_step_text(v_ride, p_step, v_stop),
    jsonb_strip_nulls(jsonb_build_object('step', p_step, 'stop', v_stop)), null);
  perform private.notify_trip(v_ride, private.trip_aboard(v_ride),
    jsonb_strip_nulls(jsonb_build_object('step', p_step, 'stop', v_stop)));
  return app.trip_day_json(v_ride.id);
end;
$$;

revoke all on function app.set_car_step(integer, text, text) from public;

grant execute on function app.set_car_step(integer, text, text) to authenticated;

-- Takes back the newest car step, within 2 minutes of it.
create function app.undo_car_step(p_ride_id integer)
returns json
language plpgsql
security definer -- the steps and chat lines are written only through these functions
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_trip_day(p_ride_id);
  v_uid integer := app.current_user_id();
  v_last public.ride_car_steps;
begin
  if not private.trip_driver(v_ride, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the driver or the organizer can set where the car is', hint = 'not_trip_driver';
  end if;
  select * into v_last from public.ride_car_steps where ride_id = v_ride.id order by id desc limit 1;
  if v_last.id is null
     or v_last.created_at <= now() - make_interval(mins => private.limit_trip_step_undo_minutes()) then
    raise exception using errcode = 'PT409',
      message = 'Only a step set in the last 2 minutes can be taken back', hint = 'trip_step_not_undoable';
  end if;
  delete from public.ride_car_steps where id = v_last.id;
  -- The chat keeps what was said; the line after it says it was taken back.
  perform private.ride_chat_line(v_ride.id, 'car_step_undone',
    'Taken back: ' || private.car_step_text(v_ride, v_last.step, v_last.stop),
    jsonb_strip_nulls(jsonb_build_object('step', v_last.step, 'stop', v_last.stop)), null);
  return app.trip_day_json(v_ride.id);
end;
$$;

revoke all on function app.undo_car_step(integer) from public;

grant execute on function app.undo_car_step(integer) to authenticated;

-- A passenger's own step; 'picked_up' the driver or the organiser may mark for them too
-- (p_passenger, null for the caller). Late is told to everyone aboard, picked up only to the
-- organiser and the driver.
create function app.set_passenger_step(p_ride_id integer, p_passenger integer, p_step text, p_late_minutes integer)
returns json
language plpgsql
security definer -- the steps and chat lines are written only through these functions
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_trip_day(p_ride_id);
  v_uid integer := app.current_user_id();
  v_passenger integer := coalesce(p_passenger, v_uid);
  v_name text;
  v_body text;
  v_params jsonb;
begin
  if not exists (select 1 from public.ride_passengers where ride_id = v_ride.id and user_id = v_passenger) then
    raise exception using errcode = 'PT404', message = 'That member is not a passenger on this ride',
      hint = 'trip_passenger_not_found';
  end if;
  if v_passenger <> v_uid and not (p_step = 'picked_up' and private.trip_driver(v_ride, v_uid)) then
    raise exception using errcode = 'PT403',
      message = 'Only the passenger can say this, but the driver or the organizer can mark them picked up',
      hint = 'not_trip_passenger';
  end if;
  insert into public.ride_passenger_steps (ride_id, user_id, step, late_minutes, set_by, updated_at)
  values (v_ride.id, v_passenger, p_step, case when p_step = 'late' then p_late_minutes end, v_uid, now())
  on conflict (ride_id, user_id) do update
    set step = excluded.step, late_minutes = excluded.late_minutes, set_by = excluded.set_by,
        updated_at = excluded.updated_at;
  v_name := private.member_display_name(v_passenger);
  v_body := case p_step
    when 'at_stop' then v_name || ' is at their stop'
    when 'late' then v_name || ' is running ' || case when p_late_minutes >= 15 then '15+' else p_late_minutes::text end || ' minutes late'
    else v_name || ' was picked up'
  end;
  v_params := jsonb_strip_nulls(jsonb_build_object('name', v_name, 'passengerStep', p_step,
    'lateMinutes', case when p_step = 'late' then p_late_minutes end));
  perform private.ride_chat_line(v_ride.id, 'passenger_step', v_body, v_params, v_passenger);
  perform private.notify_trip(v_ride,
    case when p_step = 'picked_up' then array[v_ride.organiser_id, v_ride.vendor_id] else private.trip_aboard(v_ride) end,
    v_params);
  return app.trip_day_json(v_ride.id);
end;
$$;

revoke all on function app.set_passenger_step(integer, integer, text, integer) from public;

grant execute on function app.set_passenger_step(integer, integer, text, integer) to authenticated;
