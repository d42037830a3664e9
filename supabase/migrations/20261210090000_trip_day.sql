-- Migration: trip day
-- Purpose: the day of the trip (issue 40 §1): the car's steps and each passenger's, shared by
--          those aboard from 2 hours before the ride until 8 hours after it, told in the chat and
--          the inbox at most once a minute per member and ride.
-- Affects: adds table public.ride_passenger_steps, table public.ride_car_steps, function
--          private.limit_trip_day_hours_after(), function private.limit_trip_step_undo_minutes(),
--          function private.limit_trip_day_hours_before(), function
--          private.trip_day_open(public.rides), function private.trip_driver(public.rides,
--          integer), function private.require_trip_day(integer), function
--          private.ride_stop_named(public.rides, text), function private.notify_trip(public.rides,
--          integer[], jsonb), function private.trip_aboard(public.rides), function
--          private.car_step_text(public.rides, text, text), function app.trip_day_json(integer),
--          function app.set_car_step(integer, text, text), function app.undo_car_step(integer),
--          function app.set_passenger_step(integer, integer, text, integer), policy "those aboard
--          read the car's steps" on public.ride_car_steps, policy "those aboard read the
--          passengers' steps" on public.ride_passenger_steps; replaces function
--          private.refuse_throttled(text, text, integer), function private.purge_expired(),
--          function app.my_data(); changes constraint notifications_kind_check on
--          public.notifications, constraint push_subscriptions_kinds_check on
--          public.push_subscriptions, constraint ride_messages_system_check on
--          public.ride_messages.
-- Rollback: drop the two tables and the functions above, restore the three checks without the
--          new kinds (after deleting rows of those kinds), and the previous private.purge_expired
--          and private.refuse_throttled.

alter table "public"."notifications" drop constraint "notifications_kind_check";

alter table "public"."push_subscriptions" drop constraint "push_subscriptions_kinds_check";

alter table "public"."ride_messages" drop constraint "ride_messages_system_check";

create table "public"."ride_car_steps" (
    "id" bigint generated always as identity not null,
    "ride_id" integer not null,
    "step" text not null,
    "stop" text,
    "set_by" integer,
    "created_at" timestamp with time zone not null default now()
);

alter table "public"."ride_car_steps" enable row level security;

create table "public"."ride_passenger_steps" (
    "ride_id" integer not null,
    "user_id" integer not null,
    "step" text not null,
    "late_minutes" smallint,
    "set_by" integer,
    "updated_at" timestamp with time zone not null default now()
);

alter table "public"."ride_passenger_steps" enable row level security;

CREATE UNIQUE INDEX ride_car_steps_pkey ON public.ride_car_steps USING btree (id);

CREATE INDEX ride_car_steps_ride_id_id_idx ON public.ride_car_steps USING btree (ride_id, id);

CREATE INDEX ride_car_steps_set_by_idx ON public.ride_car_steps USING btree (set_by);

CREATE UNIQUE INDEX ride_passenger_steps_pkey ON public.ride_passenger_steps USING btree (ride_id, user_id);

CREATE INDEX ride_passenger_steps_set_by_idx ON public.ride_passenger_steps USING btree (set_by);

CREATE INDEX ride_passenger_steps_user_id_idx ON public.ride_passenger_steps USING btree (user_id);

alter table "public"."ride_car_steps" add constraint "ride_car_steps_pkey" PRIMARY KEY using index "ride_car_steps_pkey";

alter table "public"."ride_passenger_steps" add constraint "ride_passenger_steps_pkey" PRIMARY KEY using index "ride_passenger_steps_pkey";

alter table "public"."ride_car_steps" add constraint "ride_car_steps_ride_id_fkey" FOREIGN KEY (ride_id) REFERENCES public.rides(id) ON DELETE CASCADE not valid;

alter table "public"."ride_car_steps" validate constraint "ride_car_steps_ride_id_fkey";

alter table "public"."ride_car_steps" add constraint "ride_car_steps_set_by_fkey" FOREIGN KEY (set_by) REFERENCES public.users(id) ON DELETE SET NULL not valid;

alter table "public"."ride_car_steps" validate constraint "ride_car_steps_set_by_fkey";

alter table "public"."ride_car_steps" add constraint "ride_car_steps_step_check" CHECK ((step = ANY (ARRAY['on_the_way'::text, 'at_stop'::text, 'at_checkpoint'::text, 'through_sg'::text, 'through_my'::text, 'arrived'::text]))) not valid;

alter table "public"."ride_car_steps" validate constraint "ride_car_steps_step_check";

alter table "public"."ride_car_steps" add constraint "ride_car_steps_stop_check" CHECK ((((step = 'at_stop'::text) = (stop IS NOT NULL)) AND ((stop IS NULL) OR ((char_length(stop) >= 1) AND (char_length(stop) <= private.limit_location_max_length()))))) not valid;

alter table "public"."ride_car_steps" validate constraint "ride_car_steps_stop_check";

alter table "public"."ride_passenger_steps" add constraint "ride_passenger_steps_late_check" CHECK ((((step = 'late'::text) = (late_minutes IS NOT NULL)) AND ((late_minutes IS NULL) OR (late_minutes = ANY (ARRAY[5, 10, 15]))))) not valid;

alter table "public"."ride_passenger_steps" validate constraint "ride_passenger_steps_late_check";

alter table "public"."ride_passenger_steps" add constraint "ride_passenger_steps_ride_id_user_id_fkey" FOREIGN KEY (ride_id, user_id) REFERENCES public.ride_passengers(ride_id, user_id) ON DELETE CASCADE not valid;

alter table "public"."ride_passenger_steps" validate constraint "ride_passenger_steps_ride_id_user_id_fkey";

alter table "public"."ride_passenger_steps" add constraint "ride_passenger_steps_set_by_fkey" FOREIGN KEY (set_by) REFERENCES public.users(id) ON DELETE SET NULL not valid;

alter table "public"."ride_passenger_steps" validate constraint "ride_passenger_steps_set_by_fkey";

alter table "public"."ride_passenger_steps" add constraint "ride_passenger_steps_step_check" CHECK ((step = ANY (ARRAY['at_stop'::text, 'late'::text, 'picked_up'::text]))) not valid;

alter table "public"."ride_passenger_steps" validate constraint "ride_passenger_steps_step_check";

alter table "public"."ride_passenger_steps" add constraint "ride_passenger_steps_user_id_fkey" FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE not valid;

alter table "public"."ride_passenger_steps" validate constraint "ride_passenger_steps_user_id_fkey";

alter table "public"."notifications" add constraint "notifications_kind_check" CHECK ((kind = ANY (ARRAY['passenger_joined'::text, 'passenger_left'::text, 'removed_from_ride'::text, 'ride_changed'::text, 'ride_deleted'::text, 'vendor_assigned'::text, 'vendor_released'::text, 'waitlist_seat'::text, 'sequence_locked'::text, 'payment_reminder'::text, 'return_trip'::text, 'vendor_approved'::text, 'vendor_revoked'::text, 'ride_request_offered'::text, 'ride_alert'::text, 'chat_message'::text, 'ride_removed'::text, 'organiser_ride'::text, 'handover_offered'::text, 'ride_handed_over'::text, 'handover_declined'::text, 'handover_withdrawn'::text, 'trip_update'::text]))) not valid;

alter table "public"."notifications" validate constraint "notifications_kind_check";

alter table "public"."push_subscriptions" add constraint "push_subscriptions_kinds_check" CHECK ((kinds <@ ARRAY['passenger_joined'::text, 'passenger_left'::text, 'removed_from_ride'::text, 'ride_changed'::text, 'ride_deleted'::text, 'vendor_assigned'::text, 'vendor_released'::text, 'waitlist_seat'::text, 'sequence_locked'::text, 'payment_reminder'::text, 'return_trip'::text, 'vendor_approved'::text, 'vendor_revoked'::text, 'ride_request_offered'::text, 'ride_alert'::text, 'chat_message'::text, 'ride_removed'::text, 'organiser_ride'::text, 'handover_offered'::text, 'ride_handed_over'::text, 'handover_declined'::text, 'handover_withdrawn'::text, 'trip_update'::text])) not valid;

alter table "public"."push_subscriptions" validate constraint "push_subscriptions_kinds_check";

alter table "public"."ride_messages" add constraint "ride_messages_system_check" CHECK ((((system_kind IS NULL) AND (system_params IS NULL)) OR ((author_id IS NULL) AND (system_kind = ANY (ARRAY['joined'::text, 'left'::text, 'removed'::text, 'stops_locked'::text, 'driver_booked'::text, 'driver_released'::text, 'date_changed'::text, 'handed_over'::text, 'car_step'::text, 'car_step_undone'::text, 'passenger_step'::text])) AND (jsonb_typeof(system_params) = 'object'::text) AND (octet_length((system_params)::text) <= 2000)))) not valid;

alter table "public"."ride_messages" validate constraint "ride_messages_system_check";

set check_function_bodies = off;

-- The driver or the organiser sets the car's step; 'at_stop' names a stop of the ride's route.
create function app.set_car_step(p_ride_id integer, p_step text, p_stop text) returns json
    language plpgsql security definer
    set search_path to ''
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

-- A passenger's own step; 'picked_up' the driver or the organiser may mark for them too
-- (p_passenger, null for the caller). Late is told to everyone aboard, picked up only to the
-- organiser and the driver.
create function app.set_passenger_step(p_ride_id integer, p_passenger integer, p_step text, p_late_minutes integer) returns json
    language plpgsql security definer
    set search_path to ''
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
    case when p_step = 'picked_up' then array[v_ride.creator_id, v_ride.vendor_id] else private.trip_aboard(v_ride) end,
    v_params);
  return app.trip_day_json(v_ride.id);
end;
$$;
revoke all on function app.set_passenger_step(integer, integer, text, integer) from public;
grant execute on function app.set_passenger_step(integer, integer, text, integer) to authenticated;

-- The trip as the caller reads it: the window, the car's steps, each passenger's step in the
-- order of the passengers list, and what the caller may do.
create function app.trip_day_json(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
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

-- Takes back the newest car step, within 2 minutes of it.
create function app.undo_car_step(p_ride_id integer) returns json
    language plpgsql security definer
    set search_path to ''
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

-- The English of a car's step, for the chat's body and any reader without the app's words.
create function private.car_step_text(p_ride public.rides, p_step text, p_stop text) returns text
    language sql immutable
    set search_path to ''
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

create function private.limit_trip_day_hours_after() returns integer
    language sql immutable
    set search_path to ''
as $$select 8$$;
revoke all on function private.limit_trip_day_hours_after() from public;
grant all on function private.limit_trip_day_hours_after() to authenticated;

create function private.limit_trip_day_hours_before() returns integer
    language sql immutable
    set search_path to ''
as $$select 2$$;
revoke all on function private.limit_trip_day_hours_before() from public;
grant all on function private.limit_trip_day_hours_before() to authenticated;

create function private.limit_trip_step_undo_minutes() returns integer
    language sql immutable
    set search_path to ''
as $$select 2$$;
revoke all on function private.limit_trip_step_undo_minutes() from public;
grant all on function private.limit_trip_step_undo_minutes() to authenticated;

-- Tells p_recipients about the trip, at most once a minute per member and ride: within the
-- minute the unread notice takes the newest news instead, so the inbox says what is true now
-- and no second push wakes the phone. Never the member who made the change (private.notify), a
-- member who blocked them, nor one looking at the ride's chat.
create function private.notify_trip(p_ride public.rides, p_recipients integer[], p_params jsonb) returns void
    language plpgsql security definer
    set search_path to ''
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

-- The ride, for someone aboard it on its day; refuses anyone else, and any other day.
create function private.require_trip_day(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
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
create function private.ride_stop_named(p_ride public.rides, p_stop text) returns text
    language sql stable security definer
    set search_path to ''
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

-- Everyone aboard: the organiser, the driver and the passengers.
create function private.trip_aboard(p_ride public.rides) returns integer[]
    language sql stable security definer
    set search_path to ''
as $$
  select array[p_ride.creator_id, p_ride.vendor_id]
      || coalesce((select array_agg(p.user_id) from public.ride_passengers p where p.ride_id = p_ride.id), '{}')
$$;
revoke all on function private.trip_aboard(public.rides) from public;

-- Whether the ride's day is on: from 2 hours before the ride until 8 hours after it.
create function private.trip_day_open(p_ride public.rides) returns boolean
    language sql stable
    set search_path to ''
as $$
  select now() >= p_ride.date - make_interval(hours => private.limit_trip_day_hours_before())
     and now() < p_ride.date + make_interval(hours => private.limit_trip_day_hours_after())
$$;
revoke all on function private.trip_day_open(public.rides) from public;

-- Whether p_uid may set the car's steps: the ride's organiser or its assigned driver.
create function private.trip_driver(p_ride public.rides, p_uid integer) returns boolean
    language sql immutable
    set search_path to ''
as $$
  select coalesce(p_uid = p_ride.creator_id or p_uid = p_ride.vendor_id, false)
$$;
revoke all on function private.trip_driver(public.rides, integer) from public;

-- Everything the database holds about the caller, as one JSON document (issue 26 §2, "Download
-- my data"): their profile and every row that names them, one key per kind of row, each row as
-- the table holds it (column names included) so that the member reads what is kept. Never a
-- secret: no password or token hash, no push keys or endpoint (only the push service's address),
-- no reset code; failed logins against the account without the address they came from (that may
-- be someone else's). Security definer: most of it sits where the api roles cannot read; every
-- part reads only the caller's rows. A table added later that names a member gets its key here;
-- tests/api/own-data.test.ts fails until it does.
create or replace function app.my_data() returns jsonb
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_username text;
begin
  select discord_username into v_username from public.users where id = v_uid;
  return jsonb_build_object(
    'format', 'fc-rideshare-member-data/1',
    'exportedAt', now(),
    'profile', (select to_jsonb(u) - 'username_skeleton' from public.users u where u.id = v_uid),
    -- The versions of the privacy notice and community rules they accepted, and when.
    'policiesAccepted', coalesce((
      select jsonb_agg(to_jsonb(a) order by a.accepted_at, a.document, a.version)
        from public.policy_acceptances a where a.user_id = v_uid), '[]'::jsonb),
    'password', (select jsonb_build_object('updated_at', c.updated_at)
                   from private.credentials c where c.user_id = v_uid),
    'sessions', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', s.created_at, 'expires_at', s.expires_at)
                       order by s.created_at)
        from private.sessions s where s.user_id = v_uid), '[]'::jsonb),
    'knownDevices', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', d.created_at, 'expires_at', d.expires_at)
                       order by d.created_at)
        from private.login_devices d where d.user_id = v_uid), '[]'::jsonb),
    'failedLogins', coalesce((
      select jsonb_agg(jsonb_build_object('failed_at', f.failed_at) order by f.failed_at)
        from private.login_failures f
       where f.throttle_key in (private.member_throttle_key('login', v_username),
                                private.member_throttle_key('reset-code', v_username))), '[]'::jsonb),
    'passwordResetCodes', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', r.created_at, 'expires_at', r.expires_at,
                                          'used_at', r.used_at) order by r.created_at)
        from private.password_reset_codes r where r.user_id = v_uid), '[]'::jsonb),
    'passwordResetRequests', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.id)
        from public.password_reset_requests r where r.user_id = v_uid), '[]'::jsonb),
    'vendorApplication', (select to_jsonb(a) from public.vendor_applications a where a.user_id = v_uid),
    'vendorDecisions', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', a.user_id, 'status', a.status, 'decided_at', a.decided_at)
                       order by a.decided_at)
        from public.vendor_applications a where a.decided_by = v_uid), '[]'::jsonb),
    'ridesOrganised', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.date, r.id)
        from public.rides r where r.creator_id = v_uid), '[]'::jsonb),
    -- Their weekly series (issue 27), and the ones they joined every date of.
    'rideSeries', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.id)
        from public.ride_series s where s.creator_id = v_uid), '[]'::jsonb),
    'rideSeriesJoined', coalesce((
      select jsonb_agg(to_jsonb(g) order by g.created_at, g.series_id)
        from public.ride_series_regulars g where g.user_id = v_uid), '[]'::jsonb),
    'ridesAsVendor', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.date, r.id)
        from public.rides r where r.vendor_id = v_uid), '[]'::jsonb),
    -- The ride beside each seat, enough to know which trip it was.
    'ridesJoined', coalesce((
      select jsonb_agg(to_jsonb(p) || jsonb_build_object('ride', jsonb_build_object(
                         'id', r.id, 'direction', r.direction, 'date', r.date,
                         'pickup_location', r.pickup_location, 'status', r.status, 'cost', r.cost))
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(jsonb_build_object('ride_id', p.ride_id, 'ride_date', r.date,
                                          'payment_status', p.payment_status, 'claimed_at', p.claimed_at,
                                          'paid_at', p.paid_at,
                                          'sums', coalesce((
                                            select jsonb_agg(to_jsonb(y) order by y.id)
                                              from public.ride_payments y where y.passenger_id = p.id), '[]'::jsonb))
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
    -- Sums paid to them (or given back) as an organiser, without who paid: the seat says it.
    'paymentsReceived', coalesce((
      select jsonb_agg(to_jsonb(y) order by y.id)
        from public.ride_payments y where y.organiser_id = v_uid), '[]'::jsonb),
    'waitlist', coalesce((
      select jsonb_agg(to_jsonb(w) order by w.id)
        from public.ride_waitlist w where w.user_id = v_uid), '[]'::jsonb),
    'notifications', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.id)
        from public.notifications n where n.user_id = v_uid), '[]'::jsonb),
    'rideMessages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.author_id = v_uid), '[]'::jsonb),
    -- The conversations' own lines about them: that they joined, left, were removed, drove.
    'chatLinesAboutMe', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.subject_id = v_uid), '[]'::jsonb),
    -- The day of the trip (issue 40): their own steps, and the steps they set.
    'tripSteps', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id)
        from public.ride_passenger_steps s where s.user_id = v_uid), '[]'::jsonb),
    'tripStepsSet', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id, s.user_id)
        from public.ride_passenger_steps s where s.set_by = v_uid), '[]'::jsonb),
    'carStepsSet', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.id)
        from public.ride_car_steps s where s.set_by = v_uid), '[]'::jsonb),
    -- How far they have read each ride's conversation.
    'chatReads', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.ride_id)
        from private.ride_chat_reads c where c.user_id = v_uid), '[]'::jsonb),
    'rideAlerts', coalesce((
      select jsonb_agg(to_jsonb(a) order by a.id)
        from public.ride_alerts a where a.user_id = v_uid), '[]'::jsonb),
    'rideAlertsTold', coalesce((
      select jsonb_agg(to_jsonb(d) order by d.created_at, d.ride_id)
        from private.ride_alert_deliveries d where d.user_id = v_uid), '[]'::jsonb),
    'following', coalesce((
      select jsonb_agg(to_jsonb(f) order by f.created_at, f.organiser_id)
        from public.organiser_follows f where f.follower_id = v_uid), '[]'::jsonb),
    -- How many follow them and since when; who is theirs to tell, not the organiser's to know.
    'followedBy', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', f.created_at) order by f.created_at)
        from public.organiser_follows f where f.organiser_id = v_uid), '[]'::jsonb),
    'rideRequests', coalesce((
      select jsonb_agg(to_jsonb(q) order by q.id)
        from public.ride_requests q where q.requester_id = v_uid), '[]'::jsonb),
    'rideRequestMeToos', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.request_id)
        from public.ride_request_members m where m.user_id = v_uid), '[]'::jsonb),
    -- Whom they blocked. Whom others blocked is those members' own, and never told (ADR 0026).
    'membersBlocked', coalesce((
      select jsonb_agg(to_jsonb(b) order by b.created_at, b.blocked_id)
        from public.member_blocks b where b.blocker_id = v_uid), '[]'::jsonb),
    -- Offers to hand a ride over (issue 26 §2) they made, and those made to them.
    'rideHandoversOffered', coalesce((
      select jsonb_agg(to_jsonb(h) order by h.created_at, h.ride_id)
        from public.ride_handovers h where h.offered_by = v_uid), '[]'::jsonb),
    'rideHandoversReceived', coalesce((
      select jsonb_agg(to_jsonb(h) order by h.created_at, h.ride_id)
        from public.ride_handovers h where h.offered_to = v_uid), '[]'::jsonb),
    -- The rides whose organiser marked them absent.
    'noShows', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.marked_at, n.ride_id)
        from public.ride_no_shows n where n.user_id = v_uid), '[]'::jsonb),
    -- Which devices get pushes, and for what; the endpoint and keys are the device's secrets.
    'pushDevices', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'service', substring(s.endpoint from '^https://[^/?#]+'),
                                          'kinds', s.kinds, 'created_at', s.created_at, 'saved_at', s.saved_at)
                       order by s.id)
        from public.push_subscriptions s where s.user_id = v_uid), '[]'::jsonb),
    -- Moderation (issue 26 §1): the reports they made; those about them without who made them;
    -- their suspension; and, for the admin, the reports closed, suspensions decided and the log.
    'reportsMade', coalesce((
      select jsonb_agg(to_jsonb(r) - 'resolved_by' order by r.id)
        from public.reports r where r.reporter_id = v_uid), '[]'::jsonb),
    -- About them: of them, and of their rides, ride requests and messages, as the admin's queue
    -- shows them as theirs.
    'reportsAboutMe', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'target_kind', r.target_kind, 'ride_id', r.ride_id,
                                          'request_id', r.request_id, 'message_id', r.message_id,
                                          'reason', r.reason, 'status', r.status, 'created_at', r.created_at)
                       order by r.id)
        from public.reports r
       where r.member_id = v_uid
          or r.ride_id in (select id from public.rides where creator_id = v_uid)
          or r.request_id in (select id from public.ride_requests where requester_id = v_uid)
          or r.message_id in (select id from public.ride_messages where author_id = v_uid)), '[]'::jsonb),
    'reportsResolved', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'status', r.status, 'resolved_at', r.resolved_at)
                       order by r.id)
        from public.reports r where r.resolved_by = v_uid), '[]'::jsonb),
    'suspension', (select to_jsonb(s) - 'suspended_by' from public.member_suspensions s where s.user_id = v_uid),
    'suspensionsDecided', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', s.user_id, 'suspended_until', s.suspended_until,
                                          'created_at', s.created_at) order by s.created_at)
        from public.member_suspensions s where s.suspended_by = v_uid), '[]'::jsonb),
    'moderationActions', coalesce((
      select jsonb_agg(to_jsonb(l) order by l.id)
        from public.moderation_log l where l.admin_id = v_uid), '[]'::jsonb),
    -- The actions of theirs the abuse limits counted (private.throttle_limits), while kept.
    'countedActions', coalesce((
      select jsonb_agg(jsonb_build_object('limit_name', e.limit_name, 'happened_at', e.happened_at)
                       order by e.id)
        from private.throttle_events e
       where private.throttle_subject_member(e.limit_name, e.subject) = v_uid), '[]'::jsonb)
  );
end;
$$;

-- Deletes what has expired: sessions, reset codes, throttle rows past every window. Bounded
-- batches on indexed columns, skipping rows another transaction holds, so it is cheap enough to
-- run on every login and registration; a backlog goes over a few calls.
--
-- As in 20261124000200_throttles.sql, plus notifications past 90 days, ended ride alerts,
-- what the alerts told past 90 days and rides' conversations 90 days after the ride.
create or replace function private.purge_expired() returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_keep interval := (
    select make_interval(secs => coalesce(max(window_seconds), 86400)) from private.throttle_limits
  );
begin
  delete from private.sessions where token_hash in (
    select token_hash from private.sessions where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.password_reset_codes where code_hash in (
    select code_hash from private.password_reset_codes where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.login_failures where id in (
    select id from private.login_failures where failed_at < now() - v_keep
     order by failed_at limit 500 for update skip locked);
  delete from private.throttle_events where id in (
    select id from private.throttle_events where happened_at < now() - v_keep
     order by happened_at limit 500 for update skip locked);
  delete from public.notifications where id in (
    select id from public.notifications where created_at < now() - interval '90 days'
     order by created_at limit 500 for update skip locked);
  delete from public.ride_alerts where id in (
    select id from public.ride_alerts where last_day < private.singapore_today()
     order by last_day limit 500 for update skip locked);
  -- As long as the inbox keeps the notification it stood for.
  delete from private.ride_alert_deliveries where (ride_id, user_id) in (
    select ride_id, user_id from private.ride_alert_deliveries where created_at < now() - interval '90 days'
     order by created_at limit 500 for update skip locked);
  -- A ride's conversation 90 days after the ride (issue 25).
  delete from public.ride_messages where id in (
    select m.id from public.rides r join public.ride_messages m on m.ride_id = r.id
     where r.date < now() - interval '90 days'
     order by m.ride_id, m.id limit 500 for update of m skip locked);
  -- The day of the trip is kept as long as its chat is open (issue 40).
  delete from public.ride_car_steps where id in (
    select s.id from public.rides r join public.ride_car_steps s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.id limit 500 for update of s skip locked);
  delete from public.ride_passenger_steps where (ride_id, user_id) in (
    select s.ride_id, s.user_id from public.rides r join public.ride_passenger_steps s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.user_id limit 500 for update of s skip locked);
end;
$$;

-- The refusal (PT429) of a windowed limit that is full: p_message has one %s, how long to wait
-- (p_retry seconds, also in the error's DETAIL for the api's Retry-After); the limit names the
-- refusal's code (supabase/functions/_shared/refusals.ts), in the error's HINT. A limit with no
-- code here gets the generic one of its status.
create or replace function private.refuse_throttled(p_limit text, p_message text, p_retry integer) returns void
    language plpgsql
    set search_path to ''
as $$
begin
  raise exception using errcode = 'PT429', message = format(p_message, private.wait_text(p_retry)),
    detail = p_retry::text,
    hint = case p_limit
      when 'rides:created' then 'too_many_rides_today'
      when 'rides:edits' then 'too_many_ride_edits'
      when 'passengers:changes' then 'too_many_joins'
      when 'payments:remind' then 'reminded_recently'
      when 'register:client' then 'too_many_accounts_network'
      when 'register:network' then 'too_many_accounts_network'
      when 'register:all' then 'too_many_accounts'
      when 'ride_requests:posted' then 'too_many_ride_requests'
      when 'ride_requests:me-too' then 'too_many_me_too'
      when 'chat:messages' then 'too_many_messages'
      when 'reports:filed' then 'too_many_reports'
      when 'handovers:offered' then 'too_many_handover_offers'
      when 'trip:steps' then 'too_many_trip_updates'
    end;
end;
$$;

create policy "those aboard read the car's steps"
  on public.ride_car_steps for select to authenticated
  using (app.is_on_ride(ride_id));

create policy "those aboard read the passengers' steps"
  on public.ride_passenger_steps for select to authenticated
  using (app.is_on_ride(ride_id));

reset check_function_bodies;

revoke all on public.ride_car_steps from public, anon, authenticated;
revoke all on public.ride_passenger_steps from public, anon, authenticated;
grant select on public.ride_car_steps to authenticated;
grant select on public.ride_passenger_steps to authenticated;

comment on function private.limit_trip_day_hours_before() is 'TRIP_DAY_HOURS_BEFORE in supabase/functions/_shared/limits.ts (generated).';
comment on function private.limit_trip_day_hours_after() is 'TRIP_DAY_HOURS_AFTER in supabase/functions/_shared/limits.ts (generated).';
comment on function private.limit_trip_step_undo_minutes() is 'TRIP_STEP_UNDO_MINUTES in supabase/functions/_shared/limits.ts (generated).';
comment on table public.ride_car_steps is 'The car''s steps on the ride''s day (issue 40): read by those aboard, written by app.set_car_step only.';
comment on table public.ride_passenger_steps is 'Each passenger''s step on the ride''s day (issue 40): read by those aboard, written by app.set_passenger_step only.';

-- Reference data (supabase/schemas/seed/05_throttle_limits.sql): a busy day is a step every few
-- minutes; a stuck finger is not.
insert into private.throttle_limits (name, max_count, window_seconds, description)
values
  ('trip:steps', 60, 3600, 'trip steps one member sets on one ride')
on conflict do nothing;
