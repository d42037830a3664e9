-- Migration: shared limits from one file
-- Purpose: issue 38 §1, limits in one place. The numbers the PWA, the api and the database share
--          (party size, location, name and reason lengths, the most a ride may cost, the
--          no-show window, the chat's read-only week, the password bounds) lived in
--          supabase/functions/_shared/limits.ts and again as literals in the checks and
--          functions. Each is now an immutable private.limit_*() function generated from
--          limits.ts (supabase/schemas/01_limits.sql, `npm run db:limits`, ADR 0043), and the
--          checks and functions below read it. The values are the same: every check is added
--          `not valid` and then validated, which reads the rows and rewrites none.
-- Affects: adds function private.limit_ride_chat_read_only_days(), function
--          private.limit_passengers_min(), function private.limit_passengers_max(), function
--          private.limit_password_min_length(), function private.limit_password_max_length(),
--          function private.limit_location_max_length(), function private.limit_name_max_length(),
--          function private.limit_ride_cancel_reason_max_length(), function
--          private.limit_ride_cost_max_sgd(), function private.limit_no_show_window_days();
--          replaces function admin.reset_member_password(text, text), function
--          private.refuse_closed_conversation(public.rides), function app.join_waitlist(integer,
--          integer, text), function app.cancel_ride(integer, text), function
--          app.join_ride_series(integer, integer, text), function app.ride_messages_json(integer),
--          function app.ride_chat_summary(integer), function app.chat_unread(), function
--          app.mark_no_show(integer, integer, boolean); changes constraint users_name_check on
--          public.users, constraint rides_cost_in_range on public.rides, constraint
--          rides_max_passengers_check on public.rides, constraint
--          rides_organizer_passenger_count_check on public.rides, constraint
--          rides_pickup_location_check on public.rides, constraint
--          ride_passengers_dropoff_location_check on public.ride_passengers, constraint
--          ride_passengers_dropoff_sequence_check on public.ride_passengers, constraint
--          ride_passengers_passenger_count_check on public.ride_passengers, constraint
--          ride_passengers_sort_position_check on public.ride_passengers, constraint
--          ride_waitlist_dropoff_location_check on public.ride_waitlist, constraint
--          ride_waitlist_passenger_count_check on public.ride_waitlist, constraint
--          notifications_reason_check on public.notifications, constraint
--          ride_requests_passenger_count_check on public.ride_requests, constraint
--          ride_requests_area_check on public.ride_requests, constraint
--          ride_request_members_passenger_count_check on public.ride_request_members, constraint
--          ride_request_members_area_check on public.ride_request_members, constraint
--          ride_series_regulars_passenger_count_check on public.ride_series_regulars, constraint
--          ride_series_regulars_dropoff_location_check on public.ride_series_regulars.
-- Rollback: put the literals back: re-add each constraint listed above with its number in place
--           of the private.limit_*() call, restore the functions listed above from the
--           migrations that last replaced them, then drop the private.limit_*() functions.

-- The limits, as supabase/schemas/01_limits.sql (generated from limits.ts) has them, before
-- the checks that call them.

create function private.limit_passengers_min() returns integer
    language sql immutable
    set search_path to ''
as $$select 1$$;

comment on function private.limit_passengers_min() is 'PASSENGERS_MIN in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_passengers_min() from public;
grant all on function private.limit_passengers_min() to authenticated;

create function private.limit_passengers_max() returns integer
    language sql immutable
    set search_path to ''
as $$select 10$$;

comment on function private.limit_passengers_max() is 'PASSENGERS_MAX in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_passengers_max() from public;
grant all on function private.limit_passengers_max() to authenticated;

create function private.limit_password_min_length() returns integer
    language sql immutable
    set search_path to ''
as $$select 8$$;

comment on function private.limit_password_min_length() is 'PASSWORD_MIN_LENGTH in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_password_min_length() from public;
grant all on function private.limit_password_min_length() to authenticated;

create function private.limit_password_max_length() returns integer
    language sql immutable
    set search_path to ''
as $$select 72$$;

comment on function private.limit_password_max_length() is 'PASSWORD_MAX_LENGTH in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_password_max_length() from public;
grant all on function private.limit_password_max_length() to authenticated;

create function private.limit_location_max_length() returns integer
    language sql immutable
    set search_path to ''
as $$select 500$$;

comment on function private.limit_location_max_length() is 'LOCATION_MAX_LENGTH in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_location_max_length() from public;
grant all on function private.limit_location_max_length() to authenticated;

create function private.limit_name_max_length() returns integer
    language sql immutable
    set search_path to ''
as $$select 100$$;

comment on function private.limit_name_max_length() is 'NAME_MAX_LENGTH in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_name_max_length() from public;
grant all on function private.limit_name_max_length() to authenticated;

create function private.limit_ride_cancel_reason_max_length() returns integer
    language sql immutable
    set search_path to ''
as $$select 300$$;

comment on function private.limit_ride_cancel_reason_max_length() is 'RIDE_CANCEL_REASON_MAX_LENGTH in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_ride_cancel_reason_max_length() from public;
grant all on function private.limit_ride_cancel_reason_max_length() to authenticated;

create function private.limit_ride_cost_max_sgd() returns integer
    language sql immutable
    set search_path to ''
as $$select 2000$$;

comment on function private.limit_ride_cost_max_sgd() is 'RIDE_COST_MAX_SGD in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_ride_cost_max_sgd() from public;
grant all on function private.limit_ride_cost_max_sgd() to authenticated;

create function private.limit_no_show_window_days() returns integer
    language sql immutable
    set search_path to ''
as $$select 3$$;

comment on function private.limit_no_show_window_days() is 'NO_SHOW_WINDOW_DAYS in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_no_show_window_days() from public;
grant all on function private.limit_no_show_window_days() to authenticated;

create function private.limit_ride_chat_read_only_days() returns integer
    language sql immutable
    set search_path to ''
as $$select 7$$;

comment on function private.limit_ride_chat_read_only_days() is 'RIDE_CHAT_READ_ONLY_DAYS in supabase/functions/_shared/limits.ts (generated).';

revoke all on function private.limit_ride_chat_read_only_days() from public;
grant all on function private.limit_ride_chat_read_only_days() to authenticated;

alter table "public"."notifications" drop constraint "notifications_reason_check";

alter table "public"."ride_passengers" drop constraint "ride_passengers_dropoff_location_check";

alter table "public"."ride_passengers" drop constraint "ride_passengers_dropoff_sequence_check";

alter table "public"."ride_passengers" drop constraint "ride_passengers_passenger_count_check";

alter table "public"."ride_passengers" drop constraint "ride_passengers_sort_position_check";

alter table "public"."ride_request_members" drop constraint "ride_request_members_area_check";

alter table "public"."ride_request_members" drop constraint "ride_request_members_passenger_count_check";

alter table "public"."ride_requests" drop constraint "ride_requests_area_check";

alter table "public"."ride_requests" drop constraint "ride_requests_passenger_count_check";

alter table "public"."ride_series_regulars" drop constraint "ride_series_regulars_dropoff_location_check";

alter table "public"."ride_series_regulars" drop constraint "ride_series_regulars_passenger_count_check";

alter table "public"."ride_waitlist" drop constraint "ride_waitlist_dropoff_location_check";

alter table "public"."ride_waitlist" drop constraint "ride_waitlist_passenger_count_check";

alter table "public"."rides" drop constraint "rides_cost_in_range";

alter table "public"."rides" drop constraint "rides_max_passengers_check";

alter table "public"."rides" drop constraint "rides_organizer_passenger_count_check";

alter table "public"."rides" drop constraint "rides_pickup_location_check";

alter table "public"."users" drop constraint "users_name_check";

alter table "public"."notifications" add constraint "notifications_reason_check" CHECK ((char_length((params ->> 'reason'::text)) <= private.limit_ride_cancel_reason_max_length())) not valid;

alter table "public"."notifications" validate constraint "notifications_reason_check";

alter table "public"."ride_passengers" add constraint "ride_passengers_dropoff_location_check" CHECK (((char_length(dropoff_location) >= 1) AND (char_length(dropoff_location) <= private.limit_location_max_length()))) not valid;

alter table "public"."ride_passengers" validate constraint "ride_passengers_dropoff_location_check";

alter table "public"."ride_passengers" add constraint "ride_passengers_dropoff_sequence_check" CHECK (((dropoff_sequence >= 1) AND (dropoff_sequence <= private.limit_passengers_max()))) not valid;

alter table "public"."ride_passengers" validate constraint "ride_passengers_dropoff_sequence_check";

alter table "public"."ride_passengers" add constraint "ride_passengers_passenger_count_check" CHECK (((passenger_count >= private.limit_passengers_min()) AND (passenger_count <= private.limit_passengers_max()))) not valid;

alter table "public"."ride_passengers" validate constraint "ride_passengers_passenger_count_check";

alter table "public"."ride_passengers" add constraint "ride_passengers_sort_position_check" CHECK (((sort_position >= 1) AND (sort_position <= private.limit_passengers_max()))) not valid;

alter table "public"."ride_passengers" validate constraint "ride_passengers_sort_position_check";

alter table "public"."ride_request_members" add constraint "ride_request_members_area_check" CHECK (((char_length(area) >= 1) AND (char_length(area) <= private.limit_location_max_length()))) not valid;

alter table "public"."ride_request_members" validate constraint "ride_request_members_area_check";

alter table "public"."ride_request_members" add constraint "ride_request_members_passenger_count_check" CHECK (((passenger_count >= private.limit_passengers_min()) AND (passenger_count <= private.limit_passengers_max()))) not valid;

alter table "public"."ride_request_members" validate constraint "ride_request_members_passenger_count_check";

alter table "public"."ride_requests" add constraint "ride_requests_area_check" CHECK (((char_length(area) >= 1) AND (char_length(area) <= private.limit_location_max_length()))) not valid;

alter table "public"."ride_requests" validate constraint "ride_requests_area_check";

alter table "public"."ride_requests" add constraint "ride_requests_passenger_count_check" CHECK (((passenger_count >= private.limit_passengers_min()) AND (passenger_count <= private.limit_passengers_max()))) not valid;

alter table "public"."ride_requests" validate constraint "ride_requests_passenger_count_check";

alter table "public"."ride_series_regulars" add constraint "ride_series_regulars_dropoff_location_check" CHECK (((char_length(dropoff_location) >= 1) AND (char_length(dropoff_location) <= private.limit_location_max_length()))) not valid;

alter table "public"."ride_series_regulars" validate constraint "ride_series_regulars_dropoff_location_check";

alter table "public"."ride_series_regulars" add constraint "ride_series_regulars_passenger_count_check" CHECK (((passenger_count >= private.limit_passengers_min()) AND (passenger_count <= private.limit_passengers_max()))) not valid;

alter table "public"."ride_series_regulars" validate constraint "ride_series_regulars_passenger_count_check";

alter table "public"."ride_waitlist" add constraint "ride_waitlist_dropoff_location_check" CHECK (((char_length(dropoff_location) >= 1) AND (char_length(dropoff_location) <= private.limit_location_max_length()))) not valid;

alter table "public"."ride_waitlist" validate constraint "ride_waitlist_dropoff_location_check";

alter table "public"."ride_waitlist" add constraint "ride_waitlist_passenger_count_check" CHECK (((passenger_count >= private.limit_passengers_min()) AND (passenger_count <= private.limit_passengers_max()))) not valid;

alter table "public"."ride_waitlist" validate constraint "ride_waitlist_passenger_count_check";

alter table "public"."rides" add constraint "rides_cost_in_range" CHECK ((cost <= (private.limit_ride_cost_max_sgd())::numeric)) not valid;

alter table "public"."rides" validate constraint "rides_cost_in_range";

alter table "public"."rides" add constraint "rides_max_passengers_check" CHECK (((max_passengers >= private.limit_passengers_min()) AND (max_passengers <= private.limit_passengers_max()))) not valid;

alter table "public"."rides" validate constraint "rides_max_passengers_check";

alter table "public"."rides" add constraint "rides_organizer_passenger_count_check" CHECK (((organizer_passenger_count >= private.limit_passengers_min()) AND (organizer_passenger_count <= private.limit_passengers_max()))) not valid;

alter table "public"."rides" validate constraint "rides_organizer_passenger_count_check";

alter table "public"."rides" add constraint "rides_pickup_location_check" CHECK (((char_length(pickup_location) >= 1) AND (char_length(pickup_location) <= private.limit_location_max_length()))) not valid;

alter table "public"."rides" validate constraint "rides_pickup_location_check";

alter table "public"."users" add constraint "users_name_check" CHECK (((char_length(name) >= 1) AND (char_length(name) <= private.limit_name_max_length()))) not valid;

alter table "public"."users" validate constraint "users_name_check";

set check_function_bodies = off;

-- Sets a new password, as the app's admin reset does: every session of the member ends, failed
-- login attempts are forgotten (so the member can log in at once) and open reset requests are
-- closed. Tell the member the new password privately; they can change it under Profile.
--
-- As before (20261122000500_admin_backup_functions.sql), with the reset itself done by
-- private.replace_member_password.
create or replace function admin.reset_member_password(p_discord_username text, p_new_password text) returns text
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
  v_ended integer;
begin
  if p_new_password is null or char_length(p_new_password) < private.limit_password_min_length() then
    raise exception using errcode = 'check_violation',
      message = 'The new password must be at least 8 characters long', hint = 'invalid_value';
  end if;
  -- bcrypt reads only the first 72 bytes; the app refuses longer passwords, and so do we.
  if octet_length(p_new_password) > private.limit_password_max_length() then
    raise exception using errcode = 'check_violation',
      message = 'The new password must be at most 72 bytes (accented letters and emoji count as 2 to 4)',
      hint = 'invalid_value';
  end if;

  v_ended := private.replace_member_password(
    v_user.id, extensions.crypt(p_new_password, extensions.gen_salt('bf', 10)), null
  );
  return format('Password of %s (id %s) reset; %s session(s) ended', v_user.discord_username, v_user.id, v_ended);
end;
$$;

-- The organiser cancels one ride from its page (issue 37): everyone on it is told, with the
-- reason when one is given. Over the same rules as a delete (the organiser only, not once it
-- is past); the reason's limit is the api's schema's too (RIDE_CANCEL_REASON_MAX_LENGTH).
create or replace function app.cancel_ride(p_ride_id integer, p_reason text) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_reason text := nullif(btrim(p_reason), '');
begin
  if v_ride.creator_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to delete this ride',
      hint = 'not_ride_deleter';
  end if;
  if char_length(v_reason) > private.limit_ride_cancel_reason_max_length() then
    raise exception using errcode = 'PT400', message = 'Reason must be at most 300 characters', hint = 'invalid_input';
  end if;
  perform private.refuse_past_change(v_ride, 'ride_delete');
  perform set_config('fc.cancel_reason', coalesce(v_reason, ''), true);
  delete from public.rides where id = v_ride.id;
  -- Only this delete carries the reason, not a later one in the same transaction.
  perform set_config('fc.cancel_reason', '', true);
end;
$$;

-- The caller's unread messages per ride, for My Rides and the bell: the conversations still
-- open (a week after the ride it is a record, no longer news).
create or replace function app.chat_unread() returns json
    language sql stable security definer
    set search_path to ''
as $$
  with mine as (
    select r.id from public.rides r
     where r.creator_id = app.current_user_id()
       and r.date >= now() - make_interval(days => private.limit_ride_chat_read_only_days())
    union
    select r.id from public.rides r
     where r.vendor_id = app.current_user_id()
       and r.date >= now() - make_interval(days => private.limit_ride_chat_read_only_days())
    union
    select p.ride_id from public.ride_passengers p
     where p.user_id = app.current_user_id()
       and p.ride_date >= now() - make_interval(days => private.limit_ride_chat_read_only_days())
  ),
  counts as (
    select mine.id as ride_id, private.ride_chat_unread(mine.id, app.current_user_id()) as unread from mine
  )
  select json_build_object(
    'total', coalesce(sum(unread), 0)::integer,
    'rides', coalesce(json_agg(json_build_object('rideId', ride_id, 'unread', unread) order by ride_id)
                        filter (where unread > 0), '[]'::json)
  )
  from counts
$$;

-- "Every date from now": the caller joins each upcoming date of the series they are not on yet,
-- or its waitlist when their party does not fit, through app.join_ride and app.join_waitlist
-- (every rule of a join holds for each date), and becomes a regular (told of dates added later).
-- Counted once against passengers:changes, and the organiser is told once (private.series_bulk).
-- Answers { joined, waitlisted, alreadyOn }: ride ids, soonest first.
create or replace function app.join_ride_series(p_series_id integer, p_passenger_count integer, p_dropoff_location text) returns json
    language plpgsql security definer
    set search_path to ''
    set fc.series_bulk to 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
  v_ride public.rides;
  v_joined integer[] := '{}';
  v_waitlisted integer[] := '{}';
  v_already integer[] := '{}';
  v_first public.rides;
begin
  if v_series.creator_id = v_uid then
    raise exception using errcode = 'PT409', message = 'You cannot join your own weekly ride', hint = 'own_series';
  end if;
  if v_series.ended_at is not null then
    raise exception using errcode = 'PT409', message = 'This weekly ride has ended', hint = 'series_ended';
  end if;
  -- Said once for the whole series, as app.join_ride would say it for each date.
  if private.has_blocked(v_series.creator_id, v_uid) then
    raise exception using errcode = 'PT403', message = 'You cannot join this ride', hint = 'join_not_allowed';
  end if;
  if p_passenger_count is null or p_passenger_count < private.limit_passengers_min()
     or p_passenger_count > private.limit_passengers_max() then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger', hint = 'invalid_input';
  end if;
  if p_dropoff_location is null or btrim(p_dropoff_location) = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required', hint = 'invalid_input';
  end if;

  perform private.take_throttle('passengers:changes', v_uid::text,
    'Too many joins and leaves. Please try again in %s.');

  for v_ride in
    select * from public.rides
     where series_id = v_series.id and date > now() and hidden_at is null and status <> 'completed'
     order by date, id
     for update
  loop
    if v_ride.vendor_id = v_uid
       or exists (select 1 from public.ride_passengers where ride_id = v_ride.id and user_id = v_uid)
       or exists (select 1 from public.ride_waitlist where ride_id = v_ride.id and user_id = v_uid) then
      v_already := v_already || v_ride.id;
    elsif v_ride.max_passengers - v_ride.current_passengers >= p_passenger_count then
      perform app.join_ride(v_ride.id, p_passenger_count, p_dropoff_location);
      v_joined := v_joined || v_ride.id;
      if v_first.id is null then
        v_first := v_ride;
      end if;
    else
      perform app.join_waitlist(v_ride.id, p_passenger_count, p_dropoff_location);
      v_waitlisted := v_waitlisted || v_ride.id;
    end if;
  end loop;

  insert into public.ride_series_regulars (series_id, user_id, passenger_count, dropoff_location)
  values (v_series.id, v_uid, p_passenger_count, btrim(p_dropoff_location))
  on conflict (series_id, user_id) do update
    set passenger_count = excluded.passenger_count, dropoff_location = excluded.dropoff_location;

  if v_first.id is not null then
    perform private.notify(v_series.creator_id, v_first.id, 'passenger_joined',
      private.ride_event_params(v_first) || jsonb_build_object(
        'name', private.member_display_name(v_uid),
        'passengerCount', p_passenger_count,
        'seriesId', v_series.id,
        'dates', cardinality(v_joined)));
  end if;

  return json_build_object('joined', to_json(v_joined), 'waitlisted', to_json(v_waitlisted),
                           'alreadyOn', to_json(v_already));
end;
$$;

-- Queues the caller's party for a ride it does not fit; returns the place in the queue (1 is
-- next). The refusals are app.join_ride's, in its words, plus the waitlist's own.
create or replace function app.join_waitlist(p_ride_id integer, p_passenger_count integer, p_dropoff_location text) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_location text := btrim(p_dropoff_location);
  v_remaining integer;
  v_entry public.ride_waitlist;
begin
  perform private.refuse_join(v_ride, v_uid);
  if exists (
    select 1 from public.ride_waitlist where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT409', message = 'You are already on the waitlist for this ride',
      hint = 'already_waitlisted';
  end if;

  if p_passenger_count is null or p_passenger_count < private.limit_passengers_min() then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger', hint = 'invalid_input';
  end if;
  if v_location is null or v_location = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required', hint = 'invalid_input';
  end if;

  -- The organiser takes at least one of the ride's ten seats at most: a party of ten would wait
  -- forever.
  if p_passenger_count > private.limit_passengers_max() - 1 then
    raise exception using errcode = 'PT409', message = 'A ride has at most 9 seats besides the organizer',
      hint = 'seats_limit';
  end if;
  v_remaining := v_ride.max_passengers - v_ride.current_passengers;
  if p_passenger_count <= v_remaining then
    if v_remaining = 1 then
      raise exception using errcode = 'PT409', message = 'This ride still has 1 spot: join the ride instead',
        hint = 'waitlist_one_spot_free';
    end if;
    raise exception using errcode = 'PT409',
      message = format('This ride still has %s spots: join the ride instead', v_remaining), hint = 'waitlist_spots_free';
  end if;

  -- A series function counts all its dates once itself.
  if not private.series_bulk() then
    perform private.take_throttle('passengers:changes', v_uid::text,
      'Too many joins and leaves. Please try again in %s.');
  end if;

  insert into public.ride_waitlist (ride_id, user_id, passenger_count, dropoff_location)
  values (p_ride_id, v_uid, p_passenger_count, v_location)
  returning * into v_entry;

  return (
    select count(*)::integer from public.ride_waitlist w
     where w.ride_id = p_ride_id and (w.created_at, w.id) <= (v_entry.created_at, v_entry.id)
  );
end;
$$;

-- The organiser marks (p_no_show) or unmarks a passenger of their ride as a no-show: once the
-- ride has left, and for three days.
create or replace function app.mark_no_show(p_ride_id integer, p_passenger_id integer, p_no_show boolean) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger public.ride_passengers;
begin
  if v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organizer can mark a no-show',
      hint = 'no_show_organizer_only';
  end if;
  v_passenger := private.lock_ride_passenger(p_ride_id, p_passenger_id);
  if v_ride.date > now() then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only once the ride has left',
      hint = 'no_show_too_early';
  end if;
  if v_ride.date < now() - make_interval(days => private.limit_no_show_window_days()) then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only within 3 days of the ride',
      hint = 'no_show_window_over';
  end if;
  if p_no_show then
    insert into public.ride_no_shows (ride_id, user_id) values (v_ride.id, v_passenger.user_id)
    on conflict do nothing;
  else
    delete from public.ride_no_shows where ride_id = v_ride.id and user_id = v_passenger.user_id;
  end if;
end;
$$;

-- What the ride page shows before the chat opens: the unread count on the tab and the pinned
-- announcement on the details.
create or replace function app.ride_chat_summary(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  return json_build_object(
    'rideId', v_ride.id,
    'unread', private.ride_chat_unread(v_ride.id, v_uid),
    'readOnly', v_ride.date < now() - make_interval(days => private.limit_ride_chat_read_only_days()),
    'pinned', (
      select private.ride_message_json(m, v_uid) from public.ride_messages m
       where m.ride_id = v_ride.id and m.pinned_at is not null and m.hidden_at is null
         and not private.has_blocked(v_uid, m.author_id))
  );
end;
$$;

-- The conversation: the last 200 messages, oldest first, and the pinned one (which may be older),
-- without the messages of members the reader blocked, nor the system lines about them
-- (15_member_blocks.sql).
create or replace function app.ride_messages_json(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  return json_build_object(
    'rideId', v_ride.id,
    'readOnly', v_ride.date < now() - make_interval(days => private.limit_ride_chat_read_only_days()),
    'pinned', (
      select private.ride_message_json(m, v_uid) from public.ride_messages m
       where m.ride_id = v_ride.id and m.pinned_at is not null and m.hidden_at is null
         and not private.has_blocked(v_uid, m.author_id)),
    'messages', coalesce((
      select json_agg(private.ride_message_json(last, v_uid) order by last.id)
        from (
          select * from public.ride_messages m
           where m.ride_id = v_ride.id and m.hidden_at is null and not private.has_blocked(v_uid, m.author_id)
             and not private.has_blocked(v_uid, m.subject_id)
           order by m.id desc limit 200
        ) last
    ), '[]'::json)
  );
end;
$$;

-- A week after the ride its conversation is a record: read, not written.
create or replace function private.refuse_closed_conversation(p_ride public.rides) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  if p_ride.date < now() - make_interval(days => private.limit_ride_chat_read_only_days()) then
    raise exception using errcode = 'PT409',
      message = 'This chat is read-only: the ride was more than a week ago', hint = 'ride_chat_read_only';
  end if;
end;
$$;

reset check_function_bodies;
