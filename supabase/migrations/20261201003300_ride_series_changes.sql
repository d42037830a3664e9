-- Migration: weekly series (issue 27), the second part: leave the rest, change the rest, cancel
-- the rest, end
-- Purpose: a regular leaves a date and every later one (app.leave_ride_series); the organiser
--          changes a date and every later one, each keeping its own day (app.update_ride_series_from),
--          cancels a date and every later one (app.cancel_ride_series_from), or ends the series
--          (app.end_ride_series). Each member is told once, not once per date: the per-date
--          triggers stay quiet while a series function runs (private.series_bulk) and the
--          function writes one notification per member, of the same kinds ('ride_changed',
--          'ride_deleted', 'passenger_left') with the count of dates in its params. A deleted
--          organiser's series are cancelled the same way.
-- Affects: new functions app.leave_ride_series, app.update_ride_series_from,
--          app.cancel_ride_series_from, app.end_ride_series, private.cancel_series_dates; create
--          or replace (same signatures) of private.ride_edits_throttle,
--          private.rides_notify_changes, private.rides_notify_deleted, private.delete_member.
-- Rollback: drop the new functions; restore the replaced ones from the newest earlier
--           migrations that defined them (20261201003100_ride_series.sql for delete_member).

-- Cancels (deletes) the upcoming dates of a series from p_from on, as an organiser's delete of
-- each would, but each member on them (the organiser, when someone else acts; the passengers)
-- is told once: one 'ride_deleted' about the first of their dates, saying how many. A date the
-- admin hid stays as it is. Returns how many dates went. The caller holds the series' lock.
create function private.cancel_series_dates(p_series_id integer, p_from timestamp with time zone) returns integer
    language plpgsql
    set search_path to ''
    set fc.series_bulk to 'on'
as $$
declare
  v_ids integer[];
  v_member record;
begin
  select coalesce(array_agg(id order by date, id), '{}') into v_ids
    from (
      select id, date from public.rides
       where series_id = p_series_id and date >= p_from and date > now() and hidden_at is null
       for update
    ) r;
  if cardinality(v_ids) = 0 then
    return 0;
  end if;

  for v_member in
    select m.user_id, count(*)::integer as dates, (array_agg(m.ride_id order by m.date, m.ride_id))[1] as first_ride
      from (
        select r.creator_id as user_id, r.id as ride_id, r.date from public.rides r where r.id = any (v_ids)
        union all
        select p.user_id, r.id, r.date
          from public.ride_passengers p join public.rides r on r.id = p.ride_id
         where r.id = any (v_ids)
      ) m
     where exists (select 1 from public.users u where u.id = m.user_id)
     group by m.user_id
     order by m.user_id
  loop
    perform private.notify(v_member.user_id, null, 'ride_deleted',
      (select private.ride_event_params(r) from public.rides r where r.id = v_member.first_ride)
        || jsonb_build_object('seriesId', p_series_id, 'dates', v_member.dates));
  end loop;

  delete from public.rides where id = any (v_ids);
  return cardinality(v_ids);
end;
$$;

revoke all on function private.cancel_series_dates(p_series_id integer, p_from timestamp with time zone) from public;

-- "Cancel this and every later date" (DELETE /api/rides/{id}?applyTo=following): the
-- organiser's date p_ride_id and every later one of its series go, each member told once
-- (private.cancel_series_dates). Returns how many dates were cancelled.
create function app.cancel_ride_series_from(p_ride_id integer) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.creator_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to delete this ride',
      hint = 'not_ride_deleter';
  end if;
  if v_ride.series_id is null then
    raise exception using errcode = 'PT400', message = 'This ride is not part of a weekly ride', hint = 'not_in_series';
  end if;
  perform private.refuse_past_change(v_ride, 'ride_delete');
  perform private.lock_ride_series(v_ride.series_id);
  return private.cancel_series_dates(v_ride.series_id, v_ride.date);
end;
$$;

revoke all on function app.cancel_ride_series_from(p_ride_id integer) from public;
grant all on function app.cancel_ride_series_from(p_ride_id integer) to authenticated;

-- The organiser ends the series: every upcoming date is cancelled (each member told once), and
-- it is offered to nobody any more. Ending it again changes nothing. Returns how many dates
-- were cancelled.
create function app.end_ride_series(p_series_id integer) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
begin
  if v_series.creator_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organiser can change this weekly ride',
      hint = 'not_series_organiser';
  end if;
  update public.ride_series set ended_at = coalesce(ended_at, now()) where id = v_series.id;
  return private.cancel_series_dates(v_series.id, now());
end;
$$;

revoke all on function app.end_ride_series(p_series_id integer) from public;
grant all on function app.end_ride_series(p_series_id integer) to authenticated;

-- "Leave this and every later date": the caller leaves p_from_ride_id and every later date of the
-- series they are on or wait for (app.remove_ride_passenger for a seat, so every rule of a leave
-- holds and the freed seat goes to the waitlist), and is no longer a regular. Counted once
-- against passengers:changes, and the organiser told once. Answers { left }: ride ids.
create function app.leave_ride_series(p_series_id integer, p_from_ride_id integer) returns json
    language plpgsql security definer
    set search_path to ''
    set fc.series_bulk to 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
  v_from public.rides;
  v_ride public.rides;
  v_seat public.ride_passengers;
  v_left integer[] := '{}';
  v_seats integer := 0;
  v_first public.rides;
  v_party integer;
begin
  select * into v_from from public.rides where id = p_from_ride_id and series_id = v_series.id;
  if not found then
    raise exception using errcode = 'PT404', message = 'That ride is not a date of this weekly ride',
      hint = 'series_ride_not_found';
  end if;

  for v_ride in
    select * from public.rides
     where series_id = v_series.id and date >= v_from.date and date > now() and hidden_at is null
     order by date, id
     for update
  loop
    select * into v_seat from public.ride_passengers where ride_id = v_ride.id and user_id = v_uid;
    if found then
      perform app.remove_ride_passenger(v_ride.id, v_seat.id);
      v_left := v_left || v_ride.id;
      v_seats := v_seats + 1;
      if v_first.id is null then
        v_first := v_ride;
        v_party := v_seat.passenger_count;
      end if;
    else
      delete from public.ride_waitlist where ride_id = v_ride.id and user_id = v_uid;
      if found then
        v_left := v_left || v_ride.id;
      end if;
    end if;
  end loop;

  delete from public.ride_series_regulars where series_id = v_series.id and user_id = v_uid;

  -- A leave is counted, never refused (private.ride_passengers_throttle).
  if cardinality(v_left) > 0 then
    insert into private.throttle_events (limit_name, subject) values ('passengers:changes', v_uid::text);
  end if;
  if v_first.id is not null then
    perform private.notify(v_series.creator_id, v_first.id, 'passenger_left',
      private.ride_event_params(v_first) || jsonb_build_object(
        'name', private.member_display_name(v_uid),
        'passengerCount', v_party,
        'seriesId', v_series.id,
        'dates', v_seats));
  end if;
  return json_build_object('left', to_json(v_left));
end;
$$;

revoke all on function app.leave_ride_series(p_series_id integer, p_from_ride_id integer) from public;
grant all on function app.leave_ride_series(p_series_id integer, p_from_ride_id integer) to authenticated;

-- "Change this and every later date" (PATCH /api/rides/{id} with applyTo 'following'): the
-- organiser's date p_ride_id and every later upcoming one of its series take the given fields;
-- each keeps its own day and takes p_date's Singapore time of day (p_date must be on the edited
-- date's own day). A cost left out stays, unless the booked driver changes: then it is the new
-- one's price (as routes/rides.ts for one date). Each member of the changed dates is told once,
-- for all of them; counted once against rides:edits. Returns how many dates changed.
create function app.update_ride_series_from(p_ride_id integer, p_direction public.ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organizer_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric) returns integer
    language plpgsql security definer
    set search_path to ''
    set fc.series_bulk to 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_time time without time zone := (p_date at time zone 'Asia/Singapore')::time;
  v_price numeric;
  v_before jsonb;
  v_changed text[] := array[]::text[];
  v_count integer;
  v_member record;
  v_first public.rides;
  v_extra jsonb;
begin
  if v_ride.creator_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to edit this ride', hint = 'not_ride_editor';
  end if;
  if v_ride.series_id is null then
    raise exception using errcode = 'PT400', message = 'This ride is not part of a weekly ride', hint = 'not_in_series';
  end if;
  perform private.refuse_past_change(v_ride, 'ride_update');
  if p_date is null or (p_date at time zone 'Asia/Singapore')::date <> (v_ride.date at time zone 'Asia/Singapore')::date then
    raise exception using errcode = 'PT400',
      message = 'Changing this and every later date keeps each on its own day: change the time only, or one date at a time',
      hint = 'series_day_change';
  end if;
  perform private.lock_ride_series(v_ride.series_id);

  -- The dates to change, locked, with what the members knew of each.
  select jsonb_object_agg(r.id::text, jsonb_build_object('date', private.ride_event_params(r) -> 'date'))
    into v_before
    from (
      select * from public.rides
       where series_id = v_ride.series_id and date >= v_ride.date and date > now() and hidden_at is null
       order by date, id
       for update
    ) r;
  if exists (
    select 1 from public.rides r
     where r.id in (select jsonb_object_keys(v_before)::integer)
       and r.current_passengers - r.organizer_passenger_count + p_organizer_passenger_count > p_max_passengers
  ) then
    raise exception using errcode = 'PT409', message = 'A later date already has more passengers than that',
      hint = 'series_seats_taken';
  end if;
  perform private.take_throttle('rides:edits', v_uid::text, 'Too many ride edits. Please try again in %s.');

  select d.base_price_sgd into v_price from public.driver_contacts d where d.id = p_driver_contact_id and d.is_active;
  update public.rides r
     set direction = p_direction,
         date = ((r.date at time zone 'Asia/Singapore')::date + v_time) at time zone 'Asia/Singapore',
         max_passengers = p_max_passengers,
         organizer_passenger_count = p_organizer_passenger_count,
         pickup_location = p_pickup_location,
         dropoff_locations = p_dropoff_locations,
         driver_contact_id = p_driver_contact_id,
         cost = coalesce(p_cost, case when r.driver_contact_id is distinct from p_driver_contact_id then v_price end, r.cost)
   where r.id in (select jsonb_object_keys(v_before)::integer);
  get diagnostics v_count = row_count;
  update public.ride_series set local_time = v_time, direction = p_direction where id = v_ride.series_id;

  -- What changed, as private.rides_notify_changes words it for one date.
  if v_time <> (v_ride.date at time zone 'Asia/Singapore')::time then
    v_changed := array_append(v_changed, 'date');
  end if;
  if p_pickup_location is distinct from v_ride.pickup_location then
    v_changed := array_append(v_changed, 'pickup');
  end if;
  if private.stop_names(v_ride.dropoff_locations) is distinct from private.stop_names(p_dropoff_locations) then
    v_changed := array_append(v_changed, 'stops');
  end if;
  if cardinality(v_changed) = 0 then
    return v_count;
  end if;

  -- One notification per member, about the first changed date they are on.
  for v_member in
    select p.user_id, count(*)::integer as dates,
           (array_agg(p.ride_id order by r.date, r.id))[1] as first_ride
      from public.ride_passengers p join public.rides r on r.id = p.ride_id
     where p.ride_id in (select jsonb_object_keys(v_before)::integer)
     group by p.user_id
     order by p.user_id
  loop
    select * into v_first from public.rides where id = v_member.first_ride;
    v_extra := jsonb_build_object('changed', to_jsonb(v_changed), 'seriesId', v_ride.series_id,
                                  'dates', v_member.dates);
    if 'date' = any (v_changed) then
      v_extra := v_extra || jsonb_build_object('previousDate', v_before -> v_first.id::text -> 'date');
    end if;
    if 'pickup' = any (v_changed) then
      v_extra := v_extra || jsonb_strip_nulls(jsonb_build_object(
        'previousPickup', left(v_ride.pickup_location, 200), 'pickup', left(p_pickup_location, 200)));
    end if;
    perform private.notify(v_member.user_id, v_first.id, 'ride_changed',
      private.ride_event_params(v_first) || v_extra);
  end loop;
  return v_count;
end;
$$;

revoke all on function app.update_ride_series_from(p_ride_id integer, p_direction public.ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organizer_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric) from public;
grant all on function app.update_ride_series_from(p_ride_id integer, p_direction public.ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organizer_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric) to authenticated;

create or replace function private.ride_edits_throttle() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  -- A change of a series' later dates is counted once by its function (private.series_bulk).
  if v_uid is not null and v_uid = new.creator_id and pg_trigger_depth() = 1 and not private.series_bulk() then
    perform private.take_throttle('rides:edits', v_uid::text,
      'Too many ride edits. Please try again in %s.');
  end if;
  return new;
end;
$$;

-- Changes the riders must know about. The trigger's when clause keeps the passenger-count
-- touches (ride_passengers_touch_ride) from running it at all.
--
-- As in 20261201000200_notification_events.sql, plus what the date and the pickup were.
create or replace function private.rides_notify_changes() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_params jsonb := private.ride_event_params(new);
  v_changed text[] := array[]::text[];
  v_before jsonb := '{}'::jsonb;
  v_vendor_name text;
  -- The organiser and the passengers, read once for every event below.
  v_riders integer[] := array(
    select new.creator_id
    union
    select p.user_id from public.ride_passengers p where p.ride_id = new.id
  );
  v_recipient integer;
begin
  -- A change of a series' later dates: its function tells each member once for all of them.
  if private.series_bulk() then
    return null;
  end if;
  if old.date is distinct from new.date then
    v_changed := array_append(v_changed, 'date');
    v_before := v_before || jsonb_build_object('previousDate', private.ride_event_params(old) -> 'date');
  end if;
  if old.pickup_location is distinct from new.pickup_location then
    v_changed := array_append(v_changed, 'pickup');
    -- Long addresses are cut: the whole event must stay within the row's 4,000 bytes.
    v_before := v_before || jsonb_strip_nulls(jsonb_build_object(
      'previousPickup', left(old.pickup_location, 200),
      'pickup', left(new.pickup_location, 200)
    ));
  end if;
  if private.stop_names(old.dropoff_locations) is distinct from private.stop_names(new.dropoff_locations) then
    v_changed := array_append(v_changed, 'stops');
  end if;

  if cardinality(v_changed) > 0 then
    foreach v_recipient in array v_riders loop
      perform private.notify(v_recipient, new.id, 'ride_changed',
        v_params || v_before || jsonb_build_object('changed', to_jsonb(v_changed)));
    end loop;
  end if;

  if old.vendor_id is distinct from new.vendor_id then
    v_vendor_name := private.vendor_display_name(new.vendor_id);
    foreach v_recipient in array v_riders loop
      if new.vendor_id is not null then
        perform private.notify(v_recipient, new.id, 'vendor_assigned',
          v_params || jsonb_build_object('vendorName', v_vendor_name));
      else
        perform private.notify(v_recipient, new.id, 'vendor_released', v_params);
      end if;
    end loop;
  end if;

  -- Only FC->SG rides have an ordered drop-off list (SPEC, private.lock_ride_for_sequence).
  if new.direction = 'FC->SG' and not old.sequence_locked and new.sequence_locked then
    for v_recipient in select p.user_id from public.ride_passengers p where p.ride_id = new.id loop
      perform private.notify(v_recipient, new.id, 'sequence_locked', v_params);
    end loop;
  end if;
  return null;
end;
$$;

-- Before the row goes, while its passengers are still there to be found (the cascade removes
-- them after the ride row). rides_keep_history, earlier by name, has refused a past ride by now.
create or replace function private.rides_notify_deleted() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_recipient integer;
begin
  -- A series' dates cancelled together: its function tells each member once for all of them.
  if private.series_bulk() then
    return old;
  end if;
  for v_recipient in
    select u.id from public.users u
     where u.id = old.creator_id
        or u.id in (select p.user_id from public.ride_passengers p where p.ride_id = old.id)
  loop
    perform private.notify(v_recipient, null, 'ride_deleted', private.ride_event_params(old));
  end loop;
  return old;
end;
$$;

-- The member deletes their account, in the transaction of their own request (the api has
-- checked their password; p_user_id must be the caller, so every trigger reads them as the one
-- acting, as when they leave a ride themselves). In order:
--   1. their weekly series end and the upcoming rides still theirs are cancelled (deleted: the
--      passengers are told, as when an organiser deletes a ride); a ride a passenger accepted to
--      take over is that passenger's already (59_ride_handovers.sql), and the offers they made or
--      were made and not yet accepted go;
--   2. upcoming rides they drive as a vendor are released (the riders are told);
--   3. they leave the upcoming rides, waitlists, weekly series and ride requests they joined (the
--      organisers are told, as when they leave themselves), and their own ride requests go;
--   4. moderation keeps its rows, without them: the notes of the reports they made and of those
--      about them or their rides are erased (the reports stay, by "a former member"), their
--      suspension goes, the log's copy of their hidden messages' words goes, and wherever else
--      a report's note, a suspension's or the log's reason names them, it reads "a former
--      member" (the log stays append-only for the api's roles; this runs as the owner);
--      what is theirs alone goes: messages, alerts, follows, notifications, push devices, sessions, known
--      devices, password and reset codes, vendor application, the failed logins and counted
--      actions keyed by their name or id;
--   5. other members' notifications and the ride chats' system lines that named them name "a
--      former member" instead;
--   6. their row becomes a former member's: no username, name, numbers or details.
-- Past rides stay as they were, the member in them as a former member. Returns what was done.
create or replace function private.delete_member(p_user_id integer) returns jsonb
    language plpgsql
    set search_path to ''
as $$
declare
  v_user public.users;
  v_names text[];
  v_words text[];
  v_ride integer;
  v_cancelled integer := 0;
  v_released integer := 0;
  v_left integer := 0;
begin
  if p_user_id is distinct from app.current_user_id() then
    raise exception using errcode = 'PT403', message = 'You can only delete your own account',
      hint = 'own_account_only';
  end if;
  if app.is_admin() then
    raise exception using errcode = 'PT403', message = 'The admin account cannot be deleted',
      hint = 'admin_account_stays';
  end if;
  select * into v_user from public.users where id = p_user_id and erased_at is null for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = format('No member with id %s', p_user_id),
      hint = 'user_not_found';
  end if;
  -- Every way the app has written their name into someone else's row.
  v_names := array_remove(array[
    private.member_display_name(p_user_id), private.vendor_display_name(p_user_id),
    v_user.discord_username, v_user.name, v_user.company_name
  ], null);

  -- Before anything of theirs goes (their rides take their conversations with them): the log's
  -- copy of the words of their messages the admin hid (4.).
  update public.moderation_log set detail = detail - 'body'
   where target_kind = 'ride_message'
     and target_id in (select id from public.ride_messages where author_id = p_user_id);

  -- 1. Their weekly series end with them (issue 27), each member of one told once.
  update public.ride_series set ended_at = now() where creator_id = p_user_id and ended_at is null;
  delete from public.ride_handovers where offered_by = p_user_id or offered_to = p_user_id;
  for v_ride in select id from public.ride_series where creator_id = p_user_id order by id loop
    v_cancelled := v_cancelled + private.cancel_series_dates(v_ride, now());
  end loop;
  for v_ride in
    select id from public.rides where creator_id = p_user_id and date > now() order by id for update
  loop
    delete from public.rides where id = v_ride;
    v_cancelled := v_cancelled + 1;
  end loop;

  -- 2.
  for v_ride in
    select id from public.rides
     where vendor_id = p_user_id and status = 'assigned' and date > now() order by id
  loop
    perform app.release_ride(v_ride);
    v_released := v_released + 1;
  end loop;

  -- 3.
  for v_ride in
    select p.ride_id from public.ride_passengers p join public.rides r on r.id = p.ride_id
     where p.user_id = p_user_id and r.date > now() order by p.ride_id
  loop
    perform app.remove_ride_passenger(v_ride,
      (select p.id from public.ride_passengers p where p.ride_id = v_ride and p.user_id = p_user_id));
    v_left := v_left + 1;
  end loop;
  delete from public.ride_waitlist where user_id = p_user_id;
  delete from public.ride_series_regulars where user_id = p_user_id;
  delete from public.ride_request_members where user_id = p_user_id;
  delete from public.ride_requests where requester_id = p_user_id;

  -- 4. Free text others wrote may hold any of their names or numbers (the numbers also without
  -- the country code, as people write them).
  v_words := v_names || array_remove(array[
    v_user.whatsapp_number, v_user.malaysian_number, v_user.revolut_username,
    regexp_replace(v_user.whatsapp_number, '^\+(65|60)', ''), regexp_replace(v_user.malaysian_number, '^\+(65|60)', '')
  ], null);
  update public.reports set note = null
   where note is not null
     and (reporter_id = p_user_id or member_id = p_user_id
          or ride_id in (select id from public.rides where creator_id = p_user_id));
  update public.reports set note = left(private.without_names(note, v_words), 500)
   where note is distinct from private.without_names(note, v_words);
  delete from public.member_suspensions where user_id = p_user_id;
  update public.member_suspensions set reason = left(private.without_names(reason, v_words), 500)
   where reason <> private.without_names(reason, v_words);
  update public.moderation_log l
     set reason = left(private.without_names(l.reason, v_words), 500),
         detail = (select coalesce(jsonb_object_agg(e.key, case when jsonb_typeof(e.value) = 'string'
                                     then to_jsonb(private.without_names(e.value #>> '{}', v_words))
                                     else e.value end), '{}'::jsonb)
                     from jsonb_each(l.detail) e)
   where l.reason <> private.without_names(l.reason, v_words)
      or exists (select 1 from jsonb_each_text(l.detail) e
                  where e.value <> private.without_names(e.value, v_words));

  delete from public.ride_messages where author_id = p_user_id;
  delete from public.ride_alerts where user_id = p_user_id;
  delete from public.organiser_follows where follower_id = p_user_id or organiser_id = p_user_id;
  delete from private.ride_alert_deliveries where user_id = p_user_id;
  delete from public.notifications where user_id = p_user_id;
  delete from public.push_subscriptions where user_id = p_user_id;
  delete from private.login_failures
   where throttle_key in (private.member_throttle_key('login', v_user.discord_username),
                          private.member_throttle_key('reset-code', v_user.discord_username))
      or device in (select token_hash from private.login_devices where user_id = p_user_id);
  delete from private.sessions where user_id = p_user_id;
  delete from private.login_devices where user_id = p_user_id;
  delete from private.password_reset_codes where user_id = p_user_id;
  delete from public.password_reset_requests where user_id = p_user_id;
  delete from private.credentials where user_id = p_user_id;
  delete from public.vendor_applications where user_id = p_user_id;
  delete from public.policy_acceptances where user_id = p_user_id;
  delete from private.throttle_events where subject = p_user_id::text;
  -- Their blocks, made and received (issue 26 §1): nobody can meet a former member again.
  delete from public.member_blocks where blocker_id = p_user_id or blocked_id = p_user_id;

  -- 5. Only the values that are one of their names, not text that happens to contain one.
  update public.notifications n
     set params = (
       select jsonb_object_agg(e.key, case when e.value #>> '{}' = any (v_names)
                                            then to_jsonb('a former member'::text) else e.value end)
         from jsonb_each(n.params) e)
   where exists (select 1 from jsonb_each(n.params) e
                  where jsonb_typeof(e.value) = 'string' and e.value #>> '{}' = any (v_names));
  -- The ride chats' system lines that named them (joined, left, ...) name "a former member"
  -- too; how far they had read goes with them.
  update public.ride_messages m
     set system_params = m.system_params || jsonb_build_object('name', 'a former member'),
         body = left(replace(m.body, m.system_params ->> 'name', 'a former member'), 1000)
   where m.system_kind is not null and m.system_params ->> 'name' = any (v_names);
  delete from private.ride_chat_reads where user_id = p_user_id;

  -- 6.
  update public.users
     set erased_at = now(), discord_username = null, name = 'a former member', whatsapp_number = null,
         malaysian_number = null, revolut_username = null, company_name = null, driver_details = null,
         is_vendor = false, language = null
   where id = p_user_id;

  return jsonb_build_object('ridesCancelled', v_cancelled, 'ridesReleased', v_released, 'ridesLeft', v_left);
end;
$$;
