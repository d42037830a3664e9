-- Migration: every refusal names its code; one helper per rule (issue 23 §2)
-- Purpose: - Every `raise exception` of ours now says which refusal it is in the error's HINT: a
--            key of REFUSALS (supabase/functions/_shared/refusals.ts), or 'invalid_input' for a
--            field check the api's schemas make too. The api reads that code; it no longer looks
--            the English text up, so a reworded message keeps its code. Statuses (the PTxxx
--            SQLSTATEs) and texts are unchanged. A refusal with two texts ("Only 1 spot
--            remaining" / "Only 3 spots remaining") is now two raises, one code each.
--          - A throttle's wait in seconds moves from the HINT to the DETAIL (the api's
--            Retry-After); private.refuse_throttled is the one windowed-limit refusal, its code
--            named by the limit.
--          - One private helper per rule: private.refuse_ride_change (who may change a ride: its
--            organiser; the drop-off order, removing a passenger, payments, releasing the
--            vendor), private.refuse_past_change (what a past ride keeps, and who may still
--            correct it), beside private.refuse_join (who may take a seat). The functions and
--            triggers that held copies of those checks call them. private.lock_drop_off_order
--            is the opening the drop-off steps shared; private.open_throttle the opening of
--            take_throttle, take_brake and take_throttle_room; app.save_push_subscription asks
--            private.require_user for its caller.
-- Affects: functions only (create or replace; no signature changes, so grants stay). Generated
--          from supabase/schemas/ (the bodies are the schema files' to the letter).
-- Rollback: re-create the functions from 20261201001800's state of supabase/schemas/ and drop
--          the five new private helpers.

create or replace function private.open_throttle(p_limit text, p_subject text)
    returns table (o_max_count integer, o_window_seconds integer, o_taken integer, o_last timestamp with time zone)
    language plpgsql
    set search_path to ''
as $$
declare
  v_limit private.throttle_limits;
begin
  select * into v_limit from private.throttle_limits where name = p_limit;
  if not found or v_limit.window_seconds is null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || p_limit || ':' || p_subject, 0));
  return query
    select v_limit.max_count, v_limit.window_seconds, count(*)::integer, max(e.happened_at)
      from private.throttle_events e
     where e.limit_name = p_limit and e.subject = p_subject
       and e.happened_at > now() - make_interval(secs => v_limit.window_seconds);
end;
$$;

revoke all on function private.open_throttle(p_limit text, p_subject text) from public;

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
    end;
end;
$$;

revoke all on function private.refuse_throttled(p_limit text, p_message text, p_retry integer) from public;

create or replace function private.lock_drop_off_order(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  perform private.refuse_ride_change(v_ride, v_uid, 'sequence');
  if v_ride.direction <> 'FC->SG' then
    raise exception using errcode = 'PT409',
      message = 'A drop-off sequence applies only to Forest City to Singapore rides', hint = 'sequence_fc_to_sg_only';
  end if;
  return v_ride;
end;
$$;

revoke all on function private.lock_drop_off_order(p_ride_id integer) from public;

create or replace function private.refuse_past_change(p_ride public.rides, p_change text) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  if p_ride.date > now() or app.current_user_id() is null then
    return;
  end if;
  if app.is_admin() and p_change not in ('join', 'sequence_unlock', 'vendor_assign', 'vendor_release') then
    return;
  end if;
  case p_change
    when 'ride_update' then
      raise exception using errcode = 'PT409',
        message = 'This ride is in the past and can no longer be changed: it is the record of the trip',
        hint = 'past_ride_unchangeable';
    when 'ride_delete' then
      raise exception using errcode = 'PT409',
        message = 'This ride is in the past and can no longer be deleted: it is the record of the trip',
        hint = 'past_ride_undeletable';
    when 'join', 'passenger_insert' then
      raise exception using errcode = 'PT409', message = 'This ride is in the past and cannot be joined',
        hint = 'past_ride_unjoinable';
    when 'passenger_delete' then
      raise exception using errcode = 'PT409', message = 'Passengers cannot be removed from a past ride',
        hint = 'past_ride_passengers_stay';
    when 'passenger_update' then
      raise exception using errcode = 'PT409',
        message = 'The passengers of a past ride can no longer be changed: they are the record of the trip',
        hint = 'past_ride_passengers_unchangeable';
    when 'sequence' then
      raise exception using errcode = 'PT409', message = 'The drop-off sequence of a past ride cannot be changed',
        hint = 'past_sequence_change';
    when 'sequence_unlock' then
      raise exception using errcode = 'PT409', message = 'The drop-off sequence of a past ride cannot be unlocked',
        hint = 'past_sequence_unlock';
    when 'vendor_assign' then
      raise exception using errcode = 'PT409', message = 'This ride is in the past', hint = 'ride_in_past';
    when 'vendor_release' then
      raise exception using errcode = 'PT409', message = 'This ride is in the past: its vendor stays on record',
        hint = 'past_ride_vendor_stays';
  end case;
end;
$$;

revoke all on function private.refuse_past_change(p_ride public.rides, p_change text) from public;

create or replace function private.refuse_ride_change(p_ride public.rides, p_user_id integer, p_change text) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  if p_ride.creator_id = p_user_id then
    return;
  end if;
  case p_change
    when 'sequence' then
      raise exception using errcode = 'PT403', message = 'Only the organizer can change the drop-off sequence',
        hint = 'sequence_organizer_only';
    when 'passenger_remove' then
      raise exception using errcode = 'PT403', message = 'Only the organizer or the passenger can remove this entry',
        hint = 'remove_passenger_forbidden';
    when 'payment_confirm' then
      raise exception using errcode = 'PT403', message = 'Only the organizer can confirm payments',
        hint = 'confirm_payment_organizer_only';
    when 'payment_remind' then
      raise exception using errcode = 'PT403', message = 'Only the organizer can remind passengers to pay',
        hint = 'remind_organizer_only';
    when 'vendor_release' then
      raise exception using errcode = 'PT403', message = 'Only the organizer or the assigned vendor can release this ride',
        hint = 'release_forbidden';
  end case;
end;
$$;

revoke all on function private.refuse_ride_change(p_ride public.rides, p_user_id integer, p_change text) from public;

create or replace function private.require_admin() returns integer
    language plpgsql stable
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
begin
  if not app.is_admin() then
    raise exception using errcode = 'PT403', message = 'Only the admin can do that', hint = 'admin_only';
  end if;
  return v_uid;
end;
$$;

create or replace function private.require_user() returns integer
    language plpgsql stable
    set search_path to ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  if v_uid is null then
    raise exception using errcode = 'PT401', message = 'You must be logged in', hint = 'login_required';
  end if;
  return v_uid;
end;
$$;

create or replace function private.rides_throttle() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := app.current_user_id();
  v_max integer;
  v_upcoming integer;
  v_retry integer;
begin
  if v_uid is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:rides:' || new.creator_id, 0));

  select max_count into v_max from private.throttle_limits where name = 'rides:upcoming';
  if found then
    select count(*), ceil(extract(epoch from min(date) - now()))::integer
      into v_upcoming, v_retry
      from public.rides
     where creator_id = new.creator_id and date > now();
    if v_upcoming >= v_max then
      -- The earliest one departs first; deleting one frees a place at once.
      v_retry := greatest(coalesce(v_retry, 3600), 1);
      raise exception using errcode = 'PT429',
        message = format('You already have %s upcoming rides, the most allowed. Please try again in %s.',
                         v_upcoming, private.wait_text(v_retry)),
        detail = v_retry::text, hint = 'too_many_upcoming_rides';
    end if;
  end if;

  perform private.take_throttle('rides:created', new.creator_id::text,
    'Too many rides created today. Please try again in %s.');
  return new;
end;
$$;

create or replace function private.take_brake(p_limit text, p_subject text, p_message text) returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_max integer;
  v_window integer;
  v_count integer;
  v_last timestamptz;
  v_spacing double precision;
  v_retry integer;
begin
  select * into v_max, v_window, v_count, v_last from private.open_throttle(p_limit, p_subject);
  if not found then
    return;
  end if;

  if v_count >= v_max then
    v_spacing := v_window::double precision / greatest(v_max, 1);
    v_retry := ceil(v_spacing - extract(epoch from now() - v_last))::integer;
    if v_retry > 0 then
      perform private.refuse_throttled(p_limit, p_message, v_retry);
    end if;
  end if;

  insert into private.throttle_events (limit_name, subject) values (p_limit, p_subject);
end;
$$;

create or replace function private.take_throttle(p_limit text, p_subject text, p_message text) returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_max integer;
  v_window integer;
  v_count integer;
  v_retry integer;
begin
  select o_max_count, o_window_seconds, o_taken into v_max, v_window, v_count
    from private.open_throttle(p_limit, p_subject);
  if not found then
    return;
  end if;

  if v_count >= v_max then
    -- The wait until enough of them age out of the window for one more.
    select ceil(extract(epoch from happened_at + make_interval(secs => v_window) - now()))::integer
      into v_retry
      from private.throttle_events
     where limit_name = p_limit and subject = p_subject
       and happened_at > now() - make_interval(secs => v_window)
     order by happened_at
    offset v_count - v_max
     limit 1;
    v_retry := greatest(coalesce(v_retry, v_window), 1);
    perform private.refuse_throttled(p_limit, p_message, v_retry);
  end if;

  insert into private.throttle_events (limit_name, subject) values (p_limit, p_subject);
end;
$$;

create or replace function private.take_throttle_room(p_limit text, p_subject text, p_wanted integer) returns integer
    language plpgsql
    set search_path to ''
as $$
declare
  v_max integer;
  v_taken integer;
  v_granted integer;
begin
  select o_max_count, o_taken into v_max, v_taken from private.open_throttle(p_limit, p_subject);
  if not found then
    return p_wanted;
  end if;
  v_granted := least(p_wanted, greatest(v_max - v_taken, 0));

  insert into private.throttle_events (limit_name, subject)
  select p_limit, p_subject from generate_series(1, v_granted);
  return v_granted;
end;
$$;

create or replace function private.check_failures(p_scope text, p_name_key text, p_client text, p_device text) returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_limit private.throttle_limits;
  v_since timestamptz;
  v_count integer;
  v_oldest timestamptz[];
  v_retry integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || key, 0))
     from unnest(array[p_name_key, 'client:' || nullif(p_client, ''), 'device:' || nullif(p_device, '')]) as key
    where key is not null
    order by key;

  for v_limit in
    select * from private.throttle_limits
     where name in (p_scope || ':pair', p_scope || ':name', p_scope || ':device', 'failures:client')
       and window_seconds is not null
     order by name
  loop
    v_since := now() - make_interval(secs => v_limit.window_seconds);
    if v_limit.name = 'failures:client' then
      continue when p_client = '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where client = p_client and failed_at > v_since;
    elsif v_limit.name like '%:pair' then
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where throttle_key = p_name_key and client = p_client and failed_at > v_since;
    elsif v_limit.name like '%:device' then
      continue when p_device = '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where device = p_device and failed_at > v_since;
    else
      continue when p_device <> '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures
       where throttle_key = p_name_key and device = '' and failed_at > v_since;
    end if;

    if v_count >= v_limit.max_count then
      v_retry := greatest(1, coalesce(ceil(extract(epoch from
        v_oldest[v_count - v_limit.max_count + 1] + make_interval(secs => v_limit.window_seconds) - now()
      ))::integer, v_limit.window_seconds));
      raise exception using errcode = 'PT429',
        message = format('Too many failed attempts. Please try again in %s.', private.wait_text(v_retry)),
        detail = v_retry::text, hint = 'too_many_failed_attempts';
    end if;
  end loop;
end;
$$;

create or replace function private.replace_member_password(p_user_id integer, p_password_hash text, p_keep_token_hash text) returns integer
    language plpgsql
    set search_path to ''
as $$
declare
  v_discord_username text;
  v_ended integer;
begin
  select discord_username into v_discord_username from public.users where id = p_user_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = format('No member with id %s', p_user_id),
      hint = 'user_not_found';
  end if;

  -- First, so that a login holding the credentials row (FOR SHARE) commits before the sessions
  -- below are ended, and the session it made ends with them.
  insert into private.credentials (user_id, password_hash, updated_at)
  values (p_user_id, p_password_hash, now())
  on conflict (user_id) do update
    set password_hash = excluded.password_hash, updated_at = excluded.updated_at;

  delete from private.sessions
   where user_id = p_user_id and token_hash is distinct from p_keep_token_hash;
  get diagnostics v_ended = row_count;

  update private.password_reset_codes set used_at = now()
   where user_id = p_user_id and used_at is null;

  delete from private.login_failures
   where throttle_key = private.member_throttle_key('login', v_discord_username);

  update public.password_reset_requests set status = 'done', resolved_at = now()
   where user_id = p_user_id and status = 'open';

  return v_ended;
end;
$$;

create or replace function private.users_names_cannot_pose() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_key text;
begin
  if tg_op = 'INSERT' or new.discord_username is distinct from old.discord_username then
    new.username_skeleton := private.name_key(new.discord_username);
    if new.id <> 1 and exists (
      select 1 from private.reserved_names r where private.name_key(r.name) = new.username_skeleton
    ) then
      raise exception using errcode = 'PT409', message = 'That Discord username is reserved. Please choose another.',
        hint = 'username_reserved';
    end if;
    -- The unique index decides under concurrency; this names the reason.
    if exists (select 1 from public.users u where u.username_skeleton = new.username_skeleton and u.id <> new.id) then
      raise exception using errcode = 'PT409',
        message = 'That Discord username looks too much like another member''s. Please choose another.',
        hint = 'username_lookalike';
    end if;
  elsif new.username_skeleton is distinct from old.username_skeleton then
    -- Only this trigger writes it.
    new.username_skeleton := old.username_skeleton;
  end if;

  if new.id <> 1 and nullif(btrim(new.name), '') is not null
     and (tg_op = 'INSERT' or new.name is distinct from old.name) then
    v_key := private.name_key(new.name);
    if exists (select 1 from private.reserved_names r where private.name_key(r.name) = v_key)
       or v_key = (select u.username_skeleton from public.users u where u.id = 1) then
      raise exception using errcode = 'PT400', message = 'That name is reserved for the app''s team. Please choose another.',
        hint = 'display_name_reserved';
    end if;
  end if;
  return new;
end;
$$;

create or replace function app.lock_ride_sequence(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.lock_ride_for_sequence(p_ride_id);
begin
  if not exists (select 1 from public.ride_passengers where ride_id = v_ride.id) then
    raise exception using errcode = 'PT409', message = 'No passengers have joined this ride yet',
      hint = 'no_passengers_yet';
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

create or replace function app.unlock_ride_sequence(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  -- The ride row stays locked (FOR UPDATE) until the end: a join waits, then sees it unlocked.
  v_ride public.rides := private.lock_drop_off_order(p_ride_id);
begin
  perform private.refuse_past_change(v_ride, 'sequence_unlock');
  if not v_ride.sequence_locked then
    raise exception using errcode = 'PT409', message = 'The drop-off sequence is not locked',
      hint = 'sequence_not_locked';
  end if;

  -- The stops in the order they had (the order the passenger list shows) become the draft.
  update public.ride_passengers p
  set dropoff_sequence = null, sort_position = o.position
  from (
    select id, row_number() over (
      order by coalesce(dropoff_sequence, sort_position, 32767), created_at, id
    ) as position
    from public.ride_passengers where ride_id = v_ride.id
  ) o
  where p.id = o.id;

  update public.rides set sequence_locked = false where id = v_ride.id;
end;
$$;

create or replace function private.lock_ride(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
as $$
declare
  v_ride public.rides;
begin
  select * into v_ride from public.rides where id = p_ride_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found', hint = 'ride_not_found';
  end if;
  return v_ride;
end;
$$;

create or replace function private.lock_ride_for_sequence(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
as $$
declare
  v_ride public.rides := private.lock_drop_off_order(p_ride_id);
begin
  perform private.refuse_past_change(v_ride, 'sequence');
  if v_ride.sequence_locked then
    raise exception using errcode = 'PT409', message = 'The drop-off sequence is locked', hint = 'sequence_locked';
  end if;
  return v_ride;
end;
$$;

create or replace function private.rides_check_return_link() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_outbound public.rides;
begin
  if tg_op = 'UPDATE' and new.return_of is not distinct from old.return_of then
    -- The return's own edit: a link that no longer holds goes.
    select * into v_outbound from public.rides where id = new.return_of;
    if found and (v_outbound.direction = new.direction or new.date <= v_outbound.date) then
      new.return_of := null;
    end if;
    return new;
  end if;

  -- Two returns of one outbound planned at once: the second waits here, then sees the first.
  select * into v_outbound from public.rides where id = new.return_of for no key update;
  if not found then
    raise exception using errcode = 'PT404', message = 'The ride to plan the return of was not found',
      hint = 'return_outbound_not_found';
  end if;
  if v_outbound.creator_id is distinct from new.creator_id then
    raise exception using errcode = 'PT403', message = 'You can only plan the return of your own ride',
      hint = 'return_own_ride_only';
  end if;
  if v_outbound.direction = new.direction then
    raise exception using errcode = 'PT400', message = 'A return trip goes the opposite way of the ride it returns from',
      hint = 'return_same_direction';
  end if;
  if new.date <= v_outbound.date then
    raise exception using errcode = 'PT400', message = 'The return trip must leave after the ride it returns from',
      hint = 'return_too_early';
  end if;
  if exists (select 1 from public.rides where return_of = new.return_of and id <> new.id) then
    raise exception using errcode = 'PT409', message = 'A return trip is already planned for this ride',
      hint = 'return_already_planned';
  end if;
  return new;
end;
$$;

create or replace function private.rides_keep_history() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.refuse_past_change(old, 'ride_delete');
    return old;
  end if;
  -- Every column but the derived ones and updated_at, so a column added later is held too.
  if (to_jsonb(old) - array['current_passengers', 'additional_stops', 'updated_at'])
     is distinct from (to_jsonb(new) - array['current_passengers', 'additional_stops', 'updated_at']) then
    perform private.refuse_past_change(old, 'ride_update');
  end if;
  return new;
end;
$$;

create or replace function app.join_ride(p_ride_id integer, p_passenger_count integer, p_dropoff_location text) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_remaining integer;
  v_passenger_id integer;
begin
  perform private.refuse_join(v_ride, v_uid);

  v_remaining := v_ride.max_passengers - v_ride.current_passengers;
  if v_remaining <= 0 then
    raise exception using errcode = 'PT409', message = 'This ride is full', hint = 'ride_full';
  end if;
  if p_passenger_count > v_remaining then
    if v_remaining = 1 then
      raise exception using errcode = 'PT409', message = 'Only 1 spot remaining', hint = 'one_spot_remaining';
    end if;
    raise exception using errcode = 'PT409', message = format('Only %s spots remaining', v_remaining),
      hint = 'spots_remaining';
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

  if p_passenger_count is null or p_passenger_count < 1 then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger', hint = 'invalid_input';
  end if;
  if v_location is null or v_location = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required', hint = 'invalid_input';
  end if;

  -- The organiser takes at least one of the ride's ten seats at most: a party of ten would wait
  -- forever.
  if p_passenger_count > 9 then
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

  perform private.take_throttle('passengers:changes', v_uid::text,
    'Too many joins and leaves. Please try again in %s.');

  insert into public.ride_waitlist (ride_id, user_id, passenger_count, dropoff_location)
  values (p_ride_id, v_uid, p_passenger_count, v_location)
  returning * into v_entry;

  return (
    select count(*)::integer from public.ride_waitlist w
     where w.ride_id = p_ride_id and (w.created_at, w.id) <= (v_entry.created_at, v_entry.id)
  );
end;
$$;

create or replace function app.leave_waitlist(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  delete from public.ride_waitlist where ride_id = v_ride.id and user_id = v_uid;
  if not found then
    raise exception using errcode = 'PT404', message = 'You are not on the waitlist for this ride',
      hint = 'not_waitlisted';
  end if;
end;
$$;

create or replace function app.move_ride_passenger(p_ride_id integer, p_passenger_id integer, p_position integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.lock_ride_for_sequence(p_ride_id);
  v_count integer;
begin
  if not exists (
    select 1 from public.ride_passengers where id = p_passenger_id and ride_id = p_ride_id
  ) then
    raise exception using errcode = 'PT404', message = 'Passenger not found on this ride', hint = 'passenger_not_found';
  end if;

  select count(*) into v_count from public.ride_passengers where ride_id = v_ride.id;
  if p_position < 1 or p_position > v_count then
    raise exception using errcode = 'PT400',
      message = format('Sequence must be between 1 and %s', v_count), hint = 'sequence_out_of_range';
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

create or replace function app.remove_ride_passenger(p_ride_id integer, p_passenger_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger public.ride_passengers;
begin
  select * into v_passenger
  from public.ride_passengers where id = p_passenger_id and ride_id = p_ride_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Passenger not found on this ride', hint = 'passenger_not_found';
  end if;

  if v_passenger.user_id <> v_uid then
    perform private.refuse_ride_change(v_ride, v_uid, 'passenger_remove');
  end if;
  -- SPEC §4: a past ride keeps its passengers, so its record and cost split stay as travelled.
  perform private.refuse_past_change(v_ride, 'passenger_delete');

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

create or replace function app.ride_waitlist(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides;
begin
  select * into v_ride from public.rides where id = p_ride_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found', hint = 'ride_not_found';
  end if;
  return (
    with queue as (
      select w.*, row_number() over (order by w.created_at, w.id) as position
        from public.ride_waitlist w
       where w.ride_id = p_ride_id
    )
    select json_build_object(
      'mine', (
        select json_build_object(
          'position', q.position,
          'passengerCount', q.passenger_count,
          'dropoffLocation', q.dropoff_location
        )
          from queue q where q.user_id = v_uid
      ),
      'entries', case when v_ride.creator_id = v_uid then coalesce((
        select json_agg(json_build_object(
          'position', q.position,
          'userId', q.user_id,
          'name', coalesce(nullif(btrim(u.name), ''), 'Member #' || u.id),
          'passengerCount', q.passenger_count
        ) order by q.position)
          from queue q join public.users u on u.id = q.user_id
      ), '[]'::json) else '[]'::json end,
      'waiting', (select count(*) from queue)
    )
  );
end;
$$;

create or replace function private.refuse_join(p_ride public.rides, p_user_id integer) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  perform private.refuse_past_change(p_ride, 'join');
  if p_ride.status = 'completed' then
    raise exception using errcode = 'PT409', message = 'This ride is completed', hint = 'ride_completed';
  end if;
  if p_ride.creator_id = p_user_id then
    raise exception using errcode = 'PT409', message = 'You cannot join your own ride', hint = 'own_ride';
  end if;
  if p_ride.vendor_id = p_user_id then
    raise exception using errcode = 'PT409', message = 'You are the driver of this ride', hint = 'own_ride_driver';
  end if;
  if exists (
    select 1 from public.ride_passengers where ride_id = p_ride.id and user_id = p_user_id
  ) then
    raise exception using errcode = 'PT409', message = 'You have already joined this ride', hint = 'already_joined';
  end if;
end;
$$;

create or replace function private.ride_passengers_keep_history() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides;
begin
  if tg_op = 'UPDATE'
     and (to_jsonb(old) - array['payment_status', 'claimed_at', 'paid_at'])
         is not distinct from (to_jsonb(new) - array['payment_status', 'claimed_at', 'paid_at']) then
    return new;
  end if;
  -- The earlier of the rides the entry leaves and joins: past if either is.
  select r.* into v_ride
    from public.rides r
   where r.id in (
     case when tg_op <> 'INSERT' then old.ride_id end,
     case when tg_op <> 'DELETE' then new.ride_id end
   )
   order by r.date
   limit 1;
  if found then
    perform private.refuse_past_change(v_ride, case tg_op
      when 'INSERT' then 'passenger_insert'
      when 'DELETE' then 'passenger_delete'
      else 'passenger_update'
    end);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

create or replace function app.claim_payment(p_ride_id integer, p_claimed boolean default true) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_entry public.ride_passengers;
begin
  select * into v_entry
    from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid
     for update;
  if not found then
    if v_ride.creator_id = v_uid then
      raise exception using errcode = 'PT409', message = 'You organize this ride: your passengers pay you',
        hint = 'organizer_does_not_pay';
    end if;
    raise exception using errcode = 'PT403', message = 'Only the passengers of this ride pay for it',
      hint = 'passengers_only_pay';
  end if;

  if v_entry.payment_status = 'paid' then
    if p_claimed then
      return;
    end if;
    raise exception using errcode = 'PT409',
      message = 'The organizer has confirmed your payment: ask them if it needs changing', hint = 'payment_confirmed';
  end if;

  if p_claimed and v_entry.payment_status = 'unpaid' then
    update public.ride_passengers set payment_status = 'claimed', claimed_at = now() where id = v_entry.id;
  elsif not p_claimed and v_entry.payment_status = 'claimed' then
    update public.ride_passengers set payment_status = 'unpaid', claimed_at = null where id = v_entry.id;
  end if;
end;
$$;

create or replace function app.confirm_payment(p_ride_id integer, p_passenger_id integer, p_paid boolean) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_entry public.ride_passengers;
begin
  perform private.refuse_ride_change(v_ride, v_uid, 'payment_confirm');
  select * into v_entry
    from public.ride_passengers where id = p_passenger_id and ride_id = p_ride_id
     for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Passenger not found on this ride', hint = 'passenger_not_found';
  end if;

  if p_paid then
    if v_entry.payment_status <> 'paid' then
      update public.ride_passengers set payment_status = 'paid', paid_at = now() where id = v_entry.id;
    end if;
  elsif v_entry.payment_status <> 'unpaid' then
    update public.ride_passengers
       set payment_status = 'unpaid', claimed_at = null, paid_at = null
     where id = v_entry.id;
  end if;
end;
$$;

create or replace function app.remind_unpaid(p_ride_id integer, p_amounts jsonb) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_name text;
  v_count integer := 0;
  v_entry record;
begin
  perform private.refuse_ride_change(v_ride, v_uid, 'payment_remind');
  if not exists (
    select 1 from public.ride_passengers where ride_id = p_ride_id and payment_status <> 'paid'
  ) then
    return 0;
  end if;

  perform private.take_throttle('payments:remind', p_ride_id::text,
    'You already reminded your passengers to pay. Please try again in %s.');

  select coalesce(u.name, u.discord_username) into v_name from public.users u where u.id = v_ride.creator_id;
  for v_entry in
    select id, user_id, payment_status from public.ride_passengers
     where ride_id = p_ride_id and payment_status <> 'paid'
     order by id
  loop
    perform private.notify(v_entry.user_id, p_ride_id, 'payment_reminder', jsonb_build_object(
      'direction', v_ride.direction,
      'date', to_char(v_ride.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'name', v_name,
      'amount', case when jsonb_typeof(p_amounts -> v_entry.id::text) = 'number'
                     then p_amounts -> v_entry.id::text end,
      'currency', 'SGD',
      'status', v_entry.payment_status
    ));
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

create or replace function app.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_kinds text[]) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_caller integer := private.require_user();
begin
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, kinds)
  values (v_caller, p_endpoint, p_p256dh, p_auth, coalesce(p_kinds, '{}'))
  on conflict (endpoint) do update
    set user_id = excluded.user_id,
        p256dh = excluded.p256dh,
        auth = excluded.auth,
        kinds = excluded.kinds,
        saved_at = now();
end;
$$;

create or replace function app.assign_ride(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_status text;
  v_ride public.rides;
  v_upcoming integer;
begin
  if not exists (select 1 from public.users where id = v_uid and is_vendor) then
    raise exception using errcode = 'PT403', message = 'Only vendors can assign rides', hint = 'vendors_only_assign';
  end if;
  select status into v_status from public.vendor_applications where user_id = v_uid for update;
  if v_status is distinct from 'approved' then
    if v_status = 'revoked' then
      raise exception using errcode = 'PT403',
        message = 'Your vendor account is no longer approved by the admin, so it cannot take rides',
        hint = 'vendor_revoked';
    end if;
    raise exception using errcode = 'PT403', message = 'Your vendor account is waiting for the admin''s approval',
      hint = 'vendor_pending';
  end if;

  v_ride := private.lock_ride(p_ride_id);
  if v_ride.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'This ride has already been assigned', hint = 'already_assigned';
  end if;
  perform private.refuse_past_change(v_ride, 'vendor_assign');
  if exists (select 1 from public.ride_passengers where ride_id = v_ride.id and user_id = v_uid) then
    raise exception using errcode = 'PT409',
      message = 'You are a passenger on this ride: leave it before you take it as its driver',
      hint = 'passenger_cannot_drive';
  end if;

  select count(*) into v_upcoming from public.rides
   where vendor_id = v_uid and status = 'assigned' and date > now();
  if v_upcoming >= 10 then
    raise exception using errcode = 'PT409',
      message = 'You already have 10 upcoming assigned rides, the most a vendor can hold at once. Release one or wait until one has departed',
      hint = 'vendor_assignment_limit';
  end if;

  update public.rides set status = 'assigned', vendor_id = v_uid where id = v_ride.id;
end;
$$;

create or replace function app.release_ride(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.vendor_id is distinct from v_uid then
    perform private.refuse_ride_change(v_ride, v_uid, 'vendor_release');
  end if;
  if v_ride.status <> 'assigned' then
    raise exception using errcode = 'PT409', message = 'This ride has no vendor to release',
      hint = 'no_vendor_to_release';
  end if;
  perform private.refuse_past_change(v_ride, 'vendor_release');
  update public.rides set status = 'open', vendor_id = null where id = v_ride.id;
end;
$$;

create or replace function app.ride_vendor(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides;
begin
  select * into v_ride from public.rides where id = p_ride_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found', hint = 'ride_not_found';
  end if;
  if v_ride.creator_id <> v_uid and v_ride.vendor_id is distinct from v_uid and not exists (
    select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer, the passengers and the vendor of this ride can see its vendor',
      hint = 'vendor_details_private';
  end if;
  if v_ride.vendor_id is null then
    return null;
  end if;
  return (
    select json_build_object(
      'id', u.id,
      'companyName', u.company_name,
      'driverName', u.driver_details ->> 'name',
      'driverContact', u.driver_details ->> 'contact',
      'carNumber', u.driver_details ->> 'carNumber',
      'discordUsername', u.discord_username,
      'whatsappNumber', u.whatsapp_number,
      'malaysianNumber', u.malaysian_number
    )
      from public.users u where u.id = v_ride.vendor_id
  );
end;
$$;

create or replace function private.decide_vendor(p_user_id integer, p_approve boolean, p_licence_note text, p_decided_by integer) returns integer
    language plpgsql
    set search_path to ''
as $$
declare
  v_user public.users;
  v_status text;
  v_note text := nullif(btrim(p_licence_note), '');
  v_released integer := 0;
begin
  select * into v_user from public.users where id = p_user_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
  end if;
  if not v_user.is_vendor then
    raise exception using errcode = 'PT409',
      message = format('%s is not a vendor account', v_user.discord_username), hint = 'not_a_vendor';
  end if;

  -- Locked: an assign by this vendor waits for the decision, then sees it.
  select status into v_status from public.vendor_applications where user_id = p_user_id for update;
  if not found then
    insert into public.vendor_applications (user_id) values (p_user_id);
    v_status := 'pending';
  end if;

  if p_approve then
    if v_note is null then
      raise exception using errcode = 'PT400',
        message = 'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)',
        hint = 'invalid_input';
    end if;
    if char_length(v_note) > 500 then
      raise exception using errcode = 'PT400', message = 'Licence note must be at most 500 characters',
        hint = 'invalid_input';
    end if;
    if v_status = 'approved' then
      raise exception using errcode = 'PT409',
        message = format('%s is already an approved vendor', v_user.discord_username), hint = 'already_approved';
    end if;
    update public.vendor_applications
       set status = 'approved', licence_note = v_note, decided_at = now(), decided_by = p_decided_by
     where user_id = p_user_id;
  else
    if v_status = 'revoked' then
      raise exception using errcode = 'PT409',
        message = format('%s is already revoked', v_user.discord_username), hint = 'already_revoked';
    end if;
    update public.vendor_applications
       set status = 'revoked', decided_at = now(), decided_by = p_decided_by
     where user_id = p_user_id;
    update public.rides
       set status = 'open', vendor_id = null
     where vendor_id = p_user_id and status = 'assigned' and date > now();
    get diagnostics v_released = row_count;
  end if;
  return v_released;
end;
$$;

create or replace function admin.find_member(p_discord_username text) returns public.users
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_user public.users;
begin
  select * into v_user from public.users
   where lower(discord_username) = lower(btrim(p_discord_username));
  if not found then
    raise exception using errcode = 'no_data_found',
      message = format('No member with Discord username %L', p_discord_username), hint = 'user_not_found';
  end if;
  return v_user;
end;
$$;

create or replace function admin.mark_vendor(p_discord_username text, p_company_name text, p_driver_name text, p_driver_contact text, p_car_number text) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
begin
  if nullif(btrim(p_company_name), '') is null or nullif(btrim(p_driver_name), '') is null
     or nullif(btrim(p_driver_contact), '') is null or nullif(btrim(p_car_number), '') is null then
    raise exception using errcode = 'check_violation',
      message = 'Company name, driver name, driver contact and car number are all required', hint = 'invalid_value';
  end if;

  update public.users
     set is_vendor = true,
         company_name = btrim(p_company_name),
         driver_details = jsonb_build_object(
           'name', btrim(p_driver_name),
           'contact', btrim(p_driver_contact),
           'carNumber', btrim(p_car_number)
         )
   where id = v_user.id;
  return v_user.id;
end;
$$;

create or replace function admin.reset_member_password(p_discord_username text, p_new_password text) returns text
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
  v_ended integer;
begin
  if p_new_password is null or char_length(p_new_password) < 8 then
    raise exception using errcode = 'check_violation',
      message = 'The new password must be at least 8 characters long', hint = 'invalid_value';
  end if;
  -- bcrypt reads only the first 72 bytes; the app refuses longer passwords, and so do we.
  if octet_length(p_new_password) > 72 then
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
